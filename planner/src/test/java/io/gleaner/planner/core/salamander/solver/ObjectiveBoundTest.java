package io.gleaner.planner.core.salamander.solver;

import static io.gleaner.planner.core.salamander.solver.SalamanderFixtures.idleNode;
import static io.gleaner.planner.core.salamander.solver.SalamanderFixtures.instance;
import static io.gleaner.planner.core.salamander.solver.SalamanderFixtures.job;
import static io.gleaner.planner.core.salamander.solver.SalamanderFixtures.task;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ObjectiveBoundTest {

    private static final SolverBudget MIP_BUDGET = new SolverBudget(1, 1_000_000, Duration.ofSeconds(60));

    /**
     * {@link SalamanderFixtures#handSolved()}, optimum (4 tasks, makespan 5) derived by hand in
     * {@code TimeIndexedMipTest}. Critical path: b1 ends at 4 at best, ar at 2 + 1 = 3. Energy: every task takes
     * both cores of a node, so in core-steps a1 and a2 take at least 4 each (on n1), ar 2, b1 8: 18 &gt; 16, the
     * capacity of two 2-core nodes over 4 steps, so M = 4 is ruled out; over 5 steps 20 ≥ 18. Bound: (4, 5).
     */
    @Test
    void handSolvedInstanceBoundIsItsOptimum() {
        var bound = ObjectiveBound.of(SalamanderFixtures.handSolved());
        assertThat(bound.criticalPath()).isEqualTo(4);
        assertThat(bound.energy()).isEqualTo(5);
        assertThat(bound.objective()).isEqualTo(new Objective(4, 5));
    }

    @Test
    void capacityCutsTheFirstObjectiveBelowTheAdmissibleTasks() {
        // one node of 2 cores, T = 6: X (2 cores, Te 6), Y and Z (2 cores, Te 2) each fit alone, but their 20
        // core-steps do not fit in 12; the knapsack by tasks per weight keeps Y and Z and a third of X: 2 tasks
        var instance = instance(6, List.of(idleNode("n1", 2, 8, 6)), List.of(
                job("X", List.of(task("x", 2, 6)), List.of()),
                job("Y", List.of(task("y", 2, 2)), List.of()),
                job("Z", List.of(task("z", 2, 2)), List.of())));
        var bound = ObjectiveBound.of(instance);
        assertThat(bound.admissibleTasks()).isEqualTo(3);
        assertThat(bound.scheduledTasks()).isEqualTo(2);
        // which two jobs is open: the makespan bound falls back to the shortest job alone
        assertThat(bound.makespan()).isEqualTo(2);
    }

    @Test
    void aJobThatFitsNowhereIsNotCounted() {
        // W's map needs 3 cores, the only node has 2: W can never run; V's two tasks can
        var instance = instance(10, List.of(idleNode("n1", 2, 8, 10)), List.of(
                job("W", List.of(task("w", 3, 1)), List.of()),
                job("V", List.of(task("v1", 1, 4)), List.of(task("v2", 1, 3)))));
        var bound = ObjectiveBound.of(instance);
        assertThat(bound.objective()).isEqualTo(new Objective(2, 7));
    }

    @Test
    void anInstanceWhereNothingFitsIsBoundedByNothing() {
        var instance = instance(4, List.of(idleNode("n1", 2, 8, 4)), List.of(
                job("W", List.of(task("w", 1, 5)), List.of())));
        assertThat(ObjectiveBound.of(instance).objective()).isEqualTo(new Objective(0, 0));
    }

    @Test
    void pinnedTasksCountAndTheirEndsBoundTheMakespan() {
        // p runs on n1 over [0, 7) with both cores; q (2 cores, Te 2) fits on n1 only from step 7
        var instance = instance(10, List.of(idleNode("n1", 2, 8, 10)), List.of(
                job("P", List.of(task("p", 2, 7)), List.of()),
                job("Q", List.of(task("q", 2, 2)), List.of())),
                Map.of("p", new Assignment("n1", 0)));
        var bound = ObjectiveBound.of(instance);
        assertThat(bound.objective()).isEqualTo(new Objective(2, 9));
        var optimum = ScheduleChecker.check(instance, new TimeIndexedMip().solveExact(instance, MIP_BUDGET)
                .schedule()).objective();
        assertThat(bound.objective().compareTo(optimum)).isGreaterThanOrEqualTo(0);
    }

    /**
     * The validity proof: on every generated tiny instance (and the same with a task pinned) where the MIP proves
     * its optimum, the bound is at least as good as that optimum in the lexicographic order: no more tasks can be
     * scheduled than it says, and with that many no shorter makespan exists. The sizes are those the MIP proves in
     * about a second; the per-step relaxation is affordable at these horizons, so both relaxations are exercised.
     */
    @Test
    void boundIsNeverBetterThanAProvenOptimum() {
        int[][] sizes = {{2, 8, 4}, {2, 10, 6}, {3, 10, 6}, {2, 8, 8}, {2, 6, 6}, {2, 12, 8}};
        var instances = new ArrayList<Instance>();
        for (int[] size : sizes) {
            for (long seed = 1; seed <= 3; seed++) {
                var generated = InstanceGenerator.generate(InstanceGenerator.Spec.tiny(size[0], size[1], size[2]),
                        seed);
                instances.add(generated);
                var start = new FirstFitDecreasing().solve(generated, SolverBudget.seeded(seed));
                if (start.size() > 0) {
                    var first = start.assignments().entrySet().iterator().next();
                    instances.add(new Instance(generated.window(), generated.nodes(), generated.jobs(),
                            generated.margin(), Map.of(first.getKey(), first.getValue())));
                }
            }
        }
        int proven = 0;
        int tight = 0;
        for (var instance : instances) {
            var result = new TimeIndexedMip().solveExact(instance, MIP_BUDGET);
            if (result.status() != TimeIndexedMip.Status.OPTIMAL) {
                continue;
            }
            proven++;
            var optimum = ScheduleChecker.check(instance, result.schedule()).objective();
            var bound = ObjectiveBound.of(instance).objective();
            assertThat(bound.compareTo(optimum)).as("bound %s against optimum %s", bound, optimum)
                    .isGreaterThanOrEqualTo(0);
            tight += bound.equals(optimum) ? 1 : 0;
        }
        // the MIP must prove most of them, or the comparison says little (it fails on a few with ojAlgo states)
        assertThat(proven).isGreaterThanOrEqualTo(instances.size() * 3 / 4);
        // and the bound must say something: on most, it is the optimum itself
        assertThat(tight).isGreaterThan(proven / 2);
    }

    @Test
    void makespanGapIsRelativeToTheBoundAndEmptyWhenTasksAreMissing() {
        var bound = new ObjectiveBound(10, 100, 10, 60, 100);
        assertThat(bound.makespanGap(new Objective(10, 105)).getAsDouble()).isEqualTo(0.05);
        assertThat(bound.makespanGap(new Objective(10, 100)).getAsDouble()).isZero();
        assertThat(bound.makespanGap(new Objective(9, 50))).isEmpty();
        assertThatThrownBy(() -> bound.makespanGap(new Objective(10, 99)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("beats the bound");
    }
}
