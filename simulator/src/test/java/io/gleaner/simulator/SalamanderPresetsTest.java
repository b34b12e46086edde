package io.gleaner.simulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.gleaner.simulator.core.NodeSpec;
import java.io.StringReader;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The Salamander data centers of Table II (pc1, pc2, university) and the data-center rule that splits them. */
class SalamanderPresetsTest {

    /** Salamander Table II (hosts, GFLOP/s, RAM in TB) and section IV-A (distinct configurations). */
    static Stream<Arguments> tableII() {
        return Stream.of(
                Arguments.of(Named.of("PC-1", "pc1"), 9, 2208.0, 1_200_000_000_000L, 6),
                Arguments.of(Named.of("PC-2", "pc2"), 27, 3552.0, 3_800_000_000_000L, 13),
                Arguments.of(Named.of("University", "university"), 6, 1363.0, 1_500_000_000_000L, 6));
    }

    @ParameterizedTest
    @MethodSource("tableII")
    void shouldHaveTheHostsAndTotalsOfTableII(String preset, int hosts, double gflops, long ramBytes,
                                              int configurations) {
        var cluster = ClusterPresets.preset(preset);

        assertThat(cluster.name()).isEqualTo(preset);
        assertThat(cluster.nodes()).hasSize(hosts);
        assertThat(cluster.nodes().stream().mapToDouble(n -> n.cpus() * n.speedGflops()).sum())
                .isCloseTo(gflops, within(1e-9));
        assertThat(cluster.nodes().stream().mapToLong(NodeSpec::memoryBytes).sum()).isEqualTo(ramBytes);
        var distinct = cluster.nodes().stream().map(n -> List.of(n.cpus(), n.speedGflops(), n.memoryBytes()))
                .collect(Collectors.toSet());
        assertThat(distinct).hasSize(configurations);
    }

    @ParameterizedTest
    @MethodSource("tableII")
    void shouldRunTwentySlotsPerTaskTrackerOnFiftyMbpsLinks(String preset, int hosts, double gflops, long ramBytes,
                                                           int configurations) {
        var cluster = ClusterPresets.preset(preset);

        // Section IV-A: 20 slots per TaskTracker; dedicated links of 50 Mbps and 10 us.
        assertThat(cluster.nodes()).allSatisfy(n -> {
            assertThat(n.slots()).isEqualTo(20);
            assertThat(n.cpus()).isEqualTo(20);
        });
        assertThat(cluster.linkBitsPerSecond()).isEqualTo(50_000_000L);
        assertThat(cluster.linkLatency()).isEqualTo(Duration.ofNanos(10_000));
    }

    @ParameterizedTest
    @MethodSource("tableII")
    void shouldSpreadHostSizesFourfold(String preset, int hosts, double gflops, long ramBytes, int configurations) {
        var nodes = ClusterPresets.preset(preset).nodes();

        // sizeSpread 4: the largest host has 4 times the GFLOP/s and RAM of the smallest, up to the leftover the
        // largest takes (under a byte per host of RAM, double rounding of GFLOP/s).
        var smallest = nodes.stream().min(Comparator.comparingDouble(NodeSpec::speedGflops)).orElseThrow();
        var largest = nodes.stream().max(Comparator.comparingDouble(NodeSpec::speedGflops)).orElseThrow();
        assertThat(largest.speedGflops() / smallest.speedGflops()).isCloseTo(4.0, within(1e-9));
        assertThat((double) largest.memoryBytes() / smallest.memoryBytes()).isCloseTo(4.0, within(1e-9));
        assertThat(largest.nodeId()).isEqualTo("c" + configurations + "-1");
    }

    @Test
    void pc2PutsTheExtraHostsOnTheSmallestConfigurations() {
        var nodes = ClusterPresets.preset("pc2").nodes();

        // 27 hosts, 13 configurations: c13 is one host, the other 26 spread over 12: 2 each and 2 left over, which
        // go to c1 and c2.
        var perConfiguration = nodes.stream().collect(Collectors.groupingBy(n -> n.labels().get(0),
                Collectors.counting()));
        assertThat(perConfiguration).containsEntry("config=c1", 3L).containsEntry("config=c2", 3L)
                .containsEntry("config=c3", 2L).containsEntry("config=c12", 2L).containsEntry("config=c13", 1L)
                .hasSize(13);
    }

    @Test
    void largestHostTakesTheLeftoverOfASmallSplit() {
        // 3 hosts, 2 configurations, spread 2: c1 has 2 hosts of weight 1, c2 one host of weight 2, S = 4.
        // c1 hosts: 30 * 1/4 = 7.5 GFLOP/s and floor(30 / 4) = 7 bytes; c2: 30 - 15 = 15 GFLOP/s, 30 - 14 = 16 bytes.
        var nodes = ClusterPresets.dataCenterNodes(3, 2, 30.0, 30L, 1, 2.0);

        assertThat(nodes).containsExactly(
                new NodeSpec("c1-1", "default-rack", 1, 7.5, 7, 1, List.of("config=c1")),
                new NodeSpec("c1-2", "default-rack", 1, 7.5, 7, 1, List.of("config=c1")),
                new NodeSpec("c2-1", "default-rack", 1, 15.0, 16, 1, List.of("config=c2")));
    }

    @Test
    void perCoreSpeedIsTheHostShareOverItsSlots() {
        // 2 hosts, 2 configurations, spread 3, 10 slots: weights 1 and 3, S = 4: 10 and 30 GFLOP/s, i.e. 1 and 3
        // GFLOP/s per core.
        var nodes = ClusterPresets.dataCenterNodes(2, 2, 40.0, 4_000L, 10, 3.0);

        assertThat(nodes).extracting(NodeSpec::speedGflops).containsExactly(1.0, 3.0);
        assertThat(nodes).extracting(NodeSpec::memoryBytes).containsExactly(1_000L, 3_000L);
        assertThat(nodes).extracting(NodeSpec::cpus).containsExactly(10, 10);
    }

    @Test
    void moreConfigurationsThanHostsIsAnError() {
        assertThatThrownBy(() -> ClusterPresets.parse(new StringReader("""
                dataCenter: {hosts: 3, configurations: 4, totalGflops: 10, totalRamTB: 1, slotsPerHost: 2,
                             sizeSpread: 2}
                """), "inline"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("bad cluster preset inline: configurations must be in 2..hosts (3), was 4");
    }

    @Test
    void dataCenterWithoutItsTotalsIsAnError() {
        assertThatThrownBy(() -> ClusterPresets.parse(new StringReader("""
                dataCenter: {hosts: 3, configurations: 2, totalGflops: 10, slotsPerHost: 2, sizeSpread: 2}
                """), "inline"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("dataCenter needs hosts, configurations, totalGflops, totalRamTB");
    }
}
