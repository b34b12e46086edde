package io.gleaner.planner.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class DataPlacementsTest {

    private static final List<String> FIVE = List.of("n1", "n2", "n3", "n4", "n5");

    @Test
    void weightedRoundRobinGivesEachNodeReplicasInProportionToItsWeight() {
        double[] weights = {4, 2, 1, 1, 2};

        var layout = DataPlacements.weightedRoundRobin(FIVE, weights, 2, "ds").orElseThrow();

        var share = replicaShares(layout, 10_000);
        for (int k = 0; k < FIVE.size(); k++) {
            assertThat(share.get(FIVE.get(k))).as(FIVE.get(k)).isCloseTo(weights[k] / 10, within(0.02));
        }
    }

    @Test
    void aNodeHoldsAtMostOneReplicaOfAChunkWhateverItsWeight() {
        // n1 would take 90% of the replicas; with three per chunk it can hold one of each, a third of them
        double[] weights = {90, 4, 3, 2, 1};

        var layout = DataPlacements.weightedRoundRobin(FIVE, weights, 3, "ds").orElseThrow();

        for (long chunk = 0; chunk < 200; chunk++) {
            assertThat(layout.replicas(chunk)).doesNotHaveDuplicates();
        }
        // every third position but where the sequence wraps around: 16 of its 50
        assertThat(replicaShares(layout, 3_000).get("n1")).isCloseTo(1.0 / 3, within(0.02))
                .isLessThanOrEqualTo(1.0 / 3);
    }

    @Test
    void withoutAPositiveWeightEveryNodeGetsTheSameShare() {
        var layout = DataPlacements.weightedRoundRobin(FIVE, new double[5], 3, "ds").orElseThrow();

        replicaShares(layout, 5_000).values().forEach(share -> assertThat(share).isCloseTo(0.2, within(1e-9)));
    }

    @Test
    void eachDatasetStartsAtItsOwnPositionAndTheSameOneEveryTime() {
        double[] weights = {1, 1, 1, 1, 1};
        var starts = new ArrayList<Integer>();
        for (int d = 0; d < 20; d++) {
            var layout = DataPlacements.weightedRoundRobin(FIVE, weights, 3, "job-" + d + "/input").orElseThrow();
            assertThat(DataPlacements.weightedRoundRobin(FIVE, weights, 3, "job-" + d + "/input"))
                    .contains(layout);
            starts.add(layout.start());
        }
        assertThat(starts.stream().distinct().count()).as("starts %s", starts).isGreaterThan(10);
    }

    @Test
    void weightedRoundRobinLaysOutRandomWeightsOnThreeNodesOrMore() {
        var random = new Random(2020L);
        for (int trial = 0; trial < 200; trial++) {
            int n = 3 + random.nextInt(30);
            var nodes = new ArrayList<String>();
            double[] weights = new double[n];
            for (int k = 0; k < n; k++) {
                nodes.add("node-" + k);
                weights[k] = random.nextInt(4) == 0 ? 0 : random.nextDouble() * 100;
            }
            // the constructor checks every window of three positions names distinct nodes
            var layout = DataPlacements.weightedRoundRobin(nodes, weights, 3, "ds-" + trial);
            assertThat(layout).as("%d nodes, trial %d", n, trial).isPresent();
            assertThat(layout.get().nodes()).hasSize(DataPlacements.POSITIONS_PER_NODE * n);
        }
    }

    @Test
    void weightedRoundRobinRefusesBadWeights() {
        assertThatThrownBy(() -> DataPlacements.weightedRoundRobin(FIVE, new double[] {1, 1}, 3, "ds"))
                .hasMessage("5 nodes but 2 weights");
        assertThatThrownBy(() -> DataPlacements.weightedRoundRobin(FIVE, new double[] {1, -1, 1, 1, 1}, 3, "ds"))
                .hasMessage("weights must be finite and >= 0, was -1.0");
        assertThatThrownBy(() -> DataPlacements.weightedRoundRobin(FIVE, new double[5], 6, "ds"))
                .hasMessage("replication must be in 1..5, was 6");
    }

    @Test
    void coshhSpreadsTheChunksOverTheSuggestedNodesOnly() {
        var suggested = List.of("n2", "n4", "n5", "n7");

        var layout = DataPlacements.overSuggested(suggested, List.of("n1", "n3", "n6"), 3, "ds", 7).orElseThrow();

        assertThat(layout.nodes()).containsExactlyInAnyOrderElementsOf(suggested);
        assertThat(layout.replication()).isEqualTo(3);
        for (long chunk = 0; chunk < 8; chunk++) {
            assertThat(suggested).containsAll(layout.replicas(chunk));
        }
    }

    @Test
    void coshhMakesUpThreeReplicasFromOtherNodesWhenFewerAreSuggested() {
        var layout = DataPlacements.overSuggested(List.of("n2"), List.of("n1", "n3", "n4"), 3, "ds", 7).orElseThrow();

        assertThat(layout.nodes()).hasSize(3).startsWith("n2");
        assertThat(layout.replicas(0)).hasSize(3).doesNotHaveDuplicates();
    }

    @Test
    void coshhDrawsTheOrderFromTheSeedAndTheDatasetAndLeavesTheInputWithoutSuggestions() {
        var suggested = List.of("n1", "n2", "n3", "n4", "n5", "n6");
        var orders = new HashMap<Long, List<String>>();
        for (long seed = 0; seed < 8; seed++) {
            var layout = DataPlacements.overSuggested(suggested, List.of(), 3, "ds", seed).orElseThrow();
            assertThat(DataPlacements.overSuggested(suggested, List.of(), 3, "ds", seed)).contains(layout);
            orders.put(seed, layout.nodes());
        }
        assertThat(orders.values().stream().distinct().count()).isGreaterThan(1);
        assertThat(DataPlacements.overSuggested(List.of(), List.of("n1", "n2", "n3"), 3, "ds", 0)).isEmpty();
    }

    /** Each node's share of the replicas of chunks 0 .. chunks-1. */
    private static Map<String, Double> replicaShares(ChunkLayout layout, int chunks) {
        var counts = new HashMap<String, Double>();
        for (long chunk = 0; chunk < chunks; chunk++) {
            layout.replicas(chunk).forEach(node -> counts.merge(node, 1.0, Double::sum));
        }
        double total = (double) chunks * layout.replication();
        counts.replaceAll((node, count) -> count / total);
        return counts;
    }
}
