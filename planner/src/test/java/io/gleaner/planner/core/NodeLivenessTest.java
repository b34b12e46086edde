package io.gleaner.planner.core;

import static io.gleaner.planner.core.PlannerFixtures.at;
import static io.gleaner.planner.core.PlannerFixtures.ids;
import static io.gleaner.planner.core.PlannerFixtures.job;
import static io.gleaner.planner.core.PlannerFixtures.maps;
import static io.gleaner.planner.core.PlannerFixtures.node;
import static io.gleaner.planner.core.PlannerFixtures.outcome;
import static io.gleaner.planner.core.PlannerFixtures.res;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gleaner.planner.core.TaskOutcome.State;
import io.gleaner.planner.core.fifo.FifoPolicy;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Node liveness in the {@link PlannerCell} (docs/node-liveness.md), with the default node timeout of 9 s. */
class NodeLivenessTest {

    private final InMemoryPlannerState state = new InMemoryPlannerState();
    private final PlannerCell cell = new PlannerCell(new FifoPolicy(), state, CapacityOutlook.NONE, JobHistory.NONE,
            NodeLiveness.defaults());

    /** A node with one free slot: each heartbeat of it places at most one attempt. */
    private static NodeState oneSlot(String nodeId, long seconds) {
        return node(nodeId, at(seconds), 1, res(16, 64));
    }

    /** A node with no free slot: its heartbeats place nothing. */
    private static NodeState full(String nodeId, long seconds) {
        return node(nodeId, at(seconds), 0, res(0, 0));
    }

    @Test
    void shouldLoseANodeSilentForLongerThanTheTimeoutAndRelaunchItsAttemptElsewhere() {
        // n1 takes the job's only map at 0 s and is never heard again; n2 heartbeats every 3 s, full until 12 s.
        cell.onJob(job("j1", at(0), maps(1)));
        assertThat(ids(cell.onHeartbeat(oneSlot("n1", 0)).placements())).containsExactly("j1/m/0/0");
        cell.onHeartbeat(full("n2", 0));
        cell.onHeartbeat(full("n2", 3));
        cell.onHeartbeat(full("n2", 6));
        // 9 s of silence is not more than the timeout.
        var atTimeout = cell.onHeartbeat(oneSlot("n2", 9));

        var after = cell.onHeartbeat(oneSlot("n2", 12));

        assertThat(atTimeout.placements()).isEmpty();
        assertThat(((Verdict.Applied) atTimeout).lost()).isEmpty();
        assertThat(((Verdict.Applied) after).lost())
                .containsExactly(new NodeLoss("n1", at(0), at(12), List.of("j1/m/0/0")));
        // Relaunched at once, on the heartbeat that found n1 lost: 12 s is within one timeout plus one period.
        assertThat(ids(after.placements())).containsExactly("j1/m/0/1");
        assertThat(state.node("n1")).isEmpty();
        assertThat(state.lostAt("n1")).contains(at(12));
    }

    @Test
    void shouldTellThePolicyOfTheLossAfterItsAttemptsWereRelaunchedAndBeforeThePlacements() {
        var heard = new ArrayList<String>();
        var policy = new PlacementPolicy() {
            private final FifoPolicy fifo = new FifoPolicy();

            @Override
            public PlacementResult place(PlanningState planning, Instant now) {
                heard.add("place on " + planning.node().nodeId() + " at " + now);
                return fifo.place(planning, now);
            }

            @Override
            public void onProgress(Optional<JobProgress> before, Optional<JobProgress> after) {
                after.filter(p -> !p.maps().relaunch().isEmpty()).ifPresent(p -> heard.add("relaunch " + p.jobId()));
            }

            @Override
            public void onNodeLost(String nodeId, Instant at) {
                heard.add("lost " + nodeId + " at " + at);
            }
        };
        var told = new PlannerCell(policy, new InMemoryPlannerState(), CapacityOutlook.NONE, JobHistory.NONE,
                NodeLiveness.defaults());
        told.onJob(job("j1", at(0), maps(1)));
        told.onHeartbeat(oneSlot("n1", 0));
        told.onHeartbeat(full("n2", 0));
        told.onHeartbeat(full("n2", 9));
        heard.clear();

        told.onHeartbeat(oneSlot("n2", 12));

        assertThat(heard).containsExactly("relaunch j1", "lost n1 at " + at(12), "place on n2 at " + at(12));
    }

    @Test
    void shouldLoseOnlyAttemptsThatHaveNotEnded() {
        cell.onJob(job("j1", at(0), maps(2)));
        var placed = cell.onHeartbeat(node("n1", at(0), 2, res(16, 64))).placements();
        cell.onOutcome(outcome(placed.get(0), State.SUCCEEDED, at(1)));
        cell.onHeartbeat(full("n2", 5));

        var after = (Verdict.Applied) cell.onHeartbeat(oneSlot("n2", 10));

        assertThat(after.lost()).singleElement().extracting(NodeLoss::relaunchedAttempts)
                .isEqualTo(List.of("j1/m/1/0"));
        assertThat(ids(after.placements())).containsExactly("j1/m/1/1");
    }

    @Test
    void shouldLoseNoNodeAfterAGapInWhichNoNodeWasHeard() {
        // Both nodes heard at 0 s, then nothing for a minute (the link was down, or the simulation skipped idle
        // rounds): n2's previous heartbeat is no later than n1's latest, so n1's silence is not its own.
        cell.onJob(job("j1", at(0), maps(1)));
        cell.onHeartbeat(oneSlot("n1", 0));
        cell.onHeartbeat(full("n2", 0));

        var afterGap = (Verdict.Applied) cell.onHeartbeat(full("n2", 60));

        assertThat(afterGap.lost()).isEmpty();
        assertThat(state.node("n1")).isPresent();
    }

    @Test
    void shouldIgnoreALateReportOfALostNodeWithTheReason() {
        cell.onJob(job("j1", at(0), maps(1)));
        var placement = cell.onHeartbeat(oneSlot("n1", 0)).placements().get(0);
        cell.onHeartbeat(full("n2", 3));
        cell.onHeartbeat(full("n2", 12));

        var late = cell.onOutcome(outcome(placement, State.SUCCEEDED, at(13)));

        assertThat(late).isInstanceOf(Verdict.Ignored.class);
        assertThat(((Verdict.Ignored) late).why()).contains("node n1 was lost at " + at(12));
        assertThat(state.job("j1")).isPresent();
    }

    @Test
    void shouldIgnoreAHeartbeatOfTheLostIncarnationAndTakeALaterOneAsANewNode() {
        cell.onJob(job("j1", at(0), maps(1)));
        cell.onHeartbeat(oneSlot("n1", 0));
        cell.onHeartbeat(full("n2", 3));
        cell.onHeartbeat(full("n2", 12));

        var stale = cell.onHeartbeat(full("n1", 11));
        var returned = cell.onHeartbeat(oneSlot("n1", 13));

        assertThat(stale).isInstanceOf(Verdict.Ignored.class);
        // The new incarnation gets the task's next attempt, not its old one back.
        assertThat(ids(returned.placements())).containsExactly("j1/m/0/1");
        var oldAttempt = outcome("j1", TaskKind.MAP, 0, 0, "n1", State.SUCCEEDED, at(14));
        assertThat(cell.onOutcome(oldAttempt)).isInstanceOf(Verdict.Ignored.class);
        assertThat(state.job("j1").orElseThrow().isComplete()).isFalse();
    }

    @Test
    void shouldNeverLoseANodeWhenLivenessIsOff() {
        var off = new PlannerCell(new FifoPolicy(), state, CapacityOutlook.NONE, JobHistory.NONE, NodeLiveness.OFF);
        off.onJob(job("j1", at(0), maps(1)));
        off.onHeartbeat(oneSlot("n1", 0));
        off.onHeartbeat(full("n2", 3));

        var later = (Verdict.Applied) off.onHeartbeat(oneSlot("n2", 600));

        assertThat(later.lost()).isEmpty();
        assertThat(later.placements()).isEmpty();
    }

    @Test
    void shouldRejectATimeoutThatIsNotAWholePositiveNumberOfMilliseconds() {
        assertThatThrownBy(() -> NodeLiveness.after(Duration.ZERO)).hasMessageContaining("was PT0S");
        assertThatThrownBy(() -> new NodeLiveness(Optional.of(Duration.ofNanos(1500))))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void shouldParseADecisionIdFromTheRightAsAJobIdMayHoldASlash() {
        assertThat(TaskAttempt.parse("team/j1/r/4/2")).contains(new TaskAttempt("team/j1", TaskKind.REDUCE, 4, 2));
        assertThat(TaskAttempt.parse("j1/x/4/2")).isEmpty();
        assertThat(TaskAttempt.parse("j1/m/-1/0")).isEmpty();
    }
}
