package io.gleaner.simulator.core;

import io.gleaner.forecaster.core.GridResampler;
import java.time.Duration;
import java.util.Arrays;

/**
 * The samples of one node's owners' use of one resource as {@link OwnerSeriesStore} keeps them: per step of a ring,
 * the sum and count of its samples and the latest of them, which {@link GridResampler} puts on the grid by the
 * forecaster's rule as it would the samples themselves.
 *
 * <p>The ring holds the max hold, the window and one refit period of steps: a refit at boundary b reads the window
 * before b and the max hold before that, and the newest sample is at most a refit period after b.
 */
final class OwnerSeries {

    private final long stepMs;
    private final long[] stepOf;
    private final double[] sums;
    private final int[] counts;
    private final long[] lastTimes;
    private final double[] lastValues;

    /**
     * @param step        the grid step
     * @param maxHold     how long a sample is held over steps without one
     * @param windowSteps steps a refit reads
     * @param refitSteps  steps of one refit period
     */
    OwnerSeries(Duration step, Duration maxHold, int windowSteps, int refitSteps) {
        this.stepMs = step.toMillis();
        int holdSteps = Math.toIntExact((maxHold.toMillis() + stepMs - 1) / stepMs);
        int ringSteps = holdSteps + windowSteps + refitSteps;
        this.stepOf = new long[ringSteps];
        Arrays.fill(stepOf, Long.MIN_VALUE);
        this.sums = new double[ringSteps];
        this.counts = new int[ringSteps];
        this.lastTimes = new long[ringSteps];
        this.lastValues = new double[ringSteps];
    }

    /** Adds a sample at {@code timeMs}, after every earlier one (the caller checks). */
    void add(long timeMs, double value) {
        long step = Math.floorDiv(timeMs, stepMs);
        int slot = (int) Math.floorMod(step, (long) stepOf.length);
        if (stepOf[slot] != step) {
            stepOf[slot] = step;
            sums[slot] = 0;
            counts[slot] = 0;
        }
        sums[slot] += value;
        counts[slot]++;
        lastTimes[slot] = timeMs;
        lastValues[slot] = value;
    }

    /** Puts on {@code grid} the steps of the ring that hold samples in [{@code fromMs}, {@code toMs}]. */
    void addTo(GridResampler grid, long fromMs, long toMs) {
        for (long s = Math.floorDiv(fromMs, stepMs); s <= Math.floorDiv(toMs, stepMs); s++) {
            int slot = (int) Math.floorMod(s, (long) stepOf.length);
            if (stepOf[slot] == s) {
                grid.addAll(lastTimes[slot], lastValues[slot], sums[slot], counts[slot]);
            }
        }
    }
}
