package io.gleaner.simulator.core;

import io.gleaner.forecaster.core.GridResampler;
import java.time.Duration;
import java.util.Arrays;

/**
 * The samples of one node's owners' use of one resource as {@link OwnerForecasts} keeps them: per step of a ring,
 * the sum and count of its samples and the latest of them, which is what {@link GridResampler} makes of the samples
 * themselves, in a fixed amount of memory however often the rounds sample.
 *
 * <p>The ring holds the max hold, the window and one refit period of steps: a refit that is due at boundary b reads
 * the window before b and the max hold before that, and until the series' next boundary b + refit period no sample
 * can make another refit due, so the newest step is at most a refit period after b and never overwrites a step the
 * due refit reads.
 */
final class OwnerSeries {

    private final long stepMs;
    private final long[] stepOf;
    private final double[] sums;
    private final int[] counts;
    private final long[] lastTimes;
    private final double[] lastValues;

    private long lastSampleMs = Long.MIN_VALUE;

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
        lastTimes[slot] = timeMs;
        lastValues[slot] = value;
        lastSampleMs = timeMs;
    }

    /**
     * Adds the steps whose newest sample is in [{@code fromMs}, {@code toMs}] to {@code grid}, each as its sum, count
     * and newest sample.
     */
    void feed(long fromMs, long toMs, GridResampler grid) {
        for (long s = Math.floorDiv(fromMs, stepMs); s <= Math.floorDiv(toMs, stepMs); s++) {
            int slot = (int) Math.floorMod(s, (long) stepOf.length);
            if (stepOf[slot] == s && lastTimes[slot] >= fromMs && lastTimes[slot] <= toMs) {
                grid.addAll(lastTimes[slot], lastValues[slot], sums[slot], counts[slot]);
            }
        }
    }
}
