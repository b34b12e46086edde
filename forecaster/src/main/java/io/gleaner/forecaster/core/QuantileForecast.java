package io.gleaner.forecaster.core;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * Quantile forecasts over a horizon: {@code values[k][h]} is the {@code quantiles[k]} quantile of use over
 * {@code [start + h * step, start + (h + 1) * step)}.
 *
 * @param values owned by this record (callers must not change the arrays afterwards)
 */
public record QuantileForecast(Instant start, Duration step, double[] quantiles, double[][] values) {

    public QuantileForecast {
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(step, "step");
        Objects.requireNonNull(quantiles, "quantiles");
        Objects.requireNonNull(values, "values");
        if (values.length != quantiles.length) {
            throw new IllegalArgumentException(values.length + " value rows for " + quantiles.length + " quantiles");
        }
    }
}
