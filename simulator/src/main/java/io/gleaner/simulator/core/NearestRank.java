package io.gleaner.simulator.core;

import java.util.List;

/** Percentiles by the nearest-rank method: the p-th percentile of n sorted values is the value of rank ceil(p/100 * n). */
final class NearestRank {

    private NearestRank() {
    }

    /**
     * The {@code p}-th percentile of {@code sorted}, which must be in ascending order and non-empty.
     *
     * @param p in (0, 100]
     */
    static long percentile(List<Long> sorted, double p) {
        if (sorted.isEmpty()) {
            throw new IllegalArgumentException("no values to take a percentile of");
        }
        if (!(p > 0 && p <= 100)) {
            throw new IllegalArgumentException("percentile must be in (0, 100], was " + p);
        }
        // p * n before dividing keeps whole-number ranks exact (0.95 * 20 is not exactly 19 in binary).
        int rank = (int) Math.ceil(p * sorted.size() / 100.0);
        return sorted.get(Math.max(rank, 1) - 1);
    }
}
