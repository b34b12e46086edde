package io.gleaner.simulator.core;

import static io.gleaner.simulator.core.SimulatorFixtures.T0;
import static io.gleaner.simulator.core.SimulatorFixtures.job;
import static io.gleaner.simulator.core.SimulatorFixtures.scenario;
import static io.gleaner.simulator.core.SimulatorFixtures.smallWorkload;
import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.planner.core.Job;
import io.gleaner.planner.core.NodeState;
import io.gleaner.planner.core.PolicyName;
import io.gleaner.planner.core.TaskKind;
import io.gleaner.planner.core.TaskOutcome;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The whole loop with the planner's FIFO core in-process. */
class InProcessSimulationTest {

    private static final ClusterSpec CLUSTER = scenario("three-nodes");
    private static final SimulationSettings SETTINGS = SimulationSettings.withSeed(2009);

    @Test
    void everyJobOfTheSmallWorkloadCompletes() {
        var planner = InProcessPlannerLink.of(PolicyName.FIFO);

        var report = new Simulation(CLUSTER, smallWorkload(), planner, SETTINGS).run();

        assertThat(report.jobsSubmitted()).isEqualTo(5);
        assertThat(report.jobsCompleted()).isEqualTo(5);
        assertThat(report.unfinishedJobs()).isEmpty();
        assertThat(report.completions()).extracting(JobCompletion::jobId)
                .containsExactlyInAnyOrder("job-1", "job-2", "job-3", "job-4", "job-5");
        assertThat(planner.invalidInputs()).isEmpty();
    }

    @Test
    void eachTaskSucceedsExactlyOnce() {
        var link = RecordingPlannerLink.around(InProcessPlannerLink.of(PolicyName.FIFO));

        new Simulation(CLUSTER, smallWorkload(), link, SETTINGS).run();

        var successes = link.reports().stream()
                .filter(r -> r.outcome().state() == TaskOutcome.State.SUCCEEDED)
                .map(r -> r.outcome().jobId() + "/" + r.outcome().kind() + "/" + r.outcome().taskIndex())
                .toList();
        var expected = new ArrayList<String>();
        for (var job : smallWorkload()) {
            for (var kind : TaskKind.values()) {
                for (int i = 0; i < job.count(kind); i++) {
                    expected.add(job.jobId() + "/" + kind + "/" + i);
                }
            }
        }
        assertThat(successes).containsExactlyInAnyOrderElementsOf(expected);
    }

    @Test
    void reducesStartOnlyAfterEveryMapOfTheirJobSucceeded() {
        var link = RecordingPlannerLink.around(InProcessPlannerLink.of(PolicyName.FIFO));

        new Simulation(CLUSTER, smallWorkload(), link, SETTINGS).run();

        var reports = link.reports();
        for (var job : smallWorkload()) {
            if (job.count(TaskKind.REDUCE) == 0) {
                continue;
            }
            var lastMap = times(reports, job, TaskKind.MAP, TaskOutcome.State.SUCCEEDED).stream()
                    .max(Instant::compareTo).orElseThrow();
            var firstReduce = times(reports, job, TaskKind.REDUCE, TaskOutcome.State.LAUNCHED).stream()
                    .min(Instant::compareTo).orElseThrow();
            assertThat(firstReduce).as(job.jobId()).isAfterOrEqualTo(lastMap);
        }
    }

    @Test
    void everyDecisionIsAppliedOnceAndNoneFailsUnderFifo() {
        var link = RecordingPlannerLink.around(InProcessPlannerLink.of(PolicyName.FIFO));

        var report = new Simulation(CLUSTER, smallWorkload(), link, SETTINGS).run();

        var ids = link.exchanges().stream().flatMap(e -> e.placements().stream()).map(p -> p.decisionId()).toList();
        assertThat(ids).doesNotHaveDuplicates();
        assertThat(report.counts().decisions()).isEqualTo(ids.size());
        assertThat(report.counts().duplicateDecisions()).isZero();
        // FIFO fills only the spare capacity the heartbeat shows, so nothing is refused as "node full".
        assertThat(report.counts().failedAttempts()).isZero();
        assertThat(report.counts().attempts()).isEqualTo(report.counts().tasks());
    }

    @Test
    void reportCountsAgreeWithWhatWasSent() {
        var link = RecordingPlannerLink.around(InProcessPlannerLink.of(PolicyName.FIFO));

        var report = new Simulation(CLUSTER, smallWorkload(), link, SETTINGS).run();

        var launched = link.reports().stream().filter(r -> r.outcome().state() == TaskOutcome.State.LAUNCHED).toList();
        var maps = launched.stream().filter(r -> r.outcome().kind() == TaskKind.MAP).toList();
        assertThat(report.counts().attempts()).isEqualTo(launched.size());
        assertThat(report.counts().mapAttempts()).isEqualTo(maps.size());
        assertThat(report.counts().remoteMapAttempts()).isEqualTo(maps.stream().filter(r -> !r.local()).count());
        assertThat(report.counts().tasks()).isEqualTo(smallWorkload().stream()
                .mapToLong(j -> j.count(TaskKind.MAP) + j.count(TaskKind.REDUCE)).sum());
        assertThat(report.rounds()).isEqualTo(link.exchanges().size());
        assertThat(report.endTime()).isEqualTo(link.exchanges().get(link.exchanges().size() - 1).round().time());
        for (var completion : report.completions()) {
            var lastSuccess = link.reports().stream()
                    .filter(r -> r.outcome().jobId().equals(completion.jobId()))
                    .filter(r -> r.outcome().state() == TaskOutcome.State.SUCCEEDED)
                    .map(r -> r.outcome().time()).max(Instant::compareTo).orElseThrow();
            assertThat(completion.finishTime()).isEqualTo(lastSuccess);
        }
        var first = smallWorkload().stream().map(Job::submitTime).min(Instant::compareTo).orElseThrow();
        var last = report.completions().stream().map(JobCompletion::finishTime).max(Instant::compareTo).orElseThrow();
        assertThat(report.completion().makespan()).isEqualTo(Duration.between(first, last));
    }

    @Test
    void recordsOfARoundAreStampedBeforeItsGridTimeAndHeartbeatsAtIt() {
        var link = RecordingPlannerLink.around(InProcessPlannerLink.of(PolicyName.FIFO));

        new Simulation(CLUSTER, smallWorkload(), link, SETTINGS).run();

        for (var exchange : link.exchanges()) {
            var round = exchange.round();
            assertThat(round.time().toEpochMilli() % 3000).isZero();
            assertThat(round.submitted()).allSatisfy(j -> assertThat(j.submitTime()).isBefore(round.time()));
            assertThat(round.reports()).allSatisfy(r -> assertThat(r.outcome().time()).isBefore(round.time()));
            assertThat(round.heartbeats()).extracting(NodeState::time).containsOnly(round.time());
            assertThat(round.heartbeats()).extracting(NodeState::nodeId).containsExactly("n1", "n2", "n3");
        }
    }

    @Test
    void gridPointsWithNothingNewAreSkipped() {
        // Two one-map jobs an hour apart: 1200 grid points lie between them, only a handful carry an event.
        var jobs = List.of(job("early", Duration.ZERO, 1, 0), job("late", Duration.ofHours(1), 1, 0));
        var link = RecordingPlannerLink.around(InProcessPlannerLink.of(PolicyName.FIFO));

        var report = new Simulation(CLUSTER, jobs, link, SETTINGS).run();

        assertThat(report.jobsCompleted()).isEqualTo(2);
        assertThat(link.exchanges()).allSatisfy(e -> assertThat(
                e.round().submitted().size() + e.round().reports().size()).isPositive());
        assertThat(link.exchanges()).extracting(e -> e.round().time())
                .contains(T0.plusSeconds(3), T0.plus(Duration.ofHours(1)).plusSeconds(3));
        assertThat(report.rounds()).isLessThan(10);
    }

    @Test
    void sameSeedTwiceGivesTheSameDigestAndReport() {
        var first = new Simulation(CLUSTER, smallWorkload(), InProcessPlannerLink.of(PolicyName.FIFO), SETTINGS).run();
        var second = new Simulation(CLUSTER, smallWorkload(), InProcessPlannerLink.of(PolicyName.FIFO), SETTINGS).run();

        assertThat(second.decisionDigest()).isEqualTo(first.decisionDigest()).hasSize(64);
        assertThat(second.withoutPlannerCpu()).isEqualTo(first.withoutPlannerCpu());
    }

    @Test
    void progressIsToldAfterEveryRound() {
        var seen = new ArrayList<SimulationProgress>();

        var report = new Simulation(CLUSTER, smallWorkload(), InProcessPlannerLink.of(PolicyName.FIFO), SETTINGS,
                seen::add).run();

        assertThat(seen).hasSize((int) report.rounds());
        assertThat(seen).extracting(SimulationProgress::rounds).isSorted();
        assertThat(seen.get(seen.size() - 1)).isEqualTo(new SimulationProgress(report.rounds(), report.endTime(), 5, 5));
        assertThat(seen).extracting(SimulationProgress::virtualTime).doesNotHaveDuplicates().isSorted();
    }

    private static List<Instant> times(List<AttemptReport> reports, Job job, TaskKind kind, TaskOutcome.State state) {
        return reports.stream()
                .map(AttemptReport::outcome)
                .filter(o -> o.jobId().equals(job.jobId()) && o.kind() == kind && o.state() == state)
                .map(TaskOutcome::time)
                .toList();
    }
}
