package io.gleaner.simulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gleaner.simulator.core.NodeSpec;
import java.io.StringReader;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** COSHH Table 10 scaled out one node of each type in turn (section 6.2.2): coshh-table10 and coshh-table10-N. */
class CoshhTable10PresetTest {

    private static final long GIB = 1L << 30;

    @Test
    void shouldHaveSeventeenNodesOfEachTypeAt102() {
        var cluster = ClusterPresets.preset("coshh-table10");

        assertThat(cluster.name()).isEqualTo("coshh-table10");
        assertThat(cluster.nodes()).hasSize(102);
        var perType = cluster.nodes().stream().collect(Collectors.groupingBy(n -> n.labels().get(0),
                Collectors.counting()));
        assertThat(perType).containsOnlyKeys("coshh=R_1", "coshh=R_2", "coshh=R_3", "coshh=R_4", "coshh=R_5",
                "coshh=R_6").allSatisfy((type, count) -> assertThat(count).isEqualTo(17L));
        assertThat(cluster.linkBitsPerSecond()).isEqualTo(100_000_000L);
    }

    @Test
    void shouldMapTheSixTypesAsTable3IsMapped() {
        var six = ClusterPresets.preset("coshh-table10-6").nodes();

        // Table 10: 2 slots everywhere; 500 GHz rows (R_2, R_3, R_5) fast, 5 MHz rows slow; 4 TB rows (R_1, R_3, R_4)
        // large memory, 400 KB rows small: the same 8 / 2 GFLOP/s and 64 / 24 GiB as coshh-table3.
        assertThat(six).extracting(NodeSpec::nodeId).containsExactly("r1-1", "r2-1", "r3-1", "r4-1", "r5-1", "r6-1");
        assertThat(six).extracting(NodeSpec::slots).containsOnly(2);
        assertThat(six).extracting(NodeSpec::cpus).containsOnly(2);
        assertThat(six).extracting(NodeSpec::speedGflops).containsExactly(2.0, 8.0, 8.0, 2.0, 8.0, 2.0);
        assertThat(six).extracting(NodeSpec::memoryBytes)
                .containsExactly(64 * GIB, 24 * GIB, 64 * GIB, 64 * GIB, 24 * GIB, 24 * GIB);
    }

    @Test
    void shouldAddOneNodeOfEachTypeInTurn() {
        var eight = ClusterPresets.preset("coshh-table10-8");

        assertThat(eight.name()).isEqualTo("coshh-table10-8");
        assertThat(eight.nodes()).extracting(NodeSpec::nodeId)
                .containsExactly("r1-1", "r2-1", "r3-1", "r4-1", "r5-1", "r6-1", "r1-2", "r2-2");
        assertThat(eight.nodes().get(6).labels()).containsExactly("coshh=R_1");
    }

    @Test
    void firstNNodesAreThePrefixOfTheFullCluster() {
        var full = ClusterPresets.preset("coshh-table10").nodes();

        for (int n : List.of(6, 7, 57, 101, 102)) {
            assertThat(ClusterPresets.preset("coshh-table10-" + n).nodes()).isEqualTo(full.subList(0, n));
        }
    }

    @Test
    void shouldFillRacksOfSeventeenInTheOrderNodesAreAdded() {
        var nodes = ClusterPresets.preset("coshh-table10").nodes();

        var perRack = nodes.stream().collect(Collectors.groupingBy(NodeSpec::rack, Collectors.counting()));
        assertThat(perRack).containsOnlyKeys("rack-1", "rack-2", "rack-3", "rack-4", "rack-5", "rack-6")
                .allSatisfy((rack, count) -> assertThat(count).isEqualTo(17L));
        assertThat(nodes.get(16).rack()).isEqualTo("rack-1");
        assertThat(nodes.get(17).rack()).isEqualTo("rack-2");
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 5, 103, 1000})
    void sizeOutsideSixTo102IsAnError(int n) {
        assertThatThrownBy(() -> ClusterPresets.preset("coshh-table10-" + n))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("cluster preset 'coshh-table10-" + n + "' asks for " + n
                        + " nodes; coshh-table10-<N> takes N in 6..102");
    }

    @Test
    void resolveKnowsTheSizedName() {
        assertThat(ClusterPresets.resolve("coshh-table10-50").nodes()).hasSize(50);
    }

    @Test
    void aPresetThatIsNotRoundRobinTakesNoSize() {
        assertThatThrownBy(() -> ClusterPresets.preset("coshh-table3-6"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unknown cluster preset 'coshh-table3-6'");
    }

    @Test
    void parsedRoundRobinFileWithoutRacksKeepsEachTypesRack() {
        var cluster = ClusterPresets.parse(new StringReader("""
                name: mini
                roundRobin:
                  minNodes: 1
                  maxNodes: 3
                  types:
                    - {id: a, rack: r1, slots: 1, speedGflops: 1, memoryGiB: 1}
                    - {id: b, slots: 2, speedGflops: 2, memoryGiB: 2}
                """), "inline");

        assertThat(cluster.name()).isEqualTo("mini");
        assertThat(cluster.nodes()).extracting(NodeSpec::nodeId).containsExactly("a-1", "b-1", "a-2");
        assertThat(cluster.nodes()).extracting(NodeSpec::rack).containsExactly("r1", "default-rack", "r1");
    }
}
