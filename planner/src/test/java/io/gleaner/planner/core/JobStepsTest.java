package io.gleaner.planner.core;

import static io.gleaner.planner.core.PlannerFixtures.at;
import static io.gleaner.planner.core.PlannerFixtures.idleNode;
import static io.gleaner.planner.core.PlannerFixtures.job;
import static io.gleaner.planner.core.PlannerFixtures.maps;
import static io.gleaner.planner.core.PlannerFixtures.node;
import static io.gleaner.planner.core.PlannerFixtures.outcome;
import static io.gleaner.planner.core.PlannerFixtures.reduces;
import static io.gleaner.planner.core.PlannerFixtures.res;
import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.planner.core.JobStep.Type;
import io.gleaner.planner.core.TaskOutcome.State;
import io.gleaner.planner.core.fifo.FifoPolicy;
import java.util.ArrayList;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Each input's verdict carries the steps of jobs' life cycles it caused, for {@code jobs.events}. */
class JobStepsTest {

    private final PlannerCell cell = new PlannerCell(new FifoPolicy(), new InMemoryPlannerState());

    @Test
    void shouldPublishTheJobLifeCycleOnJobsEvents() {
        var steps = new ArrayList<JobStep>();
        steps.addAll(cell.onJob(job("j1", at(10), maps(1), reduces(1))).steps());
        var first = cell.onHeartbeat(node("n1", at(12), 1, res(1, 1)));
        steps.addAll(first.steps());
        cell.onHeartbeat(node("n2", at(12), 0, res(0, 0)));
        cell.onHeartbeat(node("n2", at(15), 0, res(0, 0)));
        // n1, silent since 12 s, is lost at 25 s (9 s timeout, n2 heard at 15 s); its map runs again on n2
        var lost = cell.onHeartbeat(node("n2", at(25), 1, res(1, 1)));
        steps.addAll(lost.steps());
        steps.addAll(cell.onOutcome(outcome(lost.placements().get(0), State.SUCCEEDED, at(30))).steps());
        var reduce = cell.onHeartbeat(node("n2", at(31), 1, res(1, 1))).placements().get(0);
        steps.addAll(cell.onOutcome(outcome(reduce, State.SUCCEEDED, at(40))).steps());

        assertThat(steps).extracting(JobStep::type)
                .containsExactly(Type.SUBMITTED, Type.STARTED, Type.ATTEMPT_LOST, Type.SUCCEEDED);
        assertThat(steps).extracting(JobStep::time).containsExactly(at(10), at(12), at(25), at(40));
        assertThat(steps).allSatisfy(step -> assertThat(step.tasks()).isEqualTo(2));
        var attemptLost = steps.get(2);
        assertThat(attemptLost.decisionId()).contains("j1/m/0/0");
        assertThat(attemptLost.nodeId()).contains("n1");
        assertThat(attemptLost.reason().orElseThrow()).startsWith("node n1 lost at " + at(25));
        assertThat(attemptLost.lostAttempts()).isEqualTo(1);
        var succeeded = steps.get(3);
        assertThat(succeeded.succeededTasks()).isEqualTo(2);
        assertThat(succeeded.lostAttempts()).isEqualTo(1);
        assertThat(succeeded.failedAttempts()).isZero();
    }

    @Test
    void shouldPublishTheRejectionOfAJobNoNodeHoldsWithItsReason() {
        cell.onHeartbeat(idleNode("n1", at(1)));

        var refused = cell.onJob(job("huge", at(10), maps(3, res(64, 1))));

        assertThat(refused).isInstanceOf(Verdict.Refused.class);
        var step = refused.steps().get(0);
        assertThat(step.type()).isEqualTo(Type.REJECTED);
        assertThat(step.tasks()).isEqualTo(3);
        assertThat(step.reason().orElseThrow()).contains("huge");
    }

    @Test
    void shouldPublishStartedOnlyAtTheFirstPlacement() {
        cell.onJob(job("j1", at(10), maps(2)));

        var first = cell.onHeartbeat(node("n1", at(12), 1, res(1, 1)));
        var second = cell.onHeartbeat(node("n2", at(12), 1, res(1, 1)));

        assertThat(first.steps()).extracting(JobStep::type).containsExactly(Type.STARTED);
        assertThat(second.placements()).hasSize(1);
        assertThat(second.steps()).isEmpty();
    }

    @Test
    void shouldMapAnAdmissionToItsStep() {
        var admitted = JobStep.admission(Admission.accepted("j1", at(10), at(100)), Optional.empty(), 4);

        assertThat(admitted.type()).isEqualTo(Type.ADMITTED);
        assertThat(admitted.estimatedCompletion()).contains(at(100));
        assertThat(admitted.tasks()).isEqualTo(4);
    }
}
