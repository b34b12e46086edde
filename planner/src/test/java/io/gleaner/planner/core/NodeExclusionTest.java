package io.gleaner.planner.core;

import static io.gleaner.planner.core.PlannerFixtures.at;
import static io.gleaner.planner.core.PlannerFixtures.idleNode;
import static io.gleaner.planner.core.PlannerFixtures.ids;
import static io.gleaner.planner.core.PlannerFixtures.job;
import static io.gleaner.planner.core.PlannerFixtures.maps;
import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.planner.core.TaskOutcome.State;
import io.gleaner.planner.core.fifo.FifoPolicy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Exclude-on-failure: a node on which several jobs' attempts keep failing, being killed or refused gets none for a
 * while; one job's failures count once.
 */
class NodeExclusionTest {

    /** Default exclusion (3 jobs in a row, 10 min), no backoff and a high attempt limit, so that only exclusion acts. */
    private static final RetryRules RULES = RetryRules.defaults().withBackoff(Duration.ZERO, Duration.ZERO)
            .withMaxAttempts(100);

    private final InMemoryPlannerState state = new InMemoryPlannerState();
    private final PlannerCell cell = new PlannerCell(new FifoPolicy(), state, CapacityOutlook.NONE, JobHistory.NONE,
            NodeLiveness.OFF, RULES);

    private void end(Placement placement, State end, long seconds) {
        cell.onOutcome(new TaskOutcome(placement.decisionId(), placement.jobId(), placement.kind(),
                placement.taskIndex(), placement.attempt(), placement.nodeId(), end, at(seconds),
                Optional.of("bad disk")));
    }

    /** Jobs j1, j2 and j3 of one map each, submitted at 10 s, placed on n1 at 12 s. */
    private List<Placement> threeJobsOnN1() {
        cell.onJob(job("j1", at(10), maps(1)));
        cell.onJob(job("j2", at(10), maps(1)));
        cell.onJob(job("j3", at(10), maps(1)));
        return cell.onHeartbeat(idleNode("n1", at(12))).placements();
    }

    @Test
    void shouldExcludeANodeOnWhichSeveralJobsKeepFailing() {
        var placed = threeJobsOnN1();
        end(placed.get(0), State.FAILED, 13);
        end(placed.get(1), State.KILLED, 13);
        end(placed.get(2), State.REFUSED, 13);

        // three jobs in a row at 13 s: n1 gets nothing until 13 s + 10 min, while n2 takes the three relaunches
        var excluded = cell.onHeartbeat(idleNode("n1", at(14)));
        var elsewhere = cell.onHeartbeat(idleNode("n2", at(14)));

        assertThat(excluded.placements()).isEmpty();
        assertThat(ids(elsewhere.placements())).containsExactly("j1/m/0/1", "j2/m/0/1", "j3/m/0/1");
        assertThat(state.standing("n1").orElseThrow().excludedUntil()).contains(at(613));
    }

    @Test
    void shouldNotExcludeANodeForOneJobWhoseAttemptsFailWherever() {
        cell.onJob(job("j1", at(10), maps(4)));
        var placed = cell.onHeartbeat(idleNode("n1", at(12))).placements();
        end(placed.get(0), State.FAILED, 13);
        end(placed.get(1), State.KILLED, 13);
        end(placed.get(2), State.REFUSED, 13);

        // one job's three ends count once: the job's fault, so n1 takes the relaunches
        var next = cell.onHeartbeat(idleNode("n1", at(14)).withRunningAttempts(List.of("j1/m/3/0")));

        assertThat(ids(next.placements())).containsExactly("j1/m/0/1", "j1/m/1/1", "j1/m/2/1");
        assertThat(state.standing("n1").orElseThrow().jobsInARow()).containsExactly("j1");
        assertThat(state.standing("n1").orElseThrow().excludedUntil()).isEmpty();
    }

    @Test
    void shouldFailAJobWhoseEveryAttemptFailsOnAOneNodeClusterInsteadOfExcludingTheNode() {
        var cell = new PlannerCell(new FifoPolicy(), new InMemoryPlannerState(), CapacityOutlook.NONE,
                JobHistory.NONE, NodeLiveness.OFF, RetryRules.defaults().withBackoff(Duration.ZERO, Duration.ZERO));
        cell.onJob(job("j1", at(10), maps(1)));
        var steps = new ArrayList<JobStep>();
        for (int attempt = 0; attempt < RetryRules.DEFAULT_MAX_ATTEMPTS; attempt++) {
            var placed = cell.onHeartbeat(idleNode("n1", at(12 + 2L * attempt))).placements();
            assertThat(placed).as("attempt %d placed", attempt).hasSize(1);
            var p = placed.get(0);
            var verdict = cell.onOutcome(new TaskOutcome(p.decisionId(), p.jobId(), p.kind(), p.taskIndex(),
                    p.attempt(), p.nodeId(), State.FAILED, at(13 + 2L * attempt), Optional.of("exit 127")));
            steps.addAll(((Verdict.Applied) verdict).steps());
        }

        assertThat(steps).extracting(JobStep::type).containsExactly(JobStep.Type.FAILED);
    }

    @Test
    void shouldGiveAnExcludedNodeAttemptsAgainOnceItsExclusionEnds() {
        threeJobsOnN1().forEach(placement -> end(placement, State.FAILED, 13));

        var stillExcluded = cell.onHeartbeat(idleNode("n1", at(612)));
        var back = cell.onHeartbeat(idleNode("n1", at(613)));

        assertThat(stillExcluded.placements()).isEmpty();
        assertThat(ids(back.placements())).containsExactly("j1/m/0/1", "j2/m/0/1", "j3/m/0/1");
    }

    @Test
    void shouldStartTheCountAgainAfterASuccess() {
        cell.onJob(job("j1", at(10), maps(1)));
        cell.onJob(job("j2", at(10), maps(1)));
        cell.onJob(job("j3", at(10), maps(1)));
        cell.onJob(job("j4", at(10), maps(1)));
        var placed = cell.onHeartbeat(idleNode("n1", at(12))).placements();
        end(placed.get(0), State.FAILED, 13);
        end(placed.get(1), State.FAILED, 14);
        end(placed.get(2), State.SUCCEEDED, 15);
        end(placed.get(3), State.FAILED, 16);

        var next = cell.onHeartbeat(idleNode("n1", at(17)));

        assertThat(ids(next.placements())).containsExactly("j1/m/0/1", "j2/m/0/1", "j4/m/0/1");
    }

    @Test
    void shouldNotCountPreemptionsAgainstTheNode() {
        cell.onJob(job("j1", at(10), maps(3)));
        var placed = cell.onHeartbeat(idleNode("n1", at(12))).placements();
        placed.forEach(placement -> end(placement, State.PREEMPTED, 13));

        var next = cell.onHeartbeat(idleNode("n1", at(14)));

        assertThat(next.placements()).hasSize(3);
    }
}
