package io.gleaner.simulator.report;

/**
 * One metric of one policy over its seeds. NaN values (a run with nothing to measure the metric on) are left out:
 * {@code mean}, {@code stddev}, {@code min} and {@code max} are over the {@code defined} seeds only, and NaN when no
 * seed defines the metric.
 *
 * @param seeds   runs of the policy
 * @param defined runs whose value is not NaN
 * @param mean    arithmetic mean of the defined values
 * @param stddev  sample standard deviation (n - 1) of the defined values; NaN when fewer than two
 * @param min     smallest defined value
 * @param max     largest defined value
 */
public record MetricSummary(int seeds, int defined, double mean, double stddev, double min, double max) {

    public MetricSummary {
        if (defined < 0 || defined > seeds) {
            throw new IllegalArgumentException("defined must be in [0, seeds = " + seeds + "], was " + defined);
        }
    }

    /** The summary of one value per seed. */
    public static MetricSummary of(double... values) {
        int defined = 0;
        double sum = 0;
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (double v : values) {
            if (!Double.isNaN(v)) {
                defined++;
                sum += v;
                min = Math.min(min, v);
                max = Math.max(max, v);
            }
        }
        if (defined == 0) {
            return new MetricSummary(values.length, 0, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
        }
        double mean = sum / defined;
        double squares = 0;
        for (double v : values) {
            if (!Double.isNaN(v)) {
                squares += (v - mean) * (v - mean);
            }
        }
        double stddev = defined < 2 ? Double.NaN : Math.sqrt(squares / (defined - 1));
        return new MetricSummary(values.length, defined, mean, stddev, min, max);
    }

    /** Whether some seeds, but not all, define the metric: the mean is then over fewer runs than the others. */
    public boolean partial() {
        return defined > 0 && defined < seeds;
    }
}
