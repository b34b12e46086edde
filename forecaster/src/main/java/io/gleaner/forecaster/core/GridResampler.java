package io.gleaner.forecaster.core;

import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Objects;

/**
 * The one rule that puts samples taken at arbitrary times on the forecast grid, used by the forecaster stage, the
 * simulator's in-process forecasts and {@code forecast-eval}, so that what is evaluated is what is forecast.
 *
 * <p>Step {@code k} covers {@code [start + k * step, start + (k + 1) * step)}. Its value is the mean of the samples
 * taken in it. A step without a sample holds the latest earlier sample (one before the grid's start too) if that
 * sample is at most {@code maxHold} before the step's end; otherwise the step is a gap, NaN, never 0. Holding is what
 * makes a host sampled less often than the step (Bitbrains every 5 min on a 3-minute grid) a series without holes,
 * while a silence longer than {@code maxHold} stays visible to the learner as gaps.
 *
 * <p>Samples may be added in any order; two samples at the same time both count in the step's mean (a caller that
 * wants the last one to win, as a redelivered sample should, keeps only that one). Not thread-safe.
 */
public final class GridResampler {

    private final long startMs;
    private final Duration step;
    private final long stepMs;
    private final long maxHoldMs;
    private final double[] sums;
    private final int[] counts;
    private final long[] lastTimes;
    private final double[] lastValues;
    private long heldTime = Long.MIN_VALUE;
    private double heldValue = Double.NaN;

    /**
     * @param start   start of the grid's first step
     * @param step    the grid step, a whole number of milliseconds &gt; 0
     * @param steps   steps in the grid, &gt;= 0
     * @param maxHold how long a sample may be held over steps without one, &gt;= 0; zero holds nothing
     */
    public GridResampler(Instant start, Duration step, int steps, Duration maxHold) {
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(step, "step");
        Objects.requireNonNull(maxHold, "maxHold");
        if (step.isNegative() || step.isZero() || step.getNano() % 1_000_000 != 0) {
            throw new IllegalArgumentException("step must be a whole number of milliseconds > 0, was " + step);
        }
        if (steps < 0) {
            throw new IllegalArgumentException("steps must be >= 0, was " + steps);
        }
        if (maxHold.isNegative()) {
            throw new IllegalArgumentException("maxHold must be >= 0, was " + maxHold);
        }
        this.startMs = start.toEpochMilli();
        this.step = step;
        this.stepMs = step.toMillis();
        this.maxHoldMs = maxHold.toMillis();
        this.sums = new double[steps];
        this.counts = new int[steps];
        this.lastTimes = new long[steps];
        this.lastValues = new double[steps];
    }

    /**
     * Adds a sample at {@code timeMs} (epoch milliseconds). One before the grid can still be held into its first
     * steps; one at or after its end is ignored.
     */
    public void add(long timeMs, double value) {
        addAll(timeMs, value, value, 1);
    }

    /**
     * Adds {@code count} &gt;= 1 samples of one step that sum to {@code sum}, the latest of them at {@code lastTimeMs}
     * with {@code lastValue}: for a caller that keeps per-step sums rather than samples.
     */
    public void addAll(long lastTimeMs, double lastValue, double sum, int count) {
        if (count < 1) {
            throw new IllegalArgumentException("count must be >= 1, was " + count);
        }
        if (lastTimeMs < startMs) {
            if (lastTimeMs >= heldTime) {
                heldTime = lastTimeMs;
                heldValue = lastValue;
            }
            return;
        }
        long index = (lastTimeMs - startMs) / stepMs;
        if (index >= sums.length) {
            return;
        }
        int k = (int) index;
        if (counts[k] == 0 || lastTimeMs >= lastTimes[k]) {
            lastTimes[k] = lastTimeMs;
            lastValues[k] = lastValue;
        }
        sums[k] += sum;
        counts[k] += count;
    }

    /** The grid's values: a step's mean, else the held sample, else NaN. */
    public double[] values() {
        var values = new double[sums.length];
        Arrays.fill(values, Double.NaN);
        long held = heldTime;
        double value = heldValue;
        for (int k = 0; k < values.length; k++) {
            if (counts[k] > 0) {
                values[k] = sums[k] / counts[k];
                held = lastTimes[k];
                value = lastValues[k];
            } else if (held != Long.MIN_VALUE && startMs + (k + 1) * stepMs - held <= maxHoldMs) {
                values[k] = value;
            }
        }
        return values;
    }

    /** The grid as a {@link Series}. */
    public Series series() {
        return new Series(Instant.ofEpochMilli(startMs), step, values());
    }
}
