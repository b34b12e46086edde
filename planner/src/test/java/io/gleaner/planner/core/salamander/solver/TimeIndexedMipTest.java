package io.gleaner.planner.core.salamander.solver;

import static io.gleaner.planner.core.salamander.solver.SalamanderFixtures.idleNode;
import static io.gleaner.planner.core.salamander.solver.SalamanderFixtures.instance;
import static io.gleaner.planner.core.salamander.solver.SalamanderFixtures.job;
import static io.gleaner.planner.core.salamander.solver.SalamanderFixtures.task;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class TimeIndexedMipTest {

    private static final SolverBudget BUDGET = new SolverBudget(1, 1_000_000, Duration.ofSeconds(60));

    private static TimeIndexedMip.Result solve(Instance instance) {
        var result = new TimeIndexedMip().solveExact(instance, BUDGET);
        assertThat(ScheduleChecker.check(instance, result.schedule()).violations()).isEmpty();
        return result;
    }

    /**
     * {@link SalamanderFixtures#handSolved()}: every task needs a whole node (2 cores). All four tasks fit only with
     * b1 on n2: with b1 on n1, n2 must run a1 and a2 (3 steps each, 6 steps, so ar cannot follow inside T = 6), or
     * b1 must sit on n1 at [2,6) after one map, the other map on n2 [0,3) and ar on n2 [3,5): makespan 6. With b1 on
     * n2 [0,4), n1 runs a1 [0,2), a2 [2,4), ar [4,5): makespan 5. Makespan 4 is impossible: b1 takes one node for 4
     * steps, and the other would need 2 + 2 + 1 = 5 steps for A. Optimum: 4 tasks, makespan 5.
     */
    @Test
    void handSolvedInstanceReachesTheOptimumDerivedByHand() {
        var result = solve(SalamanderFixtures.handSolved());
        assertThat(result.status()).isEqualTo(TimeIndexedMip.Status.OPTIMAL);
        var objective = ScheduleChecker.check(SalamanderFixtures.handSolved(), result.schedule()).objective();
        assertThat(objective).isEqualTo(new Objective(4, 5));
        assertThat(result.schedule().of("b1").nodeId()).isEqualTo("n2");
    }

    @Test
    void moreTasksBeatAShorterMakespan() {
        // T = 6, one node of 2 cores. X alone (2 cores, Te 6) ends at 6; Y + Z (2 cores, Te 2 each) end at 4.
        // Two tasks beat one, even though X alone would have the same makespan-per-task trade: optimum Y + Z.
        var instance = instance(6, List.of(idleNode("n1", 2, 8, 6)), List.of(
                job("X", List.of(task("x", 2, 6)), List.of()),
                job("Y", List.of(task("y", 2, 2)), List.of()),
                job("Z", List.of(task("z", 2, 2)), List.of())));
        var result = solve(instance);
        assertThat(ScheduleChecker.check(instance, result.schedule()).objective()).isEqualTo(new Objective(2, 4));
    }

    @Test
    void pinnedTasksAreKeptAndAHeldJobCountsOnlyThem() {
        // m1 runs on n1 over [0,6) taking both cores: nothing else fits on n1, and the job's reduce (Te 1, needs
        // both maps done) could only follow m2 on n2 after step 6 = T. The job is held: m1 alone. K fits on n2.
        var instance = instance(6, List.of(idleNode("n1", 2, 8, 6), idleNode("n2", 2, 8, 6)), List.of(
                job("J", List.of(task("m1", 2, 6, 6), task("m2", 2, 2, 2)), List.of(task("r", 2, 1, 1))),
                job("K", List.of(task("k", 2, 3, 3)), List.of())),
                Map.of("m1", new Assignment("n1", 0)));
        var result = solve(instance);
        assertThat(result.schedule().of("m1")).isEqualTo(new Assignment("n1", 0));
        assertThat(result.schedule().assignments()).containsOnlyKeys("m1", "k");
        assertThat(ScheduleChecker.check(instance, result.schedule()).objective()).isEqualTo(new Objective(2, 6));
    }

    static Stream<Arguments> tiny() {
        return Stream.of(
                Arguments.of(Named.of("6 tasks, 2 nodes, 10 steps", InstanceGenerator.Spec.tiny(2, 10, 6)), 1L),
                Arguments.of(Named.of("8 tasks, 2 nodes, 12 steps", InstanceGenerator.Spec.tiny(2, 12, 8)), 2L),
                Arguments.of(Named.of("10 tasks, 3 nodes, 15 steps", InstanceGenerator.Spec.tiny(3, 15, 10)), 3L),
                Arguments.of(Named.of("12 tasks, 2 nodes, 12 steps", InstanceGenerator.Spec.tiny(2, 12, 12)), 4L),
                Arguments.of(Named.of("12 tasks, 3 nodes, 12 steps", InstanceGenerator.Spec.tiny(3, 12, 12)), 5L));
    }

    @ParameterizedTest
    @MethodSource("tiny")
    void mipIsAtLeastAsGoodAsFirstFitDecreasingOnTinyInstances(InstanceGenerator.Spec spec, long seed) {
        var instance = InstanceGenerator.generate(spec, seed);
        var mip = solve(instance);
        assertThat(mip.status()).isEqualTo(TimeIndexedMip.Status.OPTIMAL);
        var best = ScheduleChecker.check(instance, mip.schedule()).objective();
        for (long s = 0; s < 10; s++) {
            var ffd = new FirstFitDecreasing().solve(instance, SolverBudget.seeded(s));
            var verdict = ScheduleChecker.check(instance, ffd);
            assertThat(verdict.violations()).isEmpty();
            assertThat(verdict.objective().scheduledTasks()).isLessThanOrEqualTo(best.scheduledTasks());
            assertThat(best.compareTo(verdict.objective())).isGreaterThanOrEqualTo(0);
        }
    }
}
