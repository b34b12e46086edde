package io.gleaner.simulator.core;

import static io.gleaner.simulator.core.SimulatorFixtures.GIB;
import static io.gleaner.simulator.core.SimulatorFixtures.T0;
import static io.gleaner.simulator.core.SimulatorFixtures.job;
import static io.gleaner.simulator.core.SimulatorFixtures.mapOn;
import static io.gleaner.simulator.core.SimulatorFixtures.node;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.gleaner.planner.core.Chunk;
import io.gleaner.planner.core.ChunkMove;
import io.gleaner.planner.core.Job;
import io.gleaner.planner.core.PhaseTasks;
import io.gleaner.planner.core.PolicyName;
import io.gleaner.planner.core.TaskKind;
import io.gleaner.planner.core.TaskOutcome;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The task model against schedules worked out by hand. A map reads 128 MiB (134,217,728 B) at 3100 FLOP/B:
 * 416,074,956,800 FLOP, 52.00937 s on one 8 GFLOP/s core (52,010 ms rounded up) and 208.03748 s on a 2 GFLOP/s
 * core (208,038 ms). Copying its chunk over 100 Mbit/s: 1,073,741,824 bit = 10.73742 s with 10 us latency
 * (10,738 ms). A reduce reads 64 MiB at 6300 FLOP/B: 422,785,843,200 FLOP, 52.84823 s at 8 GFLOP/s (52,849 ms).
 */
class TaskModelSimulationTest {

    private static final long SEED = 42;
    private static final long MAP_FAST = 52_010;
    private static final long MAP_SLOW = 208_038;
    private static final long CHUNK_COPY = 10_738;
    private static final long REDUCE_FAST = 52_849;

    @Test
    void localMapComputesAtOnceRemoteMapCopiesItsChunkFirstEachAtItsNodesSpeed() {
        var cluster = ClusterSpec.of("four", List.of(node("n1", 1, 8.0), node("n2", 1, 2.0), node("n3", 1, 8.0),
                node("n4", 1, 2.0)));
        var speeds = Map.of("n1", MAP_FAST, "n2", MAP_SLOW, "n3", MAP_FAST, "n4", MAP_SLOW);
        var job = job("j", Duration.ZERO, 2, 0);
        // The layout the run will draw: the same generator, the same first dataset.
        var layout = new ReplicaPlacement(cluster, Simulation.generator(SEED));
        var remote = speeds.keySet().stream().sorted().filter(n -> !layout.replicas("ds-j", 1).contains(n))
                .findFirst().orElseThrow();
        var local = layout.replicas("ds-j", 0).stream().filter(n -> !n.equals(remote)).findFirst().orElseThrow();
        var link = RecordingPlannerLink.onFirstRound(round -> List.of(
                mapOn(job, 0, local, round.time()), mapOn(job, 1, remote, round.time())));

        var report = new Simulation(cluster, List.of(job), link, SimulationSettings.withSeed(SEED)).run();

        var g = T0.plusSeconds(3);
        assertThat(succeeded(link, "j/m/0/0")).satisfies(r -> {
            assertThat(r.outcome().time()).isEqualTo(g.plusMillis(speeds.get(local)));
            assertThat(r.local()).isTrue();
        });
        assertThat(succeeded(link, "j/m/1/0")).satisfies(r -> {
            assertThat(r.outcome().time()).isEqualTo(g.plusMillis(CHUNK_COPY + speeds.get(remote)));
            assertThat(r.local()).isFalse();
        });
        assertThat(report.counts().remoteMapAttempts()).isEqualTo(1);
        assertThat(report.counts().mapAttempts()).isEqualTo(2);
    }

    @Test
    void chunkMovedWithThePlacementMakesTheMapLocalAfterTheCopy() {
        var cluster = ClusterSpec.of("four", List.of(node("n1", 1, 8.0), node("n2", 1, 8.0), node("n3", 1, 8.0),
                node("n4", 1, 8.0)));
        var job = job("j", Duration.ZERO, 1, 0);
        var layout = new ReplicaPlacement(cluster, Simulation.generator(SEED));
        var elsewhere = List.of("n1", "n2", "n3", "n4").stream()
                .filter(n -> !layout.replicas("ds-j", 0).contains(n)).findFirst().orElseThrow();
        var move = new ChunkMove(new Chunk("ds-j", 0), Optional.empty(), elsewhere);
        var link = RecordingPlannerLink.onFirstRound(round -> List.of(
                mapOn(job, 0, elsewhere, round.time()).withChunkMoves(List.of(move))));

        var report = new Simulation(cluster, List.of(job), link, SimulationSettings.withSeed(SEED)).run();

        // The copy (10,738 ms) comes first, then the map reads its chunk on the node: local, at full speed.
        assertThat(succeeded(link, "j/m/0/0")).satisfies(r -> {
            assertThat(r.outcome().time()).isEqualTo(T0.plusSeconds(3).plusMillis(CHUNK_COPY + MAP_FAST));
            assertThat(r.local()).isTrue();
        });
        assertThat(report.counts().chunkMoves()).isEqualTo(1);
        assertThat(report.counts().movedBytes()).isEqualTo(128L << 20);
        assertThat(report.counts().remoteMapAttempts()).isZero();
    }

    @Test
    void chunkMoveFromANodeWithoutTheChunkRefusesThePlacement() {
        var cluster = ClusterSpec.of("four", List.of(node("n1", 1, 8.0), node("n2", 1, 8.0), node("n3", 1, 8.0),
                node("n4", 1, 8.0)));
        var job = job("j", Duration.ZERO, 1, 0);
        var layout = new ReplicaPlacement(cluster, Simulation.generator(SEED));
        var replicas = layout.replicas("ds-j", 0);
        var without = List.of("n1", "n2", "n3", "n4").stream().filter(n -> !replicas.contains(n)).findFirst()
                .orElseThrow();
        var move = new ChunkMove(new Chunk("ds-j", 0), Optional.of(without), replicas.get(0));
        var link = RecordingPlannerLink.onFirstRound(round -> List.of(
                mapOn(job, 0, replicas.get(0), round.time()).withChunkMoves(List.of(move))));

        var report = new Simulation(cluster, List.of(job), link, SimulationSettings.withSeed(SEED)).run();

        assertThat(link.reports()).filteredOn(r -> r.outcome().state() == TaskOutcome.State.REFUSED).singleElement()
                .satisfies(r -> assertThat(r.reason()).hasValueSatisfying(reason -> assertThat(reason)
                        .isEqualTo("chunk move of Chunk[dataset=ds-j, index=0] from " + without
                                + ", which holds no replica of it")));
        assertThat(report.counts().chunkMoves()).isZero();
    }

    @Test
    void ownersTakingMemoryBackKillTheAttemptWhichTheFifoPlannerRelaunchesWhenMemoryReturns() {
        var cluster = ClusterSpec.of("one", List.of(node("n1", 4, 8.0)));
        var job = job("j", Duration.ZERO, 1, 0);
        // 64 GiB: owners at 99% leave 0.64 GiB, less than the map's 3 GiB.
        var owners = new OwnerLoad(Map.of("n1", List.of(
                new OwnerSample(T0, 0, 0),
                new OwnerSample(T0.plusSeconds(30), 0, 0.99),
                new OwnerSample(T0.plusSeconds(90), 0, 0))));
        var link = RecordingPlannerLink.around(InProcessPlannerLink.of(PolicyName.FIFO));

        var report = run(cluster, List.of(job), owners, link);

        assertThat(link.reports()).filteredOn(r -> r.outcome().state() == TaskOutcome.State.KILLED)
                .singleElement().satisfies(r -> {
                    assertThat(r.outcome().decisionId()).isEqualTo("j/m/0/0");
                    assertThat(r.outcome().time()).isEqualTo(T0.plusSeconds(30));
                    assertThat(r.reason()).contains(NodeRuntime.OWNERS_RECLAIMED_MEMORY);
                    // Computed from T0 + 3 s to T0 + 30 s on one core at full share.
                    assertThat(r.cpuSeconds()).isCloseTo(27.0, within(1e-9));
                });
        // Nothing fits before the owners leave at T0 + 90 s; the round after places attempt 1 at T0 + 93 s.
        assertThat(succeeded(link, "j/m/0/1").outcome().time()).isEqualTo(T0.plusSeconds(93).plusMillis(MAP_FAST));
        assertThat(report.counts().killedAttempts()).isEqualTo(1);
        assertThat(report.counts().relaunchedTasks()).isEqualTo(1);
        assertThat(report.counts().relaunchedShare()).isEqualTo(1.0);
        assertThat(report.owners().violationMillis()).as("owners never wait for memory").isZero();
    }

    @Test
    void reduceStartsAfterEveryMapAndFetchesTheShuffleMadeOnOtherNodes() {
        var cluster = ClusterSpec.of("two", List.of(node("n1", 1, 8.0), node("n2", 1, 8.0)));
        var job = job("j", Duration.ZERO, 2, 1);
        var link = RecordingPlannerLink.around(InProcessPlannerLink.of(PolicyName.FIFO));

        var report = run(cluster, List.of(job), OwnerLoad.NONE, link);

        // FIFO fills n1's one slot with map 0 and n2's with map 1 at T0 + 3 s; both end at T0 + 55.010 s; the reduce
        // is placed on n1 (first heartbeat) at the next round, T0 + 57 s. Half its 64 MiB comes from n2's map:
        // 33,554,432 B = 268,435,456 bit over 100 Mbit/s + 10 us = 2,685 ms; then 52,849 ms of compute.
        var reduce = succeeded(link, "j/r/0/0");
        assertThat(reduce.outcome().nodeId()).isEqualTo("n1");
        assertThat(reduce.startTime()).contains(T0.plusSeconds(57));
        assertThat(reduce.outcome().time()).isEqualTo(T0.plusSeconds(57).plusMillis(2_685 + REDUCE_FAST));
        assertThat(report.counts().remoteShuffleBytes()).isEqualTo(32L << 20);
        assertThat(report.completions()).singleElement()
                .satisfies(c -> assertThat(c.finishTime()).isEqualTo(reduce.outcome().time()));
    }

    @Test
    void ownersClaimingCpuSlowTheAttemptAndAreShortOfWhatItTakes() {
        var cluster = ClusterSpec.of("one", List.of(node("n1", 2, 8.0)));
        var job = job("j", Duration.ZERO, 1, 0);
        // 2 cores: owners use 1 until T0 + 20 s, then 2. The map (1 core) gets 2 / (2 + 1) of its core from then on.
        var owners = new OwnerLoad(Map.of("n1", List.of(
                new OwnerSample(T0, 0.5, 0), new OwnerSample(T0.plusSeconds(20), 1.0, 0))));
        var link = RecordingPlannerLink.onFirstRound(round -> List.of(
                mapOn(job, 0, "n1", round.time())));

        var report = run(cluster, List.of(job), owners, link);

        // From T0 + 3 s to T0 + 20 s at 8e9 FLOP/s: 136e9 FLOP done, 280,074,956,800 left at 16e9 / 3 FLOP/s:
        // 52.51405 s, 52,515 ms. The owners ask 2 cores and get 4/3 for those 52.515 s: 2/3 core short.
        var end = T0.plusSeconds(20).plusMillis(52_515);
        assertThat(succeeded(link, "j/m/0/0").outcome().time()).isEqualTo(end);
        assertThat(report.owners().violationMillis()).isEqualTo(52_515);
        assertThat(report.owners().shortfallCoreSeconds()).isCloseTo(52.515 * 2 / 3, within(1e-6));
        assertThat(link.exchanges().get(0).round().utilization())
                .filteredOn(u -> u.source() == Utilization.Source.REGULAR && u.metric() == Utilization.Metric.CPU)
                .singleElement().satisfies(u -> assertThat(u.value()).isEqualTo(0.5));
    }

    @Test
    void jobsPastTheirDeadlineAreLateByTheirFinishLessTheDeadline() {
        var cluster = ClusterSpec.of("one", List.of(node("n1", 4, 8.0)));
        // Both end at T0 + 3 s + 52.010 s; one had until T0 + 30 s (25.010 s late), the other until T0 + 1 h.
        var late = withDeadline(job("late", Duration.ZERO, 1, 0), T0.plusSeconds(30));
        var onTime = withDeadline(job("ok", Duration.ZERO, 1, 0), T0.plusSeconds(3600));
        var link = RecordingPlannerLink.around(InProcessPlannerLink.of(PolicyName.FIFO));

        var report = run(cluster, List.of(late, onTime, job("none", Duration.ZERO, 1, 0)), OwnerLoad.NONE, link);

        assertThat(report.deadlines().jobs()).isEqualTo(2);
        assertThat(report.deadlines().late()).isEqualTo(1);
        assertThat(report.deadlines().meanTardiness()).isEqualTo(Duration.ofMillis(12_505));
        assertThat(report.deadlines().p95Tardiness()).isEqualTo(Duration.ofMillis(25_010));
        // The late job ran 55.010 s, 25.010 s of them past its goal; the one on time counts 0.
        assertThat(metric(report, "beyond_deadline_pct")).isCloseTo(100 * (25_010.0 / 55_010) / 2, within(1e-9));
        assertThat(metric(report, "deadline_met_pct")).isEqualTo(50.0);
        assertThat(metric(report, "tardiness_p95_s")).isEqualTo(25.010);
        assertThat(report.deadlines().goals()).extracting(JobGoal::jobId).containsExactly("late", "ok");
    }

    @Test
    void jobsOfFewerThanThreeRoundsAloneAreLeftOutOfTheMeasurableShare() {
        var cluster = ClusterSpec.of("one", List.of(node("n1", 4, 8.0)));
        // A 1 MiB map of 3,100 FLOP/B at 8 GFLOP/s is 0.407 s of work: 3.407 s alone with the round, under 9 s. Its
        // goal is 1 s after submission, before the first round: missed, and left out of the measurable share.
        var tiny = job("tiny", Duration.ZERO, 1, 0);
        var oneMib = tiny.group(TaskKind.MAP).orElseThrow();
        tiny = new Job("tiny", "name-tiny", "user", "default", 0, T0, Optional.of(T0.plusSeconds(1)), 1 << 20, 0, 0,
                List.of(new PhaseTasks(TaskKind.MAP, 1, 1 << 20, 1 << 20, oneMib.flopPerByte(), oneMib.demand(),
                        oneMib.dataset(), 0)));
        var late = withDeadline(job("late", Duration.ZERO, 1, 0), T0.plusSeconds(30));
        var onTime = withDeadline(job("ok", Duration.ZERO, 1, 0), T0.plusSeconds(3600));
        var link = RecordingPlannerLink.around(InProcessPlannerLink.of(PolicyName.FIFO));

        var report = run(cluster, List.of(tiny, late, onTime), OwnerLoad.NONE, link);

        assertThat(report.deadlines().goals()).filteredOn(g -> g.jobId().equals("tiny")).singleElement()
                .satisfies(g -> assertThat(g.standAlone()).isEqualTo(Duration.ofMillis(3_407)));
        assertThat(report.deadlines().measurable().goals()).extracting(JobGoal::jobId).containsExactly("late", "ok");
        assertThat(metric(report, "deadline_met_pct")).isCloseTo(100.0 / 3, within(1e-9));
        assertThat(metric(report, "measurable_deadline_met_pct")).isEqualTo(50.0);
    }

    @Test
    void runWithoutDeadlinesReportsTheirMetricsAsNaN() {
        var link = RecordingPlannerLink.around(InProcessPlannerLink.of(PolicyName.FIFO));

        var report = run(SimulatorFixtures.nodes(1), List.of(job("j", Duration.ZERO, 1, 0)), OwnerLoad.NONE, link);

        var deadlineKeys = List.of("late_job_pct", "deadline_met_pct", "measurable_deadline_met_pct",
                "tardiness_mean_s", "tardiness_p95_s", "beyond_deadline_pct");
        assertThat(report.metrics()).filteredOn(m -> deadlineKeys.contains(m.key()))
                .hasSize(6).allSatisfy(m -> assertThat(m.value()).isNaN());
        assertThat(report.metrics()).filteredOn(m -> m.key().equals("completion_mean_s")).singleElement()
                .satisfies(m -> assertThat(m.value()).isEqualTo((3_000 + MAP_FAST) / 1000.0));
    }

    @Test
    void sameOwnersAndSeedTwiceGiveTheSameRun() {
        var cluster = SimulatorFixtures.nodes(3);
        var owners = new OwnerLoad(Map.of(
                "n1", List.of(new OwnerSample(T0, 0.5, 0.2), new OwnerSample(T0.plusSeconds(60), 1.2, 0.97)),
                "n2", List.of(new OwnerSample(T0.plusSeconds(45), 0.8, 0.9))));
        var jobs = SimulatorFixtures.workload(12);

        var first = run(cluster, jobs, owners, RecordingPlannerLink.around(InProcessPlannerLink.of(PolicyName.FIFO)));
        var second = run(cluster, jobs, owners, RecordingPlannerLink.around(InProcessPlannerLink.of(PolicyName.FIFO)));

        assertThat(first.counts().killedAttempts()).as("n1's owners take 97% of its RAM").isPositive();
        assertThat(first.jobsCompleted()).isEqualTo(12);
        assertThat(second.withoutPlannerCpu()).isEqualTo(first.withoutPlannerCpu());
    }

    private static SimulationReport run(ClusterSpec cluster, List<Job> jobs, OwnerLoad owners,
                                        RecordingPlannerLink link) {
        return new Simulation(cluster, jobs, owners, List.of(), link, SimulationSettings.withSeed(SEED), p -> { })
                .run();
    }

    private static AttemptReport succeeded(RecordingPlannerLink link, String decisionId) {
        return link.reports().stream()
                .filter(r -> r.outcome().decisionId().equals(decisionId)
                        && r.outcome().state() == TaskOutcome.State.SUCCEEDED)
                .findFirst().orElseThrow(() -> new AssertionError(decisionId + " did not succeed"));
    }

    private static Job withDeadline(Job job, Instant deadline) {
        return job.withDeadline(Optional.of(deadline));
    }

    private static double metric(SimulationReport report, String key) {
        return report.metrics().stream().filter(m -> m.key().equals(key)).findFirst().orElseThrow().value();
    }
}
