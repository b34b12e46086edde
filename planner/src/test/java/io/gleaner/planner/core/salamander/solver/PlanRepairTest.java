package io.gleaner.planner.core.salamander.solver;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@link LateAcceptanceTabuSearch#repair}: a previous plan kept where it still fits, what changed placed anew. */
class PlanRepairTest {

    private static SolverBudget moves(long seed, long moves) {
        return new SolverBudget(seed, moves, Duration.ofMinutes(5));
    }

    /** The instance without its last job, as the plan before that job arrived saw it. */
    private static Instance withoutLastJob(Instance full) {
        return new Instance(full.window(), full.nodes(), full.jobs().subList(0, full.jobs().size() - 1),
                full.margin(), Map.of());
    }

    @Test
    void aNewJobIsAddedWithoutMovingThePlannedOnesAndThePlanStaysFeasible() {
        var full = Figure4Instances.generate(500, 3);
        var before = new LateAcceptanceTabuSearch().run(withoutLastJob(full), moves(1, 2_000)).schedule();

        var run = new LateAcceptanceTabuSearch().repair(full, before, moves(1, 0));

        var verdict = ScheduleChecker.check(full, run.schedule());
        assertThat(verdict.violations()).isEmpty();
        assertThat(run.schedule().assignments()).containsAllEntriesOf(before.assignments());
        var newJob = full.jobs().get(full.jobs().size() - 1);
        assertThat(newJob.tasks()).allSatisfy(task -> assertThat(run.schedule().of(task.id())).isNotNull());
        assertThat(run.schedule().assignments()).hasSize(full.taskCount());
    }

    @Test
    void aJobWithATaskOnALostNodeIsPlacedAgainAndTheOthersStay() {
        var full = Figure4Instances.generate(500, 4);
        var before = new LateAcceptanceTabuSearch().run(full, moves(2, 2_000)).schedule();
        var lost = full.nodes().get(0).id();
        var previous = new HashMap<String, Assignment>();
        var touched = new HashMap<String, Boolean>();
        before.assignments().forEach((taskId, assignment) -> previous.put(taskId, assignment.nodeId().equals(lost)
                ? new Assignment("gone", assignment.start()) : assignment));
        for (var job : full.jobs()) {
            touched.put(job.id(), job.tasks().stream().anyMatch(task -> previous.get(task.id()) != null
                    && previous.get(task.id()).nodeId().equals("gone")));
        }

        var run = new LateAcceptanceTabuSearch().repair(full, new Schedule(previous), moves(2, 0));

        assertThat(ScheduleChecker.check(full, run.schedule()).violations()).isEmpty();
        assertThat(run.schedule().assignments().values()).noneMatch(a -> a.nodeId().equals("gone"));
        assertThat(touched).containsValue(true);
        for (var job : full.jobs()) {
            if (!touched.get(job.id())) {
                assertThat(job.tasks()).allSatisfy(task -> assertThat(run.schedule().of(task.id()))
                        .isEqualTo(before.of(task.id())));
            }
        }
    }

    @Test
    void aPlacementThatNoLongerFitsIsNotKept() {
        var full = Figure4Instances.generate(500, 5);
        var before = new LateAcceptanceTabuSearch().run(full, moves(3, 1_000)).schedule();
        // every task moved to the last step: a task longer than one step runs past the window there
        var previous = new HashMap<String, Assignment>();
        before.assignments().forEach((taskId, assignment) -> previous.put(taskId,
                new Assignment(assignment.nodeId(), full.window().steps() - 1)));

        var run = new LateAcceptanceTabuSearch().repair(full, new Schedule(previous), moves(3, 500));

        assertThat(ScheduleChecker.check(full, run.schedule()).violations()).isEmpty();
        assertThat(run.objective().scheduledTasks()).isEqualTo(before.assignments().size());
    }

    @Test
    void theSameInputsAndMoveLimitGiveTheSameRepair() {
        var full = Figure4Instances.generate(500, 6);
        var before = new LateAcceptanceTabuSearch().run(withoutLastJob(full), moves(4, 1_000)).schedule();

        var a = new LateAcceptanceTabuSearch().repair(full, before, moves(9, 1_000));
        var b = new LateAcceptanceTabuSearch().repair(full, before, moves(9, 1_000));

        assertThat(a.moves()).isEqualTo(1_000);
        assertThat(a.schedule()).isEqualTo(b.schedule());
    }
}
