package io.gleaner.simulator.core;

import io.gleaner.forecaster.core.GridResampler;
import io.gleaner.forecaster.core.RecentMisses;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;

/**
 * One node's owners' use of one resource as {@link OwnerForecasts} keeps it: per step of a ring, the sum and count
 * of its samples and the latest of them, from which {@link GridResampler} makes the window by the forecaster stage's
 * rule (a step's mean, else the latest earlier sample held for at most the max hold, else NaN); the refit schedule,
 * and the latest forecast.
 *
 * <p>The ring holds the max hold, the window and one refit period of steps: a refit that is due at boundary b reads
 * the window before b and the max hold before that, and until the series' next boundary b + refit period no sample
 * can make another refit due, so the newest step is at most a refit period after b and never overwrites a step the
 * due refit reads.
 */
final class OwnerSeries {

    private final Duration step;
    private final long stepMs;
    private final Duration maxHold;
    private final int holdSteps;
    private final long[] stepOf;
    private final double[] sums;
    private final int[] counts;
    private final long[] lastTimes;
    private final double[] lastValues;

    private long lastSampleMs = Long.MIN_VALUE;
    /** The next refit boundary: a sample at or after it makes a refit at its last boundary due. */
    long nextRefitMs;
    /** The boundary of a refit that is due and not yet run, or {@link Long#MIN_VALUE} for none. */
    long dueRefitMs = Long.MIN_VALUE;
    /** Start of {@link #forecast}. */
    long forecastStartMs;
    /** The latest forecast of use U per step from {@link #forecastStartMs}, or null when there is none. */
    double[] forecast;
    /** With a reaction to misses: the misses of the last day, as of the latest forecast and since. */
    RecentMisses misses = RecentMisses.NONE;
    /** With a reaction to misses: whether {@link #forecast} is the whole capacity, the day's misses at the budget. */
    boolean reserved;

    /**
     * @param step        the grid step
     * @param maxHold     how long a sample is held over steps without one
     * @param windowSteps steps a refit reads
     * @param refitSteps  steps of one refit period
     */
    OwnerSeries(Duration step, Duration maxHold, int windowSteps, int refitSteps) {
        this.step = step;
        this.stepMs = step.toMillis();
        this.maxHold = maxHold;
        this.holdSteps = Math.toIntExact((maxHold.toMillis() + stepMs - 1) / stepMs);
        int ringSteps = holdSteps + windowSteps + refitSteps;
        this.stepOf = new long[ringSteps];
        Arrays.fill(stepOf, Long.MIN_VALUE);
        this.sums = new double[ringSteps];
        this.counts = new int[ringSteps];
        this.lastTimes = new long[ringSteps];
        this.lastValues = new double[ringSteps];
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
        lastTimes[slot] = timeMs;
        lastValues[slot] = value;
        lastSampleMs = timeMs;
    }

    /** The {@code steps} steps before {@code endMs} (a multiple of the step), by the stage's rule. */
    double[] window(long endMs, int steps) {
        long first = Math.floorDiv(endMs, stepMs) - steps;
        var grid = new GridResampler(Instant.ofEpochMilli(first * stepMs), step, steps, maxHold);
        for (long s = first - holdSteps; s < first + steps; s++) {
            int slot = (int) Math.floorMod(s, (long) stepOf.length);
            if (stepOf[slot] == s) {
                grid.addAll(lastTimes[slot], lastValues[slot], sums[slot], counts[slot]);
            }
        }
        return grid.values();
    }
}
