package io.gleaner.simulator.core;

import static io.gleaner.simulator.core.SimulatorFixtures.T0;
import static io.gleaner.simulator.core.SimulatorFixtures.job;
import static io.gleaner.simulator.core.SimulatorFixtures.scenario;
import static io.gleaner.simulator.core.SimulatorFixtures.smallWorkload;
import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.planner.core.CapacityOutlook;
import io.gleaner.planner.core.InMemoryPlannerState;
import io.gleaner.planner.core.JobHistory;
import io.gleaner.planner.core.NodeLiveness;
import io.gleaner.planner.core.Placement;
import io.gleaner.planner.core.PlannerCell;
import io.gleaner.planner.core.PolicyName;
import io.gleaner.planner.core.TaskOutcome;
import io.gleaner.planner.core.policies.Policies;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** A node that goes silent in the middle of a run, with the planner's FIFO core in-process (docs/node-liveness.md). */
class NodeFailureSimulationTest {

    private static final ClusterSpec CLUSTER = scenario("three-nodes");
    /** n1 fails 10 s in, while it runs maps of job-1 and job-2 (both submitted in the first second). */
    private static final NodeFailure FAILURE = new NodeFailure("n1", T0.plusSeconds(10));
    private static final SimulationSettings SETTINGS = SimulationSettings.withSeed(2009)
            .withNodeFailures(List.of(FAILURE));

    @Test
    void withSpareCapacityEachAttemptOfTheFailedNodeRunsAgainElsewhereWithinOneTimeoutAndOnePeriod() {
        // FIFO puts the job's 4 maps on n1, the first node to heartbeat (3 s); each takes 52 s, so n1 holds all four
        // when it fails at 10 s, and n2 and n3 have free slots for them.
        var planner = InProcessPlannerLink.of(PolicyName.FIFO);
        var link = RecordingPlannerLink.around(planner);

        var report = new Simulation(CLUSTER, List.of(job("j", Duration.ZERO, 4, 0)), link, SETTINGS).run();

        assertThat(report.jobsCompleted()).isEqualTo(1);
        var lost = lostAttempts(link);
        assertThat(lost).extracting(Placement::decisionId).containsExactly("j/m/0/0", "j/m/1/0", "j/m/2/0", "j/m/3/0");
        // No owners kill anything here: the four tasks count as relaunched because their node failed.
        assertThat(report.counts().killedAttempts()).isZero();
        assertThat(report.counts().relaunchedTasks()).isEqualTo(4);
        // n1's last heartbeat (9 s) is before the failure; the first heartbeat more than 9 s later (21 s) finds it
        // lost and places the next attempts at once: by 10 s + 9 s + 3 s.
        var deadline = FAILURE.at().plus(NodeLiveness.DEFAULT_NODE_TIMEOUT).plus(SETTINGS.heartbeatPeriod());
        for (var p : lost) {
            assertThat(nextAttempt(link, p)).as("the next attempt of %s", p.decisionId()).hasValueSatisfying(q -> {
                assertThat(q.nodeId()).isNotEqualTo(FAILURE.nodeId());
                assertThat(at(q)).isAfter(FAILURE.at()).isBeforeOrEqualTo(deadline);
            });
        }
    }

    @Test
    void onAFullClusterEveryJobCompletesAndNothingIsHeardOfTheFailedNode() {
        var planner = InProcessPlannerLink.of(PolicyName.FIFO);
        var link = RecordingPlannerLink.around(planner);

        var report = new Simulation(CLUSTER, smallWorkload(), link, SETTINGS).run();

        assertThat(report.jobsCompleted()).isEqualTo(report.jobsSubmitted()).isEqualTo(5);
        assertThat(planner.invalidInputs()).isEmpty();
        var lost = lostAttempts(link);
        assertThat(lost).as("attempts n1 held when it failed").isNotEmpty();
        // The other nodes are busy: the next attempts wait for a free slot, but each runs, and not on n1.
        for (var p : lost) {
            assertThat(nextAttempt(link, p)).as("the next attempt of %s", p.decisionId())
                    .hasValueSatisfying(q -> assertThat(q.nodeId()).isNotEqualTo(FAILURE.nodeId()));
        }
        assertThat(link.exchanges()).allSatisfy(e -> {
            if (!e.round().time().isBefore(FAILURE.at())) {
                assertThat(e.round().heartbeats()).noneMatch(h -> h.nodeId().equals(FAILURE.nodeId()));
                assertThat(e.round().reports()).noneMatch(r -> r.outcome().nodeId().equals(FAILURE.nodeId()));
            }
        });
    }

    @ParameterizedTest
    @EnumSource(PolicyName.class)
    void underEveryPolicyEveryJobCompletesAndTheFailedNodesAttemptsRunAgainElsewhere(PolicyName policy) {
        var planner = InProcessPlannerLink.of(policy);
        var link = RecordingPlannerLink.around(planner);

        var report = new Simulation(CLUSTER, smallWorkload(), link, SETTINGS).run();

        assertThat(report.jobsCompleted()).isEqualTo(report.jobsSubmitted()).isEqualTo(5);
        assertThat(planner.invalidInputs()).isEmpty();
        var lost = lostAttempts(link);
        assertThat(lost).as("attempts n1 held when it failed").isNotEmpty();
        for (var p : lost) {
            assertThat(nextAttempt(link, p)).as("the next attempt of %s", p.decisionId())
                    .hasValueSatisfying(q -> assertThat(q.nodeId()).isNotEqualTo(FAILURE.nodeId()));
        }
    }

    /** The placements on the failed node decided before it failed whose attempts had not ended by then. */
    private static List<Placement> lostAttempts(RecordingPlannerLink link) {
        return placements(link).stream()
                .filter(p -> p.nodeId().equals(FAILURE.nodeId()) && at(p).isBefore(FAILURE.at()))
                .filter(p -> !ended(link, p))
                .toList();
    }

    private static List<Placement> placements(RecordingPlannerLink link) {
        return link.exchanges().stream().flatMap(e -> e.placements().stream()).toList();
    }

    /** The placement of the attempt after {@code p}'s of the same task, if any. */
    private static Optional<Placement> nextAttempt(RecordingPlannerLink link, Placement p) {
        return placements(link).stream()
                .filter(q -> q.jobId().equals(p.jobId()) && q.kind() == p.kind() && q.taskIndex() == p.taskIndex()
                        && q.attempt() == p.attempt() + 1)
                .findFirst();
    }

    @Test
    void withoutNodeLivenessTheRunGivesUpAnHourAfterTheFailureWithTheLostJobUnfinished() {
        var cell = new PlannerCell(Policies.create(PolicyName.FIFO), new InMemoryPlannerState(), CapacityOutlook.NONE,
                JobHistory.NONE, NodeLiveness.OFF);

        var report = new Simulation(CLUSTER, List.of(job("j", Duration.ZERO, 4, 0)), new InProcessPlannerLink(cell),
                SETTINGS).run();

        // Nothing is due after the failure, but rounds go on, idle, for Simulation.RELAUNCH_PATIENCE: the planner
        // never relaunches, as before node liveness, and the job never completes.
        assertThat(report.jobsCompleted()).isZero();
        assertThat(report.unfinishedJobs()).containsExactly("j");
        assertThat(report.endTime()).isAfter(FAILURE.at().plus(Simulation.RELAUNCH_PATIENCE).minusSeconds(3))
                .isBeforeOrEqualTo(FAILURE.at().plus(Simulation.RELAUNCH_PATIENCE).plusSeconds(3));
    }

    @Test
    void aRunWithoutFailuresIsUnchangedByTheSchedule() {
        var plain = new Simulation(CLUSTER, smallWorkload(), InProcessPlannerLink.of(PolicyName.FIFO),
                SimulationSettings.withSeed(2009)).run();
        var empty = new Simulation(CLUSTER, smallWorkload(), InProcessPlannerLink.of(PolicyName.FIFO),
                SimulationSettings.withSeed(2009).withNodeFailures(List.of())).run();

        assertThat(empty.decisionDigest()).isEqualTo(plain.decisionDigest());
    }

    /** When {@code p} was decided: the event time of the heartbeat it answered. */
    private static Instant at(Placement p) {
        return Instant.ofEpochMilli(p.epoch());
    }

    /** Whether {@code p}'s attempt was reported ended before the failure. */
    private static boolean ended(RecordingPlannerLink link, Placement p) {
        return link.reports().stream().anyMatch(r -> r.outcome().decisionId().equals(p.decisionId())
                && r.outcome().state() != TaskOutcome.State.LAUNCHED && r.outcome().time().isBefore(FAILURE.at()));
    }
}
