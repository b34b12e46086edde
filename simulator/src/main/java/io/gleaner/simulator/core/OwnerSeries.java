package io.gleaner.simulator.core;

import java.util.Arrays;

/**
 * One node's owners' use of one resource as {@link OwnerForecasts} keeps it: the per-step sums and counts of its
 * samples in a ring of steps (the mean of a step's samples is its value, as the forecaster stage's resampling
 * averages them; a step without a sample is NaN), the refit schedule, and the latest forecast.
 *
 * <p>The ring holds the window plus one refit period of steps: a refit that is due at boundary b reads the window
 * before b, and until the series' next boundary b + refit period no sample can make another refit due, so the
 * newest step is at most a refit period after b and never overwrites a step the due refit reads.
 */
final class OwnerSeries {

    private final long stepMs;
    private final long[] stepOf;
    private final double[] sums;
    private final int[] counts;

    private long lastSampleMs = Long.MIN_VALUE;
    /** The next refit boundary: a sample at or after it makes a refit at its last boundary due. */
    long nextRefitMs;
    /** The boundary of a refit that is due and not yet run, or {@link Long#MIN_VALUE} for none. */
    long dueRefitMs = Long.MIN_VALUE;
    /** Start of {@link #forecast}. */
    long forecastStartMs;
    /** The latest forecast of use U per step from {@link #forecastStartMs}, or null when there is none. */
    double[] forecast;

    /**
     * @param stepMs    the grid step in milliseconds
     * @param ringSteps steps kept: the window plus one refit period
     */
    OwnerSeries(long stepMs, int ringSteps) {
        this.stepMs = stepMs;
        this.stepOf = new long[ringSteps];
        Arrays.fill(stepOf, Long.MIN_VALUE);
        this.sums = new double[ringSteps];
        this.counts = new int[ringSteps];
    }

    /** Whether no sample was added yet. */
    boolean isEmpty() {
        return lastSampleMs == Long.MIN_VALUE;
    }

    /** Event time of the newest sample; {@link Long#MIN_VALUE} when there is none. */
    long lastSampleMs() {
        return lastSampleMs;
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
        lastSampleMs = timeMs;
    }

    /**
     * The mean of each of the {@code steps} steps before {@code endMs} (a multiple of the step), NaN where a step has
     * no sample.
     */
    double[] window(long endMs, int steps) {
        long first = Math.floorDiv(endMs, stepMs) - steps;
        var values = new double[steps];
        for (int i = 0; i < steps; i++) {
            long step = first + i;
            int slot = (int) Math.floorMod(step, (long) stepOf.length);
            values[i] = stepOf[slot] == step && counts[slot] > 0 ? sums[slot] / counts[slot] : Double.NaN;
        }
        return values;
    }
}
