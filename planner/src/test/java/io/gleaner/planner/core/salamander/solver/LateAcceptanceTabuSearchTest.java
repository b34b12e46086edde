package io.gleaner.planner.core.salamander.solver;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class LateAcceptanceTabuSearchTest {

    private static SolverBudget moves(long seed, long moves) {
        return new SolverBudget(seed, moves, Duration.ofMinutes(5));
    }

    static Stream<Arguments> instances() {
        var tiny = InstanceGenerator.generate(InstanceGenerator.Spec.tiny(3, 15, 12), 3);
        var cramped = InstanceGenerator.generate(
                new InstanceGenerator.Spec(8, 96, 300, 2, 6, 12, 20, 0.5, new SafetyMargin(0.05, 0.05)), 7);
        var mixed = InstanceGenerator.generate(InstanceGenerator.Spec.paperScale(500), 1);
        var figure4 = Figure4Instances.generate(500, 1);
        var ours = new LateAcceptanceTabuSearch();
        var paper = LateAcceptanceTabuSearch.paperOperators();
        return Stream.of(
                Arguments.of(Named.of("tiny, 3 nodes", tiny), Named.of("ours", ours)),
                Arguments.of(Named.of("tiny, 3 nodes", tiny), Named.of("paper", paper)),
                Arguments.of(Named.of("cramped, 8 nodes, 96 steps", cramped), Named.of("ours", ours)),
                Arguments.of(Named.of("cramped, 8 nodes, 96 steps", cramped), Named.of("paper", paper)),
                Arguments.of(Named.of("mixed, 500 tasks, 42 nodes", mixed), Named.of("ours", ours)),
                Arguments.of(Named.of("Fig. 4 setting, 500 tasks", figure4), Named.of("ours", ours)),
                Arguments.of(Named.of("Fig. 4 setting, 500 tasks", figure4), Named.of("paper", paper)));
    }

    @ParameterizedTest
    @MethodSource("instances")
    void searchIsFeasibleAndNeverWorseThanItsFirstFitDecreasingStart(Instance instance,
            LateAcceptanceTabuSearch search) {
        long seed = 17;
        // the search's start: FFD drawn from the first split of the seed's generator, as in run()
        var start = FirstFitDecreasing.construct(instance, new SplittableRandom(seed).split()).objective();
        var run = search.run(instance, moves(seed, 20_000));
        var verdict = ScheduleChecker.check(instance, run.schedule());
        assertThat(verdict.violations()).isEmpty();
        assertThat(run.start()).isEqualTo(start);
        assertThat(run.objective()).isEqualTo(verdict.objective());
        assertThat(verdict.objective().compareTo(start)).isGreaterThanOrEqualTo(0);
    }

    @Test
    void aMoveLimitIsSpentExactlyAndGivesTheSameScheduleForTheSameSeed() {
        var instance = Figure4Instances.generate(500, 2);
        for (var search : new LateAcceptanceTabuSearch[] {new LateAcceptanceTabuSearch(),
                LateAcceptanceTabuSearch.paperOperators()}) {
            var a = search.run(instance, moves(5, 3_000));
            var b = search.run(instance, moves(5, 3_000));
            assertThat(a.moves()).isEqualTo(3_000);
            assertThat(a.stop()).isEqualTo(LateAcceptanceTabuSearch.Stop.MOVE_LIMIT);
            assertThat(a.schedule()).isEqualTo(b.schedule());
            assertThat(ScheduleChecker.check(instance, a.schedule()).violations()).isEmpty();
        }
    }

    @Test
    void theTimeLimitIsReadOncePerMove() {
        // a clock that moves 1 ms each time it is read: read once at the start (deadline = 50 ms), then once per move;
        // at move k it reads (k + 1) ms, past the deadline from k = 50
        var clock = new AtomicLong();
        var search = new LateAcceptanceTabuSearch(true, 0, () -> clock.getAndAdd(1_000_000));
        var instance = Figure4Instances.generate(500, 2);
        var run = search.run(instance, new SolverBudget(3, 1_000_000, Duration.ofMillis(50)));
        assertThat(run.stop()).isEqualTo(LateAcceptanceTabuSearch.Stop.TIME_LIMIT);
        assertThat(run.moves()).isEqualTo(50);
        assertThat(ScheduleChecker.check(instance, run.schedule()).violations()).isEmpty();
    }

    @Test
    void aGoalAlreadyMetStopsBeforeTheFirstMove() {
        var instance = InstanceGenerator.generate(InstanceGenerator.Spec.tiny(3, 15, 12), 3);
        var start = FirstFitDecreasing.construct(instance, new SplittableRandom(9).split()).objective();
        var run = LateAcceptanceTabuSearch.paperOperators().run(instance, moves(9, 10_000), start);
        assertThat(run.stop()).isEqualTo(LateAcceptanceTabuSearch.Stop.GOAL);
        assertThat(run.moves()).isZero();
        assertThat(run.objective()).isEqualTo(start);
    }

    @Test
    void reachesTheBoundOnAFigure4InstanceAndStopsThere() {
        var instance = Figure4Instances.generate(1_000, 2009);
        var bound = ObjectiveBound.of(instance);
        var run = new LateAcceptanceTabuSearch().run(instance, moves(1, 300_000), bound.objective());
        assertThat(run.objective()).isEqualTo(bound.objective());
        assertThat(run.stop()).isEqualTo(LateAcceptanceTabuSearch.Stop.GOAL);
        assertThat(run.moves()).isLessThan(300_000);
        assertThat(run.objective().isBetterThan(run.start())).isTrue();
        assertThat(ScheduleChecker.check(instance, run.schedule()).objective()).isEqualTo(bound.objective());
    }

    @Test
    void schedulesTheJobsTheMipDoesWhereFirstFitDecreasingLeavesSomeOut() {
        // a cramped tiny instance: FFD places 2 of 4 jobs; the optimum places 3 (checked against the MIP)
        var instance = InstanceGenerator.generate(InstanceGenerator.Spec.tiny(2, 12, 8), 2);
        var optimum = new TimeIndexedMip().solveExact(instance, new SolverBudget(1, 1_000_000, Duration.ofSeconds(60)));
        assertThat(optimum.status()).isEqualTo(TimeIndexedMip.Status.OPTIMAL);
        var best = ScheduleChecker.check(instance, optimum.schedule()).objective();
        var run = new LateAcceptanceTabuSearch().run(instance, moves(1, 20_000));
        assertThat(run.start().scheduledTasks()).isLessThan(best.scheduledTasks());
        assertThat(run.objective()).isEqualTo(best);
    }

    @Test
    void pinnedTasksStayPut() {
        var base = InstanceGenerator.generate(InstanceGenerator.Spec.tiny(3, 15, 12), 3);
        var ffd = new FirstFitDecreasing().solve(base, SolverBudget.seeded(1));
        var firstTask = ffd.assignments().entrySet().iterator().next();
        var pinned = new Instance(base.window(), base.nodes(), base.jobs(), base.margin(),
                Map.of(firstTask.getKey(), firstTask.getValue()));
        for (var search : new LateAcceptanceTabuSearch[] {new LateAcceptanceTabuSearch(),
                LateAcceptanceTabuSearch.paperOperators()}) {
            var schedule = search.solve(pinned, moves(2, 10_000));
            assertThat(ScheduleChecker.check(pinned, schedule).violations()).isEmpty();
            assertThat(schedule.of(firstTask.getKey())).isEqualTo(firstTask.getValue());
        }
    }
}
