package io.gleaner.forecaster.core;

import java.util.Arrays;
import java.util.Objects;

/**
 * What to forecast: {@code horizon} steps of the series' step, starting where the history ends, at each quantile
 * level, for a series of the given metric.
 *
 * @param horizon   number of steps ahead, e.g. 480 steps of 3 minutes for a day
 * @param quantiles quantile levels in (0, 1), e.g. {0.99}
 * @param metric    the resource the series measures; {@link ResourceMetric#UNKNOWN} when the caller does not say
 *                  (learners that route by metric then use their fallback)
 */
public record ForecastRequest(int horizon, double[] quantiles, ResourceMetric metric) {

    public ForecastRequest {
        Objects.requireNonNull(quantiles, "quantiles");
        Objects.requireNonNull(metric, "metric");
        quantiles = quantiles.clone();
        if (horizon < 1) {
            throw new IllegalArgumentException("horizon must be >= 1, was " + horizon);
        }
        if (quantiles.length == 0) {
            throw new IllegalArgumentException("at least one quantile level is needed");
        }
        for (double q : quantiles) {
            if (!(q > 0 && q < 1)) {
                throw new IllegalArgumentException("quantile levels must be in (0, 1), was " + q);
            }
        }
    }

    /** A request that does not say which metric the series measures. */
    public ForecastRequest(int horizon, double[] quantiles) {
        this(horizon, quantiles, ResourceMetric.UNKNOWN);
    }

    /** The same request for a series of {@code other}. */
    public ForecastRequest withMetric(ResourceMetric other) {
        return new ForecastRequest(horizon, quantiles, other);
    }

    @Override
    public double[] quantiles() {
        return quantiles.clone();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof ForecastRequest that && horizon == that.horizon
                && Arrays.equals(quantiles, that.quantiles) && metric == that.metric;
    }

    @Override
    public int hashCode() {
        return (31 * horizon + Arrays.hashCode(quantiles)) * 31 + metric.hashCode();
    }

    @Override
    public String toString() {
        return "ForecastRequest[horizon=" + horizon + ", quantiles=" + Arrays.toString(quantiles) + ", metric="
                + metric + "]";
    }
}
