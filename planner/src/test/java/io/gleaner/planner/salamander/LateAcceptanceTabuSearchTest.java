package io.gleaner.planner.salamander;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.SplittableRandom;
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
        return Stream.of(
                Arguments.of(Named.of("tiny, 3 nodes", InstanceGenerator.generate(InstanceGenerator.Spec.tiny(3, 15, 12), 3))),
                Arguments.of(Named.of("cramped, 8 nodes, 96 steps", InstanceGenerator.generate(
                        new InstanceGenerator.Spec(8, 96, 300, 2, 6, 12, 20, 0.5, new SafetyMargin(0.05, 0.05)), 7))),
                Arguments.of(Named.of("500 tasks, 42 nodes", InstanceGenerator.generate(InstanceGenerator.Spec.paperScale(500), 1))));
    }

    @ParameterizedTest
    @MethodSource("instances")
    void searchIsFeasibleAndNeverWorseThanItsFirstFitDecreasingStart(Instance instance) {
        long seed = 17;
        // the search's start: FFD drawn from the first split of the seed's generator, as in search()
        var start = FirstFitDecreasing.construct(instance, new SplittableRandom(seed).split()).objective();
        var schedule = new LateAcceptanceTabuSearch().solve(instance, moves(seed, 20_000));
        var verdict = ScheduleChecker.check(instance, schedule);
        assertThat(verdict.violations()).isEmpty();
        assertThat(verdict.objective().compareTo(start)).isGreaterThanOrEqualTo(0);
    }

    @Test
    void sameSeedAndMoveLimitGiveTheSameSchedule() {
        var instance = InstanceGenerator.generate(InstanceGenerator.Spec.tiny(3, 15, 12), 3);
        var a = new LateAcceptanceTabuSearch().solve(instance, moves(5, 5_000));
        var b = new LateAcceptanceTabuSearch().solve(instance, moves(5, 5_000));
        assertThat(a).isEqualTo(b);
    }

    @Test
    void pinnedTasksStayPut() {
        var base = InstanceGenerator.generate(InstanceGenerator.Spec.tiny(3, 15, 12), 3);
        var ffd = new FirstFitDecreasing().solve(base, SolverBudget.seeded(1));
        var firstTask = ffd.assignments().entrySet().iterator().next();
        var pinned = new Instance(base.window(), base.nodes(), base.jobs(), base.margin(),
                java.util.Map.of(firstTask.getKey(), firstTask.getValue()));
        var schedule = new LateAcceptanceTabuSearch().solve(pinned, moves(2, 10_000));
        assertThat(ScheduleChecker.check(pinned, schedule).violations()).isEmpty();
        assertThat(schedule.of(firstTask.getKey())).isEqualTo(firstTask.getValue());
    }
}
