package io.gleaner.planner.core.ras;

import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.planner.core.CpuMemory;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Algorithm 2 of seed 003 on cases worked by hand: one-hour slices, one-hour tasks of one core. */
class ReverseFitTest {

    private static final Instant NOW = Instant.parse("2026-11-28T00:00:00Z");
    private static final Duration HOUR = Duration.ofHours(1);

    private static FitJob job(String id, int goalHours, int pending) {
        return new FitJob(id, NOW.plus(HOUR.multipliedBy(goalHours)), pending, 3600, new CpuMemory(1, 0));
    }

    private static ReverseFit.SliceCapacity cores(double... perSlice) {
        return k -> new CpuMemory(perSlice[k], 0);
    }

    @Test
    void workIsPushedBackFromTheLastGoalAndSFitIsWhatReachesNow() {
        // f(t) = 4, 2, 1, 3 cores in hours 0..4. J2 (goal 4 h, 4 task-hours) takes 3 of hour 3 and 1 of hour 2;
        // J1 (goal 2 h) cannot use hour 2, takes the 2 cores of hour 1 and must run its other 2 tasks now.
        var jobs = List.of(job("J1", 2, 4), job("J2", 4, 4));

        int[] sFit = ReverseFit.fit(NOW, HOUR, jobs, cores(4, 2, 1, 3));

        assertThat(sFit).containsExactly(2, 0);
    }

    @Test
    void theLatestGoalTakesASharedSliceFirstAndWorkThatCannotFitWantsEverything() {
        // f(t) = 4, 1, 0, 3. J2 (goal 4 h, 6 tasks): 3 in hour 3, none in hour 2, 1 in hour 1, its last 2 now,
        // ahead of J1 (line 5's sort, latest goal first). J1 (goal 2 h, 4 tasks) is left 2 cores now and cannot
        // fit: s_fit = s_pend.
        var jobs = List.of(job("J1", 2, 4), job("J2", 4, 6));

        int[] sFit = ReverseFit.fit(NOW, HOUR, jobs, cores(4, 1, 0, 3));

        assertThat(sFit).containsExactly(4, 2);
    }

    @Test
    void aJobPastItsGoalWantsAllItHasAndTakesNoCapacityFromTheFit() {
        var jobs = List.of(job("late", 0, 5), job("J", 1, 2));

        int[] sFit = ReverseFit.fit(NOW, HOUR, jobs, cores(2));

        assertThat(sFit).containsExactly(5, 2);
        assertThat(ReverseFit.slices(NOW, HOUR, jobs)).isEqualTo(1);
    }

    @Test
    void aGoalInsideASliceUsesOnlyThePartBeforeIt() {
        // Goal at 30 min, 2 tasks of 30 min each, 4 cores: both run now, side by side.
        var jobs = List.of(new FitJob("J", NOW.plus(Duration.ofMinutes(30)), 2, 1800, new CpuMemory(1, 0)));

        assertThat(ReverseFit.fit(NOW, HOUR, jobs, cores(4))).containsExactly(2);
    }
}
