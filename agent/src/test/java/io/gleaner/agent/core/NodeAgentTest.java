package io.gleaner.agent.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.qos.core.CpuRam;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class NodeAgentTest {

    private static final long GIB = 1L << 30;
    private static final Instant T0 = Instant.parse("2026-11-28T10:00:00Z");
    private static final Slice SLICE = new Slice(new CpuRam(4, 8 * GIB), 2, 0.10, 0.10);

    static Placement placement(String id, String node, double cpus, long ram, List<String> command) {
        return new Placement(id, "job-1", "MAP", 0, 0, node, T0, T0, new CpuRam(cpus, ram), command, null, Map.of(),
                null, null, List.of(), 100);
    }

    private static NodeAgent started() {
        var agent = new NodeAgent("n1", SLICE);
        agent.heartbeat(T0, Usage.NONE);
        return agent;
    }

    @Test
    void shouldOfferTheSliceLessOwnersMarginAndWhatTheAttemptsHold() {
        var agent = started();
        var owners = new Usage(new CpuRam(1, 2 * GIB), Map.of());
        agent.take(placement("job-1/m/0/0", "n1", 1, GIB / 2, List.of("true")), owners, T0);

        var offer = agent.heartbeat(T0.plusSeconds(1), owners);

        // 4 - 1 (owners) - 0.4 (margin) - 1 (attempt); 8 GiB - 2 GiB - 0.8 GiB - 0.5 GiB
        assertThat(offer.free().cpus()).isCloseTo(1.6, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(offer.free().ramBytes()).isEqualTo(8 * GIB - 2 * GIB - (long) Math.ceil(0.8 * GIB) - GIB / 2);
        assertThat(offer.freeSlots()).isEqualTo(1);
        assertThat(offer.runningAttempts()).containsExactly("job-1/m/0/0");
    }

    @Test
    void shouldStrictlyIncreaseEventTimesWhenTheClockStandsStill() {
        var agent = new NodeAgent("n1", SLICE);
        var first = agent.heartbeat(T0, Usage.NONE).time();
        var second = agent.heartbeat(T0, Usage.NONE).time();
        assertThat(second).isEqualTo(first.plusMillis(1));
    }

    @Test
    void shouldRefuseWhatDoesNotFitWithTheNumbersAndHoldNothing() {
        var agent = started();
        var intake = agent.take(placement("job-1/m/0/0", "n1", 4, GIB, List.of("true")), Usage.NONE, T0);

        assertThat(intake).isInstanceOf(Intake.Refuse.class);
        var report = ((Intake.Refuse) intake).report();
        assertThat(report.state()).isEqualTo(ReportState.REFUSED);
        assertThat(report.reason()).isEqualTo("node full: demand 4.0 cpus, 1024 MiB; free 3.60 cpus, 7372 MiB");
        assertThat(agent.held()).isEmpty();
    }

    @Test
    void shouldRefuseBeyondTheSlotsAndWithoutACommand() {
        var agent = started();
        agent.take(placement("a/m/0/0", "n1", 0.1, 1, List.of("true")), Usage.NONE, T0);
        agent.take(placement("a/m/1/0", "n1", 0.1, 1, List.of("true")), Usage.NONE, T0);
        var third = agent.take(placement("a/m/2/0", "n1", 0.1, 1, List.of("true")), Usage.NONE, T0);
        var none = new NodeAgent("n1", SLICE);
        none.heartbeat(T0, Usage.NONE);
        var noCommand = none.take(placement("a/m/3/0", "n1", 0.1, 1, List.of()), Usage.NONE, T0);

        assertThat(((Intake.Refuse) third).report().reason()).isEqualTo("node full: all 2 slots taken");
        assertThat(((Intake.Refuse) noCommand).report().reason())
                .isEqualTo("the placement has no task spec with a command");
    }

    @Test
    void shouldRefuseAPlacementForAnotherNodeAndAgainOneItRefusedBefore() {
        var agent = started();
        var other = agent.take(placement("a/m/0/0", "n2", 0.1, 1, List.of("true")), Usage.NONE, T0);
        var big = placement("a/m/1/0", "n1", 64, 1, List.of("true"));
        agent.take(big, Usage.NONE, T0);
        var again = agent.take(big, Usage.NONE, T0.plusSeconds(1));

        assertThat(((Intake.Refuse) other).report().reason())
                .isEqualTo("placement for node n2 reached the agent of node n1");
        assertThat(((Intake.Refuse) other).report().nodeId()).isEqualTo("n1");
        assertThat(((Intake.Refuse) again).report().reason()).startsWith("refused before: node full: demand 64.0");
    }

    @Test
    void shouldTakeAPlacementOnceAndSkipOneDecidedBeforeThisRun() {
        var agent = started();
        var p = placement("a/m/0/0", "n1", 0.1, 1, List.of("true"));
        assertThat(agent.take(p, Usage.NONE, T0)).isInstanceOf(Intake.Take.class);
        assertThat(agent.take(p, Usage.NONE, T0)).isInstanceOf(Intake.Skip.class);

        var old = new Placement("a/m/1/0", "job-1", "MAP", 1, 0, "n1", T0.minusSeconds(1), T0,
                new CpuRam(0.1, 1), List.of("true"), null, Map.of(), null, null, List.of(), 0);
        assertThat(agent.take(old, Usage.NONE, T0)).isInstanceOf(Intake.Skip.class);
    }

    @Test
    void shouldReportLaunchedThenSucceededOrFailedWithTheExitCodeAndStderr() {
        var agent = started();
        agent.take(placement("a/m/0/0", "n1", 0.1, 1, List.of("true")), Usage.NONE, T0);
        agent.take(placement("a/m/1/0", "n1", 0.1, 1, List.of("false")), Usage.NONE, T0);
        var launched = agent.launched("a/m/0/0", T0.plusSeconds(1)).orElseThrow();
        agent.launched("a/m/1/0", T0.plusSeconds(1));

        var ok = agent.ended("a/m/0/0", new Ending(0, "", 1.5, 1000), T0.plusSeconds(2)).orElseThrow();
        var bad = agent.ended("a/m/1/0", new Ending(3, "disk full\n", 0, 0), T0.plusSeconds(2)).orElseThrow();

        assertThat(launched.state()).isEqualTo(ReportState.LAUNCHED);
        assertThat(ok.state()).isEqualTo(ReportState.SUCCEEDED);
        assertThat(ok.startTime()).isEqualTo(launched.time());
        assertThat(ok.cpuSeconds()).isEqualTo(1.5);
        assertThat(bad.state()).isEqualTo(ReportState.FAILED);
        assertThat(bad.reason()).isEqualTo("exit code 3: disk full");
        assertThat(agent.held()).isEmpty();
    }

    @Test
    void shouldReportAKilledAttemptKilledWithTheReasonAndSkipAKillOfOneItDoesNotHold() {
        var agent = started();
        agent.take(placement("a/m/0/0", "n1", 0.1, 1, List.of("sleep", "9")), Usage.NONE, T0);
        agent.launched("a/m/0/0", T0);

        assertThat(agent.kill("a/m/9/0", "x")).isEmpty();
        assertThat(agent.kill("a/m/0/0", "killed by the QoS controller: owners' RAM")).isPresent();
        var report = agent.ended("a/m/0/0", new Ending(137, "", 0, 0), T0.plusSeconds(1)).orElseThrow();

        assertThat(report.state()).isEqualTo(ReportState.KILLED);
        assertThat(report.reason()).isEqualTo("killed by the QoS controller: owners' RAM");
    }

    @Test
    void shouldFailAnAttemptWhoseExitCodeIsUnknownAndOneThatCouldNotStart() {
        var agent = started();
        agent.take(placement("a/m/0/0", "n1", 0.1, 1, List.of("true")), Usage.NONE, T0);
        agent.take(placement("a/m/1/0", "n1", 0.1, 1, List.of("nope")), Usage.NONE, T0);

        var unknown = agent.ended("a/m/0/0", new Ending(null, "", 0, 0), T0).orElseThrow();
        var cannot = agent.couldNotStart("a/m/1/0", "no such program: nope", T0).orElseThrow();

        assertThat(unknown.state()).isEqualTo(ReportState.FAILED);
        assertThat(unknown.reason()).startsWith("exit code unknown");
        assertThat(cannot.state()).isEqualTo(ReportState.FAILED);
        assertThat(cannot.reason()).isEqualTo("could not start: no such program: nope");
        assertThat(cannot.startTime()).isNull();
    }

    @Test
    void shouldGiveSamplesAsFractionsOfTheSlice() {
        var agent = started();
        var usage = new Usage(new CpuRam(1, 2 * GIB), Map.of("a/m/0/0", new CpuRam(2, GIB)));

        assertThat(agent.samples(usage)).containsExactly(
                new Sample("CPU", "REGULAR", 0.25), new Sample("MEMORY", "REGULAR", 0.25),
                new Sample("CPU", "EPHEMERAL", 0.5), new Sample("MEMORY", "EPHEMERAL", 0.125),
                new Sample("CPU", "TOTAL", 0.75), new Sample("MEMORY", "TOTAL", 0.375));
    }

    @Test
    void shouldCountOnlyWhatTheOwnersUseBeyondTheRestOfTheNodeAgainstASlice() {
        var half = new Slice(new CpuRam(1, 4 * GIB), 2, 0.1, 0.1);
        var node = new CpuRam(2, 16 * GIB);

        assertThat(half.ownersIn(node, new CpuRam(0.5, 10 * GIB))).isEqualTo(new CpuRam(0, 0));
        assertThat(half.ownersIn(node, new CpuRam(1.5, 14 * GIB))).isEqualTo(new CpuRam(0.5, 2 * GIB));
        assertThat(half.ownersIn(node, new CpuRam(3, 20 * GIB))).isEqualTo(new CpuRam(1, 4 * GIB));
    }

    @Test
    void shouldGiveTheLocalQosControllerWhatItNeedsToKillTheLatestTakenAttemptWhenTheOwnersNeedTheirRamBack() {
        var agent = started();
        agent.take(placement("a/m/0/0", "n1", 1, GIB, List.of("true")), Usage.NONE, T0);
        agent.take(placement("a/m/1/0", "n1", 1, GIB, List.of("true")), Usage.NONE, T0.plusSeconds(1));
        // The owners now use 6.5 GiB of 8: with a 0.8 GiB margin the attempts may keep 0.7 GiB (plus half the
        // margin before kills start), and they hold 2.
        var usage = new Usage(new CpuRam(0.5, 6 * GIB + GIB / 2),
                Map.of("a/m/0/0", new CpuRam(1, GIB), "a/m/1/0", new CpuRam(1, GIB)));

        var controller = io.gleaner.qos.core.QosController.of(io.gleaner.qos.core.QosMode.SALAMANDER,
                io.gleaner.qos.core.QosSettings.defaults());
        var tick = controller.tick(agent.observation(T0.plusSeconds(2), usage, Double.POSITIVE_INFINITY),
                java.util.Optional.empty()).orElseThrow();

        assertThat(tick.actions()).filteredOn(a -> a.kind() == io.gleaner.qos.core.QosActionKind.KILL_TASK)
                .extracting(io.gleaner.qos.core.QosAction::decisionId).first().isEqualTo("a/m/1/0");
    }

    @Test
    void shouldKillAnAttemptOverItsMemoryDemandAndReportItFailedSoItCounts() {
        var agent = started();
        agent.take(placement("a/m/0/0", "n1", 0.1, 100L << 20, List.of("true")), Usage.NONE, T0);
        agent.take(placement("a/m/1/0", "n1", 0.1, 100L << 20, List.of("true")), Usage.NONE, T0);
        agent.launched("a/m/0/0", T0);
        agent.launched("a/m/1/0", T0);
        var usage = new Usage(CpuRam.NONE, Map.of("a/m/0/0", new CpuRam(0.1, 150L << 20),
                "a/m/1/0", new CpuRam(0.1, 90L << 20)));

        var over = agent.overMemory(usage);
        var again = agent.overMemory(usage);
        var report = agent.ended("a/m/0/0", new Ending(137, "", 0, 0), T0.plusSeconds(1)).orElseThrow();

        assertThat(over).extracting(h -> h.placement().decisionId()).containsExactly("a/m/0/0");
        assertThat(again).as("marked once").isEmpty();
        assertThat(report.state()).isEqualTo(ReportState.FAILED);
        assertThat(report.reason())
                .isEqualTo("killed by the agent: its processes held 150 MiB, more than the 100 MiB it was placed with");
    }
}
