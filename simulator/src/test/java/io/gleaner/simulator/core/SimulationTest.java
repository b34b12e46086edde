package io.gleaner.simulator.core;

import static io.gleaner.simulator.core.SimulatorFixtures.GIB;
import static io.gleaner.simulator.core.SimulatorFixtures.T0;
import static io.gleaner.simulator.core.SimulatorFixtures.job;
import static io.gleaner.simulator.core.SimulatorFixtures.mapOn;
import static io.gleaner.simulator.core.SimulatorFixtures.node;
import static io.gleaner.simulator.core.SimulatorFixtures.nodes;
import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.planner.core.Job;
import io.gleaner.planner.core.Placement;
import io.gleaner.planner.core.CpuMemory;
import io.gleaner.planner.core.TaskOutcome;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** The model's rules, driven round by round by a scripted planner. */
class SimulationTest {

    private static final long SEED = 42;

    @Test
    void firstRoundIsTheGridPointStrictlyAfterTheFirstSubmission() {
        var link = new RecordingPlannerLink(round -> List.of());
        var simulation = new Simulation(nodes(1), List.of(job("j", Duration.ZERO, 1, 0)), link,
                SimulationSettings.withSeed(SEED));

        simulation.step();

        // T0 is on the 3 s grid, so the job submitted at T0 belongs to the round at T0 + 3 s.
        assertThat(link.exchanges()).singleElement().satisfies(e -> {
            assertThat(e.round().time()).isEqualTo(T0.plusSeconds(3));
            assertThat(e.round().submitted()).extracting(Job::jobId).containsExactly("j");
        });
    }

    @Test
    void placementThatDoesNotFitIsRefusedAtOnceWithNodeFull() {
        var job = job("j", Duration.ZERO, 2, 0);
        var cluster = ClusterSpec.of("one-slot", List.of(node("n1", 1, 8.0)));
        var link = RecordingPlannerLink.onFirstRound(round -> List.of(
                mapOn(job, 0, "n1", round.time()), mapOn(job, 1, "n1", round.time())));

        var report = new Simulation(cluster, List.of(job), link, SimulationSettings.withSeed(SEED)).run();

        var g = link.exchanges().get(0).round().time();
        assertThat(link.reports()).filteredOn(r -> r.outcome().state() == TaskOutcome.State.REFUSED)
                .singleElement().satisfies(r -> {
                    assertThat(r.outcome().decisionId()).isEqualTo("j/m/1/0");
                    assertThat(r.reason()).contains(AttemptReport.NODE_FULL);
                    assertThat(r.outcome().time()).isEqualTo(g);
                    assertThat(r.memoryBytes()).as("a refused attempt held nothing").isZero();
                    assertThat(r.inputBytes()).isZero();
                });
        assertThat(link.exchanges().get(1).round().reports()).extracting(r -> r.outcome().decisionId())
                .contains("j/m/1/0");
        assertThat(report.counts().failedAttempts()).isEqualTo(1);
        assertThat(report.counts().attempts()).isEqualTo(1);
        assertThat(report.unfinishedJobs()).containsExactly("j");
    }

    @Test
    void memoryTooSmallForTheDemandIsNodeFullToo() {
        var job = job("j", Duration.ZERO, 1, 0);
        var cluster = ClusterSpec.of("small", List.of(new NodeSpec("n1", "r", 4, 8.0, 2 * GIB, 4, List.of())));
        var link = RecordingPlannerLink.onFirstRound(round -> List.of(mapOn(job, 0, "n1", round.time())));

        new Simulation(cluster, List.of(job), link, SimulationSettings.withSeed(SEED)).run();

        assertThat(link.reports()).singleElement().satisfies(r -> {
            assertThat(r.outcome().state()).isEqualTo(TaskOutcome.State.REFUSED);
            assertThat(r.reason()).contains(AttemptReport.NODE_FULL);
        });
    }

    @Test
    void mapOnANodeWithAReplicaIsLocalAndOnlyComputes() {
        var job = job("j", Duration.ZERO, 1, 0);
        var cluster = nodes(6);
        // The run's first draw lays out the first dataset to arrive, so the same seed shows where it lies.
        var replicaNode = new ReplicaPlacement(cluster, Simulation.generator(SEED)).replicas("ds-j", 0).get(0);
        var link = RecordingPlannerLink.onFirstRound(round -> List.of(mapOn(job, 0, replicaNode, round.time())));

        var report = new Simulation(cluster, List.of(job), link, SimulationSettings.withSeed(SEED)).run();

        // 128 MiB * 3100 FLOP/B = 4.16e11 FLOP at 8 GFLOP/s on 1 core: 52.0094 s, rounded up to 52010 ms.
        assertThat(succeeded(link)).satisfies(r -> {
            assertThat(r.local()).isTrue();
            assertThat(Duration.between(r.startTime().orElseThrow(), r.outcome().time())).isEqualTo(
                    Duration.ofMillis(52_010));
        });
        assertThat(report.counts().remoteMapAttempts()).isZero();
        assertThat(report.jobsCompleted()).isEqualTo(1);
    }

    @Test
    void mapOnANodeWithoutAReplicaIsRemoteAndFirstTransfersItsChunk() {
        var job = job("j", Duration.ZERO, 1, 0);
        var cluster = nodes(6);
        var replicas = new ReplicaPlacement(cluster, Simulation.generator(SEED)).replicas("ds-j", 0);
        var elsewhere = cluster.nodes().stream().map(NodeSpec::nodeId).filter(id -> !replicas.contains(id))
                .findFirst().orElseThrow();
        var link = RecordingPlannerLink.onFirstRound(round -> List.of(mapOn(job, 0, elsewhere, round.time())));

        var report = new Simulation(cluster, List.of(job), link, SimulationSettings.withSeed(SEED)).run();

        // Transfer: 134217728 B * 8 / 1e8 bit/s + 10 us = 10.7374 s -> 10738 ms; then 52010 ms of compute.
        assertThat(succeeded(link)).satisfies(r -> {
            assertThat(r.local()).isFalse();
            assertThat(Duration.between(r.startTime().orElseThrow(), r.outcome().time())).isEqualTo(
                    Duration.ofMillis(10_738 + 52_010));
        });
        assertThat(report.counts().remoteMapAttempts()).isEqualTo(1);
        assertThat(report.counts().remoteMapShare()).isEqualTo(1.0);
    }

    @Test
    void attemptStartsAtNotBeforeWhenThatIsLaterThanTheRound() {
        var job = job("j", Duration.ZERO, 1, 0);
        var link = RecordingPlannerLink.onFirstRound(round -> {
            var p = mapOn(job, 0, "n1", round.time());
            return List.of(new Placement(p.decisionId(), p.epoch(), p.jobId(), p.kind(), p.taskIndex(), p.attempt(),
                    p.nodeId(), round.time().plusSeconds(10), p.policy(), p.inputBytes(), p.flopPerByte(), p.demand(),
                    p.chunk()));
        });

        new Simulation(nodes(1), List.of(job), link, SimulationSettings.withSeed(SEED)).run();

        var g = link.exchanges().get(0).round().time();
        assertThat(link.reports()).filteredOn(r -> r.outcome().state() == TaskOutcome.State.LAUNCHED)
                .singleElement().satisfies(r -> assertThat(r.outcome().time()).isEqualTo(g.plusSeconds(10)));
    }

    @Test
    void heartbeatAndUtilizationShowWhatRunningAttemptsHold() {
        var job = job("j", Duration.ZERO, 1, 0);
        var link = RecordingPlannerLink.onFirstRound(round -> List.of(mapOn(job, 0, "n1", round.time())));
        var simulation = new Simulation(nodes(1), List.of(job), link, SimulationSettings.withSeed(SEED));

        simulation.step();
        simulation.step();

        // n1: 4 slots, 4 cores, 64 GiB; the map holds 1 slot, 1 core and 3 GiB.
        var second = link.exchanges().get(1).round();
        assertThat(second.heartbeats()).singleElement().satisfies(h -> {
            assertThat(h.time()).isEqualTo(second.time());
            assertThat(h.freeSlots()).isEqualTo(3);
            assertThat(h.free()).isEqualTo(new CpuMemory(3, 61 * GIB));
            assertThat(h.runningAttempts()).containsExactly("j/m/0/0");
        });
        assertThat(second.utilization()).containsExactly(
                new Utilization("n1", second.time(), Utilization.Metric.CPU, Utilization.Source.REGULAR, 0),
                new Utilization("n1", second.time(), Utilization.Metric.MEMORY, Utilization.Source.REGULAR, 0),
                new Utilization("n1", second.time(), Utilization.Metric.CPU, Utilization.Source.EPHEMERAL, 0.25),
                new Utilization("n1", second.time(), Utilization.Metric.MEMORY, Utilization.Source.EPHEMERAL,
                        3.0 / 64));
    }

    @Test
    void secondPlacementWithTheSameDecisionIdIsIgnored() {
        var job = job("j", Duration.ZERO, 1, 0);
        var link = new RecordingPlannerLink(round -> round.reports().isEmpty() || isLaunch(round)
                ? List.of(mapOn(job, 0, "n1", round.time()))
                : List.of());

        var report = new Simulation(nodes(1), List.of(job), link, SimulationSettings.withSeed(SEED)).run();

        assertThat(report.counts().decisions()).isEqualTo(1);
        assertThat(report.counts().duplicateDecisions()).isEqualTo(1);
        assertThat(report.counts().attempts()).isEqualTo(1);
        assertThat(report.jobsCompleted()).isEqualTo(1);
    }

    @Test
    void plannerThatPlacesNothingEndsTheRunWithItsJobsUnfinished() {
        var jobs = List.of(job("a", Duration.ZERO, 1, 0), job("b", Duration.ofSeconds(1), 1, 0));
        var simulation = new Simulation(nodes(2), jobs, round -> List.of(), SimulationSettings.withSeed(SEED));

        var report = simulation.run();

        assertThat(report.rounds()).isEqualTo(1);
        assertThat(report.unfinishedJobs()).containsExactly("a", "b");
        assertThat(report.jobsSubmitted()).isEqualTo(2);
        assertThat(simulation.finished()).isTrue();
        assertThat(simulation.step()).isFalse();
    }

    @Test
    void emptyWorkloadIsFinishedBeforeAnyRound() {
        var simulation = new Simulation(nodes(1), List.of(), round -> List.of(), SimulationSettings.withSeed(SEED));

        assertThat(simulation.finished()).isTrue();
        assertThat(simulation.step()).isFalse();
        assertThat(simulation.report().rounds()).isZero();
    }

    private static boolean isLaunch(Round round) {
        return round.reports().stream().anyMatch(r -> r.outcome().state() == TaskOutcome.State.LAUNCHED);
    }

    private static AttemptReport succeeded(RecordingPlannerLink link) {
        return link.reports().stream().filter(r -> r.outcome().state() == TaskOutcome.State.SUCCEEDED)
                .reduce((a, b) -> {
                    throw new AssertionError("more than one success: " + a + ", " + b);
                }).orElseThrow();
    }
}
