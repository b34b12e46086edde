package io.gleaner.planner.core.salamander.solver;

import static io.gleaner.planner.core.salamander.solver.SalamanderFixtures.idleNode;
import static io.gleaner.planner.core.salamander.solver.SalamanderFixtures.instance;
import static io.gleaner.planner.core.salamander.solver.SalamanderFixtures.job;
import static io.gleaner.planner.core.salamander.solver.SalamanderFixtures.task;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class FirstFitDecreasingTest {

    private static final FirstFitDecreasing FFD = new FirstFitDecreasing();

    private static Schedule solve(Instance instance, long seed) {
        var schedule = FFD.solve(instance, SolverBudget.seeded(seed));
        assertThat(ScheduleChecker.check(instance, schedule).violations()).isEmpty();
        return schedule;
    }

    @Test
    void jobsAreTakenLongestWorkFirstWithPinnedJobsBeforeAll() {
        // work = Σ min Te: S = 1, L = 2 + 3 = 5, M = 3 (min of 4 and 3), P = 1 but pinned
        var nodes = List.of(idleNode("n1", 8, 8, 10), idleNode("n2", 8, 8, 10));
        var instance = instance(10, nodes, List.of(
                job("S", List.of(task("s", 1, 1, 1)), List.of()),
                job("L", List.of(task("l1", 1, 2, 2)), List.of(task("l2", 1, 3, 3))),
                job("M", List.of(task("m", 1, 4, 3)), List.of()),
                job("P", List.of(task("p", 1, 1, 1)), List.of())),
                Map.of("p", new Assignment("n1", 0)));
        assertThat(FirstFitDecreasing.jobOrder(instance).stream().map(j -> instance.jobs().get(j).id()))
                .containsExactly("P", "L", "M", "S");
    }

    @Test
    void aTaskStartsAtTheFirstStepWhereSomeNodeFitsItsWholeRun() {
        // n1 has 2 cores on steps 0–1 only (U = 1 afterwards... no: U = 0 then 1), so a 3-step task waits for n2,
        // which is full on steps 0–2 (U = 1) and idle from step 3: earliest start is 3, on n2
        double[] early = {0, 0, 1, 1, 1, 1, 1, 1};
        double[] late = {1, 1, 1, 0, 0, 0, 0, 0};
        var n1 = new Node("n1", 2, 8, early, new double[8]);
        var n2 = new Node("n2", 2, 8, late, new double[8]);
        var instance = instance(8, List.of(n1, n2), List.of(job("J", List.of(task("m", 2, 3, 3)), List.of())));
        assertThat(solve(instance, 1).of("m")).isEqualTo(new Assignment("n2", 3));
    }

    @Test
    void reducesStartWhenTheLastMapOfTheirJobEnds() {
        var instance = instance(10, List.of(idleNode("n1", 4, 8, 10)), List.of(job("J",
                List.of(task("m1", 1, 2), task("m2", 1, 4)), List.of(task("r", 1, 1)))));
        var schedule = solve(instance, 3);
        assertThat(schedule.of("m1").start()).isZero();
        assertThat(schedule.of("m2").start()).isZero();
        assertThat(schedule.of("r").start()).isEqualTo(4);
    }

    @Test
    void aJobThatDoesNotFitWholeIsRejectedAndLeavesItsRoomToTheNext() {
        // T = 4, one node with 2 cores. Job BIG (work 3 + 3 = 6) has two 2-core maps of 3 steps: only one fits.
        // It must be taken out whole, leaving room for SMALL (2-core map, Te 2, work 2).
        var instance = instance(4, List.of(idleNode("n1", 2, 8, 4)), List.of(
                job("BIG", List.of(task("b1", 2, 3), task("b2", 2, 3)), List.of()),
                job("SMALL", List.of(task("s", 2, 2)), List.of())));
        var schedule = solve(instance, 5);
        assertThat(schedule.assignments()).containsOnlyKeys("s");
        assertThat(schedule.of("s").start()).isZero();
    }

    @Test
    void pinnedTasksStayAndTheRestOfTheirJobIsPlacedAround() {
        var instance = instance(6, List.of(idleNode("n1", 2, 8, 6), idleNode("n2", 2, 8, 6)), List.of(
                job("J", List.of(task("m1", 2, 2, 2), task("m2", 2, 2, 2)), List.of(task("r", 2, 1, 1)))),
                Map.of("m1", new Assignment("n2", 1)));
        var schedule = solve(instance, 9);
        assertThat(schedule.of("m1")).isEqualTo(new Assignment("n2", 1));
        assertThat(schedule.assignments()).containsOnlyKeys("m1", "m2", "r");
        // m1 ends at 3, m2 can end at 2 at the earliest: r starts at 3
        assertThat(schedule.of("r").start()).isEqualTo(3);
    }

    static Stream<Arguments> generated() {
        return Stream.of(
                Arguments.of(Named.of("200 tasks, 8 nodes, 96 steps", new InstanceGenerator.Spec(8, 96, 200, 2, 8,
                        12, 20, 0.5, new SafetyMargin(0.05, 0.05)))),
                Arguments.of(Named.of("500 tasks, 42 nodes, 480 steps", InstanceGenerator.Spec.paperScale(500))),
                Arguments.of(Named.of("tiny, cramped", InstanceGenerator.Spec.tiny(2, 12, 12))));
    }

    @ParameterizedTest
    @MethodSource("generated")
    void generatedInstancesGetFeasibleSchedulesThatTheSameSeedRepeats(InstanceGenerator.Spec spec) {
        var instance = InstanceGenerator.generate(spec, 42);
        var first = solve(instance, 7);
        var again = solve(instance, 7);
        assertThat(again).isEqualTo(first);
        assertThat(first.size()).isPositive();
    }

    @Test
    void differentSeedsPickDifferentNodes() {
        var instance = InstanceGenerator.generate(InstanceGenerator.Spec.paperScale(500), 42);
        var distinct = new HashSet<Schedule>();
        LongStream.range(0, 4).forEach(seed -> distinct.add(solve(instance, seed)));
        assertThat(distinct).hasSizeGreaterThan(1);
    }

    @Test
    void constructionIsReproducibleFromTheRandomGenerator() {
        var instance = InstanceGenerator.generate(InstanceGenerator.Spec.tiny(3, 15, 10), 3);
        var a = FirstFitDecreasing.construct(instance, new SplittableRandom(11)).objective();
        var b = FirstFitDecreasing.construct(instance, new SplittableRandom(11)).objective();
        assertThat(a).isEqualTo(b);
    }
}
