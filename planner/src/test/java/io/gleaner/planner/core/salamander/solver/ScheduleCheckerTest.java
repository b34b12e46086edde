package io.gleaner.planner.core.salamander.solver;

import static io.gleaner.planner.core.salamander.solver.SalamanderFixtures.idleNode;
import static io.gleaner.planner.core.salamander.solver.SalamanderFixtures.instance;
import static io.gleaner.planner.core.salamander.solver.SalamanderFixtures.job;
import static io.gleaner.planner.core.salamander.solver.SalamanderFixtures.schedule;
import static io.gleaner.planner.core.salamander.solver.SalamanderFixtures.task;
import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.planner.core.salamander.solver.ScheduleChecker.Constraint;
import io.gleaner.planner.core.salamander.solver.ScheduleChecker.Violation;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ScheduleCheckerTest {

    /** T = 6; one node with 2 cores; job J: maps m1, m2 (1 core, Te 2), reduce r (2 cores, Te 1); job K: k (2, Te 3). */
    private static Instance small() {
        return instance(6, List.of(idleNode("n1", 2, 8, 6)), List.of(
                job("J", List.of(task("m1", 1, 2), task("m2", 1, 2)), List.of(task("r", 2, 1))),
                job("K", List.of(task("k", 2, 3)), List.of())));
    }

    private static List<Constraint> broken(Schedule schedule) {
        return ScheduleChecker.check(small(), schedule).violations().stream().map(Violation::constraint).toList();
    }

    @Test
    void feasibleScheduleCountsTasksAndMakespan() {
        // m1, m2 side by side on [0,2), r on [2,3), k on [3,6): 4 tasks, makespan 6
        var verdict = ScheduleChecker.check(small(), schedule("m1", "n1", 0, "m2", "n1", 0, "r", "n1", 2, "k", "n1", 3));
        assertThat(verdict.violations()).isEmpty();
        assertThat(verdict.objective()).isEqualTo(new Objective(4, 6));
    }

    @Test
    void emptyScheduleIsFeasibleWithZeroObjective() {
        var verdict = ScheduleChecker.check(small(), schedule());
        assertThat(verdict.feasible()).isTrue();
        assertThat(verdict.objective()).isEqualTo(new Objective(0, 0));
    }

    @Test
    void windowRowsRejectATaskEndingAfterT() {
        assertThat(broken(schedule("k", "n1", 4))).containsExactly(Constraint.WINDOW);
        assertThat(broken(schedule("k", "n1", 3))).isEmpty();
    }

    @Test
    void allOrNothingRejectsAPartlyScheduledJob() {
        assertThat(broken(schedule("m1", "n1", 0, "m2", "n1", 0))).containsExactly(Constraint.ALL_OR_NOTHING);
    }

    @Test
    void precedenceRejectsAReduceStartingBeforeItsMapsEnd() {
        // maps end at 2; a reduce at 1 overlaps them (also over capacity at step 1); at exactly 2 it is fine
        assertThat(broken(schedule("m1", "n1", 0, "m2", "n1", 0, "r", "n1", 1)))
                .contains(Constraint.PRECEDENCE).doesNotContain(Constraint.ALL_OR_NOTHING);
        assertThat(broken(schedule("m1", "n1", 0, "m2", "n1", 0, "r", "n1", 2))).isEmpty();
    }

    @Test
    void capacityRowsLimitEachNodeToItsSpareCpu() {
        // k (2 cores) on [0,3) and the maps (1 core each) on [0,2): 4 > 2 at steps 0 and 1
        var overlap = broken(schedule("k", "n1", 0, "m1", "n1", 0, "m2", "n1", 1, "r", "n1", 3));
        assertThat(overlap).contains(Constraint.CAPACITY);
        // back to back: k ends at 3 where the maps start; the half-open reading of Eq. 6 lets them touch
        assertThat(broken(schedule("k", "n1", 0, "m1", "n1", 3, "m2", "n1", 3, "r", "n1", 5))).isEmpty();
    }

    @Test
    void unknownTasksAndNodesAreReported() {
        assertThat(broken(schedule("nope", "n1", 0))).containsExactly(Constraint.UNKNOWN_TASK);
        assertThat(broken(schedule("k", "n9", 0))).containsExactly(Constraint.UNKNOWN_NODE);
    }

    @Test
    void pinnedTasksMustStayWhereTheyArePinned() {
        var pinned = instance(6, List.of(idleNode("n1", 2, 8, 6), idleNode("n2", 2, 8, 6)),
                List.of(job("K", List.of(task("k", 2, 3, 3)), List.of())),
                Map.of("k", new Assignment("n2", 0)));
        assertThat(ScheduleChecker.check(pinned, schedule("k", "n2", 0)).feasible()).isTrue();
        assertThat(ScheduleChecker.check(pinned, schedule("k", "n1", 0)).violations())
                .extracting(Violation::constraint).containsExactly(Constraint.PIN);
        assertThat(ScheduleChecker.check(pinned, schedule()).violations())
                .extracting(Violation::constraint).containsExactly(Constraint.PIN);
    }

    @Test
    void aJobWithPinnedTasksMayBeHeldWithOnlyThoseScheduled() {
        // m1 runs (pinned); the job is held: m2 and r wait. Scheduling m2 without r is still partial.
        var pinned = instance(6, List.of(idleNode("n1", 2, 8, 6)), List.of(
                job("J", List.of(task("m1", 1, 2), task("m2", 1, 2)), List.of(task("r", 2, 1)))),
                Map.of("m1", new Assignment("n1", 0)));
        assertThat(ScheduleChecker.check(pinned, schedule("m1", "n1", 0)).feasible()).isTrue();
        assertThat(ScheduleChecker.check(pinned, schedule("m1", "n1", 0, "m2", "n1", 0)).violations())
                .extracting(Violation::constraint).containsExactly(Constraint.ALL_OR_NOTHING);
    }
}
