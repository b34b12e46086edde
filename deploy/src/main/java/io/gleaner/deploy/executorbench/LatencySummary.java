package io.gleaner.deploy.executorbench;

import java.util.Arrays;

/**
 * Count and percentiles of latencies, in milliseconds. A percentile is the nearest-rank one: the smallest sample with
 * at least that fraction of the samples at or below it.
 */
public record LatencySummary(int count, double p50Ms, double p90Ms, double p99Ms, double maxMs) {

    /** The summary of {@code nanos} (not modified); all zero when empty. */
    public static LatencySummary ofNanos(long[] nanos) {
        if (nanos.length == 0) {
            return new LatencySummary(0, 0, 0, 0, 0);
        }
        var sorted = nanos.clone();
        Arrays.sort(sorted);
        return new LatencySummary(sorted.length, rank(sorted, 0.50), rank(sorted, 0.90), rank(sorted, 0.99),
                sorted[sorted.length - 1] / 1e6);
    }

    private static double rank(long[] sorted, double fraction) {
        int index = (int) Math.ceil(fraction * sorted.length) - 1;
        return sorted[Math.max(0, index)] / 1e6;
    }
}
