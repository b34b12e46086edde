package io.gleaner.simulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gleaner.simulator.core.ClusterSpec;
import io.gleaner.simulator.core.NodeSpec;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClusterPresetsTest {

    private static final long GIB = 1L << 30;

    @Test
    void defaultPresetKeepsTheSlotsAndTheFastAndSlowNodesOfCoshhTable3() {
        var cluster = ClusterPresets.preset(ClusterPresets.DEFAULT);

        assertThat(cluster.nodes()).extracting(NodeSpec::slots).containsExactly(2, 16, 16, 2, 16, 2);
        // 500 MHz rows (R_2, R_3, R_5) are the fast ones, 5 MHz rows the slow ones.
        assertThat(cluster.nodes()).extracting(NodeSpec::speedGflops).containsExactly(2.0, 8.0, 8.0, 2.0, 8.0, 2.0);
        // 4 TB rows (R_1, R_3, R_4) get 64 GiB, 400 KB rows 24 GiB.
        assertThat(cluster.nodes()).extracting(NodeSpec::memoryBytes)
                .containsExactly(64 * GIB, 24 * GIB, 64 * GIB, 64 * GIB, 24 * GIB, 24 * GIB);
        assertThat(cluster.nodes()).allSatisfy(n -> assertThat(n.cpus()).isEqualTo(n.slots()));
        assertThat(cluster.linkBitsPerSecond()).isEqualTo(100_000_000L);
        assertThat(cluster.linkLatency()).isEqualTo(Duration.ofNanos(10_000));
    }

    @Test
    void omittedLinkAndRackTakeTheDefaults() {
        var cluster = ClusterPresets.parse(new StringReader("""
                name: tiny
                nodes:
                  - {id: a, slots: 3, speedGflops: 1.5, memoryGiB: 2}
                """), "inline");

        assertThat(cluster.linkBitsPerSecond()).isEqualTo(ClusterSpec.DEFAULT_LINK_BITS_PER_SECOND);
        assertThat(cluster.linkLatency()).isEqualTo(ClusterSpec.DEFAULT_LINK_LATENCY);
        assertThat(cluster.nodes()).containsExactly(new NodeSpec("a", "default-rack", 3, 1.5, 2 * GIB, 3,
                List.of()));
    }

    @Test
    void unknownKeyIsAnError() {
        assertThatThrownBy(() -> ClusterPresets.parse(new StringReader("""
                nodes:
                  - {id: a, slots: 3, speedGflop: 1.5, memoryGiB: 2}
                """), "inline"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("bad cluster preset inline")
                .hasMessageContaining("speedGflop");
    }

    @Test
    void nodeWithoutSpeedIsAnError() {
        assertThatThrownBy(() -> ClusterPresets.parse(new StringReader("""
                nodes:
                  - {id: a, slots: 3, memoryGiB: 2}
                """), "inline"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("node a needs id, slots, speedGflops and memoryGiB");
    }

    @Test
    void resolveReadsAYamlFileWhenNoPresetHasTheName(@TempDir Path dir) throws Exception {
        var file = dir.resolve("mine.yaml");
        Files.writeString(file, """
                name: mine
                link: {bandwidthMbps: 50, latencyMicros: 10}
                nodes:
                  - {id: x, rack: r9, slots: 4, cpus: 8, speedGflops: 3, memoryGiB: 16, labels: [gpu=a100]}
                """);

        var cluster = ClusterPresets.resolve(file.toString());

        assertThat(cluster.name()).isEqualTo("mine");
        assertThat(cluster.linkBitsPerSecond()).isEqualTo(50_000_000L);
        assertThat(cluster.nodes()).containsExactly(new NodeSpec("x", "r9", 8, 3.0, 16 * GIB, 4,
                List.of("gpu=a100")));
    }

    @Test
    void unknownPresetNameIsAnError() {
        assertThatThrownBy(() -> ClusterPresets.resolve("no-such-preset"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'no-such-preset' is neither a cluster preset")
                .hasMessageContaining("coshh-table3, coshh-table10, coshh-table10-<6..102>, pc1, pc2, university");
    }

    @Test
    void unknownPresetNameListsEveryPresetWhenAskedByName() {
        assertThatThrownBy(() -> ClusterPresets.preset("pc3"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unknown cluster preset 'pc3'; expected one of coshh-table3, coshh-table10,"
                        + " coshh-table10-<6..102>, pc1, pc2, university");
    }

    @Test
    void namesListTheShippedPresetsAndTheScaledFamily() {
        assertThat(ClusterPresets.names()).containsExactly("coshh-table3", "coshh-table10", "coshh-table10-<6..102>",
                "pc1", "pc2", "university");
    }

    @Test
    void everyConcreteNameLoads() {
        var concrete = ClusterPresets.names().stream().filter(n -> !n.contains("<")).toList();

        assertThat(concrete).allSatisfy(name -> assertThat(ClusterPresets.resolve(name).name()).isEqualTo(name));
    }

    @Test
    void aFileWithTwoWaysToGiveNodesIsAnError() {
        assertThatThrownBy(() -> ClusterPresets.parse(new StringReader("""
                nodes:
                  - {id: a, slots: 3, speedGflops: 1.5, memoryGiB: 2}
                dataCenter: {hosts: 2, configurations: 2, totalGflops: 10, totalRamTB: 1, slotsPerHost: 2,
                             sizeSpread: 2}
                """), "inline"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("give exactly one of nodes, dataCenter and roundRobin");
    }
}
