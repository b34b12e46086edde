package io.gleaner.forecaster.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class GridResamplerTest {

    private static final Instant START = Instant.parse("2026-01-01T00:00:00Z");
    private static final long T0 = START.toEpochMilli();
    private static final Duration STEP = Duration.ofMinutes(3);
    private static final long MINUTE = 60_000;

    private static GridResampler grid(int steps, Duration maxHold) {
        return new GridResampler(START, STEP, steps, maxHold);
    }

    @Test
    void shouldAverageTheSamplesOfAStep() {
        var grid = grid(2, Duration.ZERO);
        grid.add(T0, 0.2);
        grid.add(T0 + MINUTE, 0.4);
        grid.add(T0 + 3 * MINUTE - 1, 0.9);
        grid.add(T0 + 3 * MINUTE, 0.1);

        assertThat(grid.values()).containsExactly(new double[] {0.5, 0.1}, within(1e-12));
    }

    @Test
    void shouldHoldTheLatestSampleUpToMaxHoldBeforeTheStepsEnd() {
        // A 5-minute sampler on the 3-minute grid, as Bitbrains is: samples at 0, 5, 10 min.
        var grid = grid(6, Duration.ofMinutes(5));
        grid.add(T0, 0.1);
        grid.add(T0 + 5 * MINUTE, 0.2);
        grid.add(T0 + 10 * MINUTE, 0.3);

        // step 1 [3, 6) has the 5-min sample; step 2 [6, 9) holds it (9 - 5 = 4 min); step 3 [9, 12) has 10 min;
        // step 4 [12, 15) holds it (5 min, at the bound); step 5 [15, 18) is 8 min after it: a gap
        var values = grid.values();
        assertThat(values).startsWith(0.1, 0.2, 0.2, 0.3, 0.3);
        assertThat(values[5]).isNaN();
    }

    @Test
    void shouldHoldTheLatestOfSeveralSamplesInAStepNotTheirMean() {
        var grid = grid(2, Duration.ofMinutes(10));
        grid.add(T0 + 2 * MINUTE, 0.8);
        grid.add(T0, 0.2);

        assertThat(grid.values()).containsExactly(new double[] {0.5, 0.8}, within(1e-12));
    }

    @Test
    void shouldHoldASampleFromBeforeTheGrid() {
        var grid = grid(3, Duration.ofMinutes(7));
        grid.add(T0 - 2 * MINUTE, 0.6);
        grid.add(T0 - 4 * MINUTE, 0.9);

        // the latest sample before the grid, -2 min, reaches steps ending at 3 min (5 min later) but not at 6 min (8)
        var values = grid.values();
        assertThat(values[0]).isEqualTo(0.6);
        assertThat(values[1]).isNaN();
        assertThat(values[2]).isNaN();
    }

    @Test
    void shouldLeaveEveryStepWithoutASampleAGapWhenMaxHoldIsZero() {
        var grid = grid(3, Duration.ZERO);
        grid.add(T0 + MINUTE, 0.4);
        grid.add(T0 + 9 * MINUTE, 0.7);

        var values = grid.values();
        assertThat(values[0]).isEqualTo(0.4);
        assertThat(values[1]).isNaN();
        assertThat(values[2]).isNaN();
    }

    @Test
    void shouldGiveTheSameGridForSamplesInAnyOrderAndForPerStepSums() {
        var random = new Random(7);
        int n = 500;
        long[] times = new long[n];
        double[] values = new double[n];
        for (int i = 0; i < n; i++) {
            // about one sample per 4 minutes, some silences longer than the hold
            times[i] = T0 - 10 * MINUTE + (long) (random.nextDouble() * 2_000 * MINUTE);
            values[i] = random.nextDouble();
        }
        var inOrder = grid(700, Duration.ofMinutes(10));
        var shuffled = grid(700, Duration.ofMinutes(10));
        var summed = grid(700, Duration.ofMinutes(10));
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> Long.compare(times[a], times[b]));
        for (int i : order) {
            inOrder.add(times[i], values[i]);
        }
        for (int i = n - 1; i >= 0; i--) {
            shuffled.add(times[i], values[i]);
        }
        // per step: the sum, the count and the latest sample, as the simulator's ring keeps them
        var sums = new TreeMap<Long, double[]>();
        for (int i : order) {
            long stepIndex = Math.floorDiv(times[i] - T0, STEP.toMillis());
            var s = sums.computeIfAbsent(stepIndex, k -> new double[4]);
            s[0] += values[i];
            s[1]++;
            s[2] = times[i];
            s[3] = values[i];
        }
        sums.values().forEach(s -> summed.addAll((long) s[2], s[3], s[0], (int) s[1]));

        var expected = inOrder.values();
        assertThat(shuffled.values()).containsExactly(expected, within(1e-12));
        assertThat(summed.values()).containsExactly(expected, within(1e-12));
        assertThat(expected).contains(Double.NaN);
    }

    @Test
    void shouldIgnoreSamplesAtOrAfterTheEnd() {
        var grid = grid(1, Duration.ofMinutes(10));
        grid.add(T0 + 3 * MINUTE, 0.5);

        assertThat(grid.values()[0]).isNaN();
        assertThat(grid.series().start()).isEqualTo(START);
        assertThat(grid.series().step()).isEqualTo(STEP);
    }

    @Test
    void shouldRejectBadArguments() {
        assertThatThrownBy(() -> new GridResampler(START, Duration.ZERO, 1, Duration.ZERO))
                .hasMessageContaining("step must be");
        assertThatThrownBy(() -> new GridResampler(START, STEP, -1, Duration.ZERO))
                .hasMessageContaining("steps must be >= 0");
        assertThatThrownBy(() -> new GridResampler(START, STEP, 1, Duration.ofMinutes(-1)))
                .hasMessageContaining("maxHold must be >= 0");
        assertThatThrownBy(() -> grid(1, Duration.ZERO).addAll(T0, 0.1, 0.1, 0))
                .hasMessageContaining("count must be >= 1");
    }
}
