package io.gleaner.forecaster.core;

import java.time.Duration;

/**
 * Statistics of a series' values before an index, shared by the baselines and the quantile regression's features.
 * Every method reads only indices below its {@code limit} (the forecast origin, or the history's length) and skips
 * NaN gaps; NaN is the answer when nothing is left.
 */
public final class SeriesWindows {

    private SeriesWindows() {
    }

    /** Steps in a day for a step that divides a day evenly, e.g. 480 for 3 minutes. */
    public static int stepsPerDay(Duration step) {
        long day = Duration.ofDays(1).toNanos();
        long s = step.toNanos();
        if (s <= 0 || day % s != 0) {
            throw new IllegalArgumentException("the step must divide a day evenly, was " + step);
        }
        return (int) (day / s);
    }

    /** The last non-NaN value before {@code limit}, or NaN. */
    public static double last(double[] v, int limit) {
        for (int i = Math.min(limit, v.length) - 1; i >= 0; i--) {
            if (!Double.isNaN(v[i])) {
                return v[i];
            }
        }
        return Double.NaN;
    }

    /**
     * For each index i, the index of the last non-NaN value at or before i, or -1: {@link #last} for many limits at
     * once, in one pass instead of one scan back per limit.
     */
    public static int[] lastKnown(double[] v) {
        int[] known = new int[v.length];
        int last = -1;
        for (int i = 0; i < v.length; i++) {
            if (!Double.isNaN(v[i])) {
                last = i;
            }
            known[i] = last;
        }
        return known;
    }

    /** {@link #last}, from the indices {@link #lastKnown} gave for {@code v}: no scan back. */
    public static double last(double[] v, int limit, int[] known) {
        int last = limit > 0 ? known[Math.min(limit, v.length) - 1] : -1;
        return last < 0 ? Double.NaN : v[last];
    }

    /** The mean of the non-NaN values in {@code [limit - steps, limit)}, or NaN. */
    public static double mean(double[] v, int limit, int steps) {
        double sum = 0;
        int n = 0;
        for (int i = Math.max(0, limit - steps); i < limit; i++) {
            if (!Double.isNaN(v[i])) {
                sum += v[i];
                n++;
            }
        }
        return n == 0 ? Double.NaN : sum / n;
    }

    /** The standard deviation (population) of the non-NaN values in {@code [limit - steps, limit)}, or NaN. */
    public static double spread(double[] v, int limit, int steps) {
        double sum = 0;
        double sq = 0;
        int n = 0;
        for (int i = Math.max(0, limit - steps); i < limit; i++) {
            if (!Double.isNaN(v[i])) {
                sum += v[i];
                sq += v[i] * v[i];
                n++;
            }
        }
        if (n == 0) {
            return Double.NaN;
        }
        double mean = sum / n;
        return Math.sqrt(Math.max(0, sq / n - mean * mean));
    }

    /** The largest non-NaN value in {@code [limit - steps, limit)}, or NaN. */
    public static double max(double[] v, int limit, int steps) {
        double max = Double.NaN;
        for (int i = Math.max(0, limit - steps); i < limit; i++) {
            if (!Double.isNaN(v[i]) && (Double.isNaN(max) || v[i] > max)) {
                max = v[i];
            }
        }
        return max;
    }

    /**
     * The value at the same time of day as target index {@code i}, on the latest day before {@code limit} that has
     * one (looking back at most {@code days} days), or NaN.
     */
    public static double sameTimeEarlier(double[] v, int limit, int i, int stepsPerDay, int days) {
        for (int d = 1; d <= days; d++) {
            int j = i - d * stepsPerDay;
            if (j < 0) {
                break;
            }
            if (j < limit && j < v.length && !Double.isNaN(v[j])) {
                return v[j];
            }
        }
        return Double.NaN;
    }

    /**
     * The empirical {@code tau} quantile ({@link EmpiricalQuantile}) of the values within {@code window} steps of
     * the same time of day as target index {@code i} on each of the {@code days} days before it, reading only
     * indices below {@code limit}; NaN when there are none.
     *
     * @param scratch at least {@code days * (2 * window + 1)} long; overwritten
     */
    public static double seasonalQuantile(double[] v, int limit, int i, int stepsPerDay, int days, int window,
                                          double tau, double[] scratch) {
        int n = 0;
        int end = Math.min(limit, v.length);
        for (int d = 1; d <= days; d++) {
            int centre = i - d * stepsPerDay;
            for (int j = Math.max(0, centre - window); j <= centre + window && j < end; j++) {
                if (!Double.isNaN(v[j])) {
                    scratch[n++] = v[j];
                }
            }
        }
        return EmpiricalQuantile.ofFirst(scratch, n, tau);
    }

    /** {@code x} clamped to [0, 1], NaN kept: use is a fraction of capacity. */
    public static double clampFraction(double x) {
        return Double.isNaN(x) ? x : Math.max(0, Math.min(1, x));
    }
}
