package io.gleaner.planner.core;

import static io.gleaner.planner.core.PlannerFixtures.at;
import static io.gleaner.planner.core.PlannerFixtures.idleNode;
import static io.gleaner.planner.core.PlannerFixtures.ids;
import static io.gleaner.planner.core.PlannerFixtures.job;
import static io.gleaner.planner.core.PlannerFixtures.maps;
import static io.gleaner.planner.core.PlannerFixtures.outcome;
import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.planner.core.TaskOutcome.State;
import io.gleaner.planner.core.fifo.FifoPolicy;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Refusals, the attempt limit and the retry backoff (docs/retries-and-reservations.md). */
class RetryTest {

    /** The default rules without node exclusion, so that one node can take every attempt of a task. */
    private static final RetryRules RULES = RetryRules.defaults().withExclusion(0, Duration.ZERO);

    private final InMemoryPlannerState state = new InMemoryPlannerState();
    private final PlannerCell cell = new PlannerCell(new FifoPolicy(), state, CapacityOutlook.NONE, JobHistory.NONE,
            NodeLiveness.defaults(), RULES);

    private static TaskOutcome ended(Placement placement, State state, Instant time, String reason) {
        return new TaskOutcome(placement.decisionId(), placement.jobId(), placement.kind(), placement.taskIndex(),
                placement.attempt(), placement.nodeId(), state, time, Optional.of(reason));
    }

    @Test
    void shouldFreeTheReservationAndRelaunchWithoutCountingWhenTheExecutorRefuses() {
        cell.onJob(job("j1", at(10), maps(1)));
        // a node with one slot, which never lists the attempt: only the refusal frees its reservation
        var placed = cell.onHeartbeat(PlannerFixtures.node("n1", at(12), 1, PlannerFixtures.res(1, 1)));
        var refused = cell.onOutcome(ended(placed.placements().get(0), State.REFUSED, at(13), "image not found"));

        var next = cell.onHeartbeat(PlannerFixtures.node("n1", at(14), 1, PlannerFixtures.res(1, 1)));

        assertThat(refused).isInstanceOf(Verdict.Applied.class);
        assertThat(ids(next.placements())).containsExactly("j1/m/0/1");
        assertThat(state.job("j1").orElseThrow().maps().failures(0)).isZero();
    }

    @Test
    void shouldNotCountRefusedKilledPreemptedOrLostAttemptsAgainstTheTask() {
        cell.onJob(job("j1", at(10), maps(1)));
        var time = 12;
        for (var end : new State[] {State.REFUSED, State.KILLED, State.PREEMPTED, State.REFUSED, State.KILLED}) {
            var placed = cell.onHeartbeat(idleNode("n1", at(time))).placements().get(0);
            cell.onOutcome(ended(placed, end, at(time + 1), "not the task's fault"));
            time += 2;
        }

        var sixth = cell.onHeartbeat(idleNode("n1", at(time)));

        assertThat(ids(sixth.placements())).containsExactly("j1/m/0/5");
        assertThat(state.job("j1").orElseThrow().failedAttempts()).isZero();
    }

    @Test
    void shouldWaitTheBackoffBeforeRelaunchingAFailedTask() {
        cell.onJob(job("j1", at(10), maps(1)));
        var first = cell.onHeartbeat(idleNode("n1", at(12))).placements().get(0);
        cell.onOutcome(ended(first, State.FAILED, at(13), "exit 1"));

        // 10 s after the first failure: not before 23 s
        var tooEarly = cell.onHeartbeat(idleNode("n1", at(22)));
        var second = cell.onHeartbeat(idleNode("n1", at(23))).placements();
        cell.onOutcome(ended(second.get(0), State.FAILED, at(24), "exit 1"));
        // doubled after the second: not before 24 + 20 = 44 s
        var stillWaiting = cell.onHeartbeat(idleNode("n1", at(43)));
        var third = cell.onHeartbeat(idleNode("n1", at(44)));

        assertThat(tooEarly.placements()).isEmpty();
        assertThat(ids(second)).containsExactly("j1/m/0/1");
        assertThat(stillWaiting.placements()).isEmpty();
        assertThat(ids(third.placements())).containsExactly("j1/m/0/2");
    }

    @Test
    void shouldDoubleTheBackoffUpToItsCap() {
        var rules = RetryRules.defaults();

        assertThat(rules.backoffAfter(1)).isEqualTo(Duration.ofSeconds(10));
        assertThat(rules.backoffAfter(3)).isEqualTo(Duration.ofSeconds(40));
        // 10 s * 2^6 = 640 s is past the 6 min cap
        assertThat(rules.backoffAfter(7)).isEqualTo(Duration.ofMinutes(6));
        assertThat(rules.backoffAfter(1_000)).isEqualTo(Duration.ofMinutes(6));
    }

    @Test
    void shouldFailTheJobWithAReasonWhenATaskFailsFourTimes() {
        cell.onJob(job("j1", at(10), maps(2)));
        var placed = cell.onHeartbeat(idleNode("n1", at(12))).placements();
        cell.onOutcome(outcome(placed.get(1), State.SUCCEEDED, at(13)));
        var attempt = placed.get(0);
        Verdict last = null;
        // failures at 13, 24, 45 and 86 s: each relaunch waits 10, 20 and 40 s
        long[] failAt = {13, 24, 45, 86};
        for (int i = 0; i < failAt.length; i++) {
            last = cell.onOutcome(ended(attempt, State.FAILED, at(failAt[i]), "exit " + (i + 1)));
            if (i < failAt.length - 1) {
                attempt = cell.onHeartbeat(idleNode("n1", at(failAt[i + 1] - 1))).placements().get(0);
            }
        }

        assertThat(attempt.decisionId()).isEqualTo("j1/m/0/3");
        var failed = last.steps();
        assertThat(failed).hasSize(1);
        assertThat(failed.get(0).type()).isEqualTo(JobStep.Type.FAILED);
        assertThat(failed.get(0).reason().orElseThrow())
                .contains("j1/m/0 failed 4 times").contains("j1/m/0/3").contains("exit 4");
        assertThat(failed.get(0).failedAttempts()).isEqualTo(4);
        assertThat(failed.get(0).succeededTasks()).isEqualTo(1);
        assertThat(state.job("j1")).isEmpty();
        assertThat(state.completedAt("j1")).contains(at(86));
    }

    @Test
    void shouldIgnoreLaterReportsOfAFailedJobWithoutADeadLetter() {
        var rules = RULES.withMaxAttempts(1);
        var oneTry = new PlannerCell(new FifoPolicy(), state, CapacityOutlook.NONE, JobHistory.NONE,
                NodeLiveness.defaults(), rules);
        oneTry.onJob(job("j1", at(10), maps(2)));
        var placed = oneTry.onHeartbeat(idleNode("n1", at(12))).placements();
        oneTry.onOutcome(ended(placed.get(0), State.FAILED, at(13), "exit 1"));

        var late = oneTry.onOutcome(outcome(placed.get(1), State.SUCCEEDED, at(14)));
        var nothing = oneTry.onHeartbeat(idleNode("n1", at(15)));

        assertThat(late).isInstanceOf(Verdict.Ignored.class);
        assertThat(nothing.placements()).isEmpty();
    }

    @Test
    void shouldDecideTheSameAfterARestartDuringABackoff() {
        var restarted = new InMemoryPlannerState();
        var before = new PlannerCell(new FifoPolicy(), restarted, CapacityOutlook.NONE, JobHistory.NONE,
                NodeLiveness.defaults(), RULES);
        before.onJob(job("j1", at(10), maps(1)));
        var first = before.onHeartbeat(idleNode("n1", at(12))).placements().get(0);
        before.onOutcome(ended(first, State.FAILED, at(13), "exit 1"));
        // the state the stores would restore: every job's progress put again into a new state
        var copy = new InMemoryPlannerState();
        restarted.queue().forEach(copy::putJob);
        copy.putNode(restarted.node("n1").orElseThrow());
        var after = new PlannerCell(new FifoPolicy(), copy, CapacityOutlook.NONE, JobHistory.NONE,
                NodeLiveness.defaults(), RULES);

        assertThat(after.onHeartbeat(idleNode("n1", at(22))).placements()).isEmpty();
        assertThat(ids(after.onHeartbeat(idleNode("n1", at(23))).placements())).containsExactly("j1/m/0/1");
    }
}
