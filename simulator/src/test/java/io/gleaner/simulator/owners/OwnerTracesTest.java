package io.gleaner.simulator.owners;

import static io.gleaner.simulator.owners.OwnerFixtures.RND_2013_8;
import static io.gleaner.simulator.owners.OwnerFixtures.START;
import static io.gleaner.simulator.owners.OwnerFixtures.nodes;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.gleaner.ingest.bitbrains.BitbrainsOwnerExcerpt;
import io.gleaner.simulator.ClusterPresets;
import io.gleaner.simulator.core.ClusterSpec;
import io.gleaner.simulator.core.OwnerLoad;
import java.io.IOException;
import java.nio.file.Files;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The owners' load built from real Bitbrains files: the bundled excerpt and, when present, the whole month. */
class OwnerTracesTest {

    private static final ClusterSpec COSHH = ClusterPresets.preset(ClusterPresets.DEFAULT);

    /** Every sample of every node is finite, non-negative and, with load scale 1, at most 1. */
    private static void assertFractionsInRange(OwnerTrace trace, OwnerLoad load) {
        for (var node : trace.assignment().keySet()) {
            var samples = load.of(node);
            assertThat(samples).as(node).hasSize(trace.steps());
            for (var sample : samples) {
                assertThat(sample.cpu()).as("%s cpu at %s", node, sample.time()).isFinite().isBetween(0.0, 1.0);
                assertThat(sample.memory()).as("%s memory at %s", node, sample.time()).isFinite().isBetween(0.0, 1.0);
            }
        }
    }

    @Test
    void shouldSumTwoRealVmsOnOneNodeAsTheirLinesGiveByHand() throws IOException {
        var trace = OwnerTraces.fromLocations(List.of(BitbrainsOwnerExcerpt.LOCATION + "306.csv.gz",
                BitbrainsOwnerExcerpt.LOCATION + "383.csv.gz"), nodes(1), OwnerTraceSettings.of(5, START));

        assertThat(trace.assignment().get("n1")).extracting(VmSlot::vmId).containsExactlyInAnyOrder("306", "383");
        assertThat(trace.traceStart()).isEqualTo(Instant.ofEpochSecond(1375308176L));
        // Lines 2-4 of each file (Timestamp; cores; CPU capacity; CPU usage; %; memory capacity; memory usage; ...):
        // 306: 1375308176; 2; 5851.999032; 3224.451466632;       55.1;  8353792.0; 352320.8
        //      1375308476; 2; 5851.999032; 3177.635474376;       54.3;  8353792.0; 464168.5333333333
        //      1375308776; 2; 5851.999032; 3181.5368070639997;   54.37; 8353792.0; 329950.93333333335
        // 383: 1375308176; 2; 5851.999076; 2643.1529159933334;   45.17; 4177920.0; 1182792.0
        //      1375308476; 2; 5851.999076; 2506.606270886666;    42.83; 4177920.0; 1258289.6
        //      1375308776; 2; 5851.999076; 2563.175595288;       43.8;  4177920.0; 1157627.2
        // Both files have rows exactly at the first three grid points, 300 s apart.
        double cpuCapacity = 5851.999032 + 5851.999076;
        double memoryCapacity = 8353792.0 + 4177920.0;
        double[] cpu = {(3224.451466632 + 2643.1529159933334) / cpuCapacity,
            (3177.635474376 + 2506.606270886666) / cpuCapacity,
            (3181.5368070639997 + 2563.175595288) / cpuCapacity};
        double[] memory = {(352320.8 + 1182792.0) / memoryCapacity,
            (464168.5333333333 + 1258289.6) / memoryCapacity,
            (329950.93333333335 + 1157627.2) / memoryCapacity};
        for (int k = 0; k < 3; k++) {
            var sample = trace.sample("n1", k);
            assertThat(sample.time()).isEqualTo(START.plusSeconds(300L * k));
            // Floats hold the rows and the fractions: about 7 significant digits.
            assertThat(sample.cpu()).as("cpu at k=%d", k).isCloseTo(cpu[k], within(1e-6));
            assertThat(sample.memory()).as("memory at k=%d", k).isCloseTo(memory[k], within(1e-6));
        }
        // Sanity of the hand computation: about half the CPU, an eighth of the memory.
        assertThat(cpu[0]).isCloseTo(0.501, within(0.001));
        assertThat(memory[0]).isCloseTo(0.1225, within(0.0005));
    }

    @Test
    void shouldSpreadTheBundledExcerptOverTheDefaultClusterLeavingOutTheUnmeasuredVm() throws IOException {
        var trace = OwnerTraces.bundled(COSHH, OwnerTraceSettings.of(42, START));

        // 99 VMs bundled; VM 126 is all zeros for the whole week (not measured until 2013-08-08).
        assertThat(trace.readCounts()).hasSize(99);
        assertThat(trace.excludedVms()).containsOnlyKeys("126");
        var dealt = trace.assignment().values().stream().flatMap(List::stream).toList();
        assertThat(dealt).hasSize(98).extracting(VmSlot::vmId).doesNotHaveDuplicates().doesNotContain("126");
        // 98 VMs over 6 nodes: 17, 17, 16, 16, 16, 16 in cluster order.
        assertThat(trace.assignment().keySet()).containsExactly("r1", "r2", "r3", "r4", "r5", "r6");
        assertThat(trace.assignment().values()).extracting(List::size).containsExactly(17, 17, 16, 16, 16, 16);
        // Seven days of 300 s steps, the last row at 2013-08-07T22:00:12Z: 2016 grid points.
        assertThat(trace.steps()).isEqualTo(2016);
        assertThat(trace.length()).isEqualTo(Duration.ofDays(7));
        assertFractionsInRange(trace, trace.ownerLoad());
        assertThat(trace.coverage().values()).allMatch(c -> c.filledSteps() == 0);
    }

    @Test
    void shouldDealTheSameVmsForASeedAndOthersForAnotherSeed() throws IOException {
        var first = OwnerTraces.bundled(COSHH, OwnerTraceSettings.of(42, START));
        var again = OwnerTraces.bundled(COSHH, OwnerTraceSettings.of(42, START));
        var other = OwnerTraces.bundled(COSHH, OwnerTraceSettings.of(43, START));

        assertThat(again.assignment()).isEqualTo(first.assignment());
        assertThat(again.ownerLoad()).isEqualTo(first.ownerLoad());
        assertThat(other.assignment()).isNotEqualTo(first.assignment());
        assertThat(other.ownerLoad()).isNotEqualTo(first.ownerLoad());
        var vms = new HashSet<String>();
        other.assignment().values().forEach(slots -> slots.forEach(slot -> vms.add(slot.vmId())));
        assertThat(vms).hasSize(98);
    }

    @Test
    void shouldReuseBundledVmsPhaseShiftedWhenNodesOutnumberThem() throws IOException {
        var trace = OwnerTraces.bundled(nodes(150), OwnerTraceSettings.of(42, START));

        // 150 slots over 98 VMs: 98 first uses, then 52 reuses shifted by one day (288 steps).
        var dealt = trace.assignment().values().stream().flatMap(List::stream).toList();
        assertThat(dealt).hasSize(150).filteredOn(slot -> slot.reuse() == 1).hasSize(52);
        var reuse = trace.assignment().entrySet().stream().filter(e -> e.getValue().get(0).reuse() == 1)
                .findFirst().orElseThrow();
        var original = trace.assignment().entrySet().stream()
                .filter(e -> e.getValue().get(0).equals(new VmSlot(reuse.getValue().get(0).vmId(), 0)))
                .findFirst().orElseThrow();
        for (int k = 0; k < 10; k++) {
            assertThat(trace.sample(reuse.getKey(), k).cpu())
                    .isEqualTo(trace.sample(original.getKey(), k + 288).cpu());
        }
        assertFractionsInRange(trace, trace.ownerLoad());
    }

    @Test
    void shouldBuildTheWholeMonthWithEveryFractionFiniteAndInRange() throws IOException {
        assumeTrue(Files.isDirectory(RND_2013_8), "the Bitbrains Rnd trace is not on this machine");

        var trace = OwnerTraces.fromDirectory(RND_2013_8, COSHH, OwnerTraceSettings.of(42, START));
        var again = OwnerTraces.fromDirectory(RND_2013_8, COSHH, OwnerTraceSettings.of(42, START));
        var other = OwnerTraces.fromDirectory(RND_2013_8, COSHH, OwnerTraceSettings.of(7, START));

        // 100 VMs; 126 (measured from day 8) and 446 (from day 15) cover more than half the month and are kept.
        assertThat(trace.readCounts()).hasSize(100);
        assertThat(trace.excludedVms()).isEmpty();
        assertThat(trace.readCounts().get("126").cpuRejected()).isEqualTo(2149);
        // 2013-07-31T22:02:56Z to 2013-08-31T08:38:21Z in 300 s steps.
        assertThat(trace.steps()).isEqualTo((int) ((1377899901L - 1375308176L) / 300 + 1));
        var load = trace.ownerLoad();
        assertFractionsInRange(trace, load);
        assertThat(again.assignment()).isEqualTo(trace.assignment());
        assertThat(again.ownerLoad()).isEqualTo(load);
        assertThat(other.assignment()).isNotEqualTo(trace.assignment());
    }

    @Test
    void shouldBuildTheWholeMonthOnManyNodesCountingEveryFilledStep() throws IOException {
        assumeTrue(Files.isDirectory(RND_2013_8), "the Bitbrains Rnd trace is not on this machine");

        var trace = OwnerTraces.fromDirectory(RND_2013_8, nodes(100), OwnerTraceSettings.of(42, START));

        // One VM per node: VM 446 starts on day 15, so its node is back-filled for the first 14 days and more.
        var nodeOf446 = trace.assignment().entrySet().stream()
                .filter(e -> e.getValue().get(0).vmId().equals("446")).findFirst().orElseThrow().getKey();
        assertThat(trace.coverage().get(nodeOf446).cpuBackfilledSteps())
                .isEqualTo((int) ((1376559668L - 1375308176L + 299) / 300));
        // Some VM somewhere has a gap longer than the one-hour hold (the longest is 3979 s).
        assertThat(trace.coverage().values()).anyMatch(c -> c.cpuHeldSteps() > 0);
        assertFractionsInRange(trace, trace.ownerLoad());
    }
}
