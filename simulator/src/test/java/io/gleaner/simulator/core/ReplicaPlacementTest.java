package io.gleaner.simulator.core;

import static io.gleaner.simulator.core.SimulatorFixtures.nodes;
import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.planner.core.Chunk;
import io.gleaner.planner.core.ChunkLayout;
import io.gleaner.planner.core.InputPlacement;
import io.gleaner.planner.core.PolicyName;
import java.time.Instant;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class ReplicaPlacementTest {

    private static final ClusterSpec SIX = nodes(6);

    @Test
    void chunkHasThreeReplicasOnConsecutiveDistinctNodes() {
        var placement = new ReplicaPlacement(SIX, Simulation.generator(7));

        var replicas = placement.replicas("ds", 0);

        assertThat(replicas).hasSize(3).doesNotHaveDuplicates();
        int first = SIX.nodes().stream().map(NodeSpec::nodeId).toList().indexOf(replicas.get(0));
        assertThat(replicas).containsExactly(id(first), id(first + 1), id(first + 2));
    }

    @Test
    void nextChunkStartsOneNodeLater() {
        var placement = new ReplicaPlacement(SIX, Simulation.generator(7));
        int first = indexOf(placement.replicas("ds", 0).get(0));

        assertThat(placement.replicas("ds", 1).get(0)).isEqualTo(id(first + 1));
        assertThat(placement.replicas("ds", 6)).isEqualTo(placement.replicas("ds", 0));
    }

    @Test
    void clusterOfTwoNodesHoldsTwoReplicas() {
        var placement = new ReplicaPlacement(nodes(2), Simulation.generator(7));

        assertThat(placement.replicas("ds", 5)).containsExactlyInAnyOrder("n1", "n2");
    }

    @Test
    void oneReplicaPutsEachChunkOnOneNodeTheNextChunkOnTheNext() {
        var placement = new ReplicaPlacement(SIX, Simulation.generator(7), 1);

        var first = placement.replicas("ds", 0);
        assertThat(first).hasSize(1);
        assertThat(placement.replicas("ds", 1)).hasSize(1).doesNotContainAnyElementsOf(first);
    }

    @Test
    void isLocalOnlyOnReplicaNodes() {
        var placement = new ReplicaPlacement(SIX, Simulation.generator(7));
        var replicas = placement.replicas("ds", 3);

        for (var node : SIX.nodes()) {
            assertThat(placement.isLocal("ds", 3, node.nodeId())).isEqualTo(replicas.contains(node.nodeId()));
        }
        assertThat(SIX.nodes().stream().filter(n -> placement.isLocal("ds", 3, n.nodeId()))).hasSize(3);
    }

    @Test
    void thePlannersDataPlacementReplacesTheDrawnLayoutUntilAChunkIsCopied() {
        var placement = new ReplicaPlacement(SIX, Simulation.generator(7));
        placement.layout("ds");
        var placed = new ChunkLayout(List.of("n5", "n6", "n5", "n2"), 0, 2);

        assertThat(placement.place(new InputPlacement("j", "ds", placed, Instant.EPOCH, PolicyName.CUCKOO))).isEmpty();
        assertThat(placement.replicas("ds", 1)).containsExactly("n6", "n5");
        assertThat(placement.isLocal("ds", 3, "n2")).isTrue();

        placement.copied(new Chunk("ds", 0), "n1");
        var again = new ChunkLayout(List.of("n1", "n2"), 0, 1);
        assertThat(placement.place(new InputPlacement("j", "ds", again, Instant.EPOCH, PolicyName.CUCKOO)))
                .contains("dataset ds has chunks copied already; its layout stays");
        assertThat(placement.place(new InputPlacement("k", "other", again, Instant.EPOCH, PolicyName.COSHH)))
                .contains("dataset other of job k was never submitted");
        placement.layout("third");
        assertThat(placement.place(new InputPlacement("t", "third", new ChunkLayout(List.of("n1", "n9"), 0, 1),
                Instant.EPOCH, PolicyName.COSHH))).contains("dataset third placed on unknown node n9");
        assertThat(placement.replicas("ds", 1)).containsExactly("n6", "n5");
    }

    @Test
    void sameSeedGivesTheSameLayout() {
        assertThat(layout(11)).isEqualTo(layout(11));
    }

    @Test
    void differentSeedGivesADifferentLayout() {
        // Twenty datasets: two seeds agree on all twenty starts with probability 6^-20 if the draws are uniform.
        assertThat(layout(1)).isNotEqualTo(layout(2));
    }

    private static List<List<String>> layout(long seed) {
        var placement = new ReplicaPlacement(SIX, Simulation.generator(seed));
        return IntStream.range(0, 20).mapToObj(d -> placement.replicas("ds-" + d, 0)).toList();
    }

    private static String id(int index) {
        return SIX.nodes().get(index % SIX.nodes().size()).nodeId();
    }

    private static int indexOf(String nodeId) {
        return SIX.nodes().stream().map(NodeSpec::nodeId).toList().indexOf(nodeId);
    }

    @Test
    void movedChunkIsLocalOnItsNewNodeToo() {
        var cluster = nodes(5);
        var placement = new ReplicaPlacement(cluster, Simulation.generator(1));
        var before = placement.replicas("ds", 7);
        var target = List.of("n1", "n2", "n3", "n4", "n5").stream().filter(n -> !before.contains(n)).findFirst()
                .orElseThrow();

        placement.copied(new Chunk("ds", 7), target);

        assertThat(placement.isLocal("ds", 7, target)).isTrue();
        assertThat(placement.replicas("ds", 7)).startsWith(before.toArray(String[]::new)).endsWith(target);
        assertThat(placement.isLocal("ds", 8, target)).as("only the chunk moved").isEqualTo(
                placement.layout("ds").isLocal(8, target));
    }
}
