package io.gleaner.simulator.report;

import java.util.TreeSet;

/**
 * Fewer points for a long series, so that a chart of a day of rounds stays small: the series is cut into equal
 * runs of consecutive points (buckets) and each bucket keeps its lowest and its highest point, so peaks and troughs
 * survive; the first and last points are always kept. Deterministic: ties keep the earlier point.
 */
final class Downsample {

    /** Most points a chart series keeps. */
    static final int MAX_POINTS = 2000;

    private Downsample() {
    }

    /**
     * Indices, ascending, of the points of {@code ys} to keep: all of them when there are at most {@code maxPoints},
     * otherwise at most {@code maxPoints}.
     *
     * @param maxPoints at least 4: two per bucket and one bucket, plus the two ends
     */
    static int[] minMax(double[] ys, int maxPoints) {
        if (maxPoints < 4) {
            throw new IllegalArgumentException("maxPoints must be >= 4, was " + maxPoints);
        }
        int n = ys.length;
        if (n <= maxPoints) {
            int[] all = new int[n];
            for (int i = 0; i < n; i++) {
                all[i] = i;
            }
            return all;
        }
        int buckets = (maxPoints - 2) / 2;
        var kept = new TreeSet<Integer>();
        kept.add(0);
        kept.add(n - 1);
        for (int b = 0; b < buckets; b++) {
            // Bucket b holds points [b * n / buckets, (b + 1) * n / buckets): every point in exactly one bucket.
            int from = (int) ((long) b * n / buckets);
            int to = (int) ((long) (b + 1) * n / buckets);
            int low = from;
            int high = from;
            for (int i = from + 1; i < to; i++) {
                if (ys[i] < ys[low]) {
                    low = i;
                }
                if (ys[i] > ys[high]) {
                    high = i;
                }
            }
            kept.add(low);
            kept.add(high);
        }
        return kept.stream().mapToInt(Integer::intValue).toArray();
    }
}
