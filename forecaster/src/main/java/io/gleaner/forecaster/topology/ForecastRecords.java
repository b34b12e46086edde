package io.gleaner.forecaster.topology;

import io.gleaner.forecaster.core.QuantileForecast;
import io.gleaner.schemas.avro.CapacityForecast;
import io.gleaner.schemas.forecasts.SeriesKey;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** Builds the {@code forecasts} records: a fresh forecast with its spare capacity, or a stale marker. */
final class ForecastRecords {

    private ForecastRecords() {
    }

    /**
     * Spare capacity per step as a fraction of capacity, Salamander Eq. 1 without C(k,m): {@code A/C = 1 − (U + S)}
     * floored at 0 (and capped at 1 when a learner forecasts a negative use). A step whose forecast is NaN (the
     * learner had nothing to go on) has spare 0: unknown use leaves nothing to place on.
     *
     * @param utilization U(k,m,t) per step
     * @param margin      S(m)
     */
    static List<Double> spare(double[] utilization, double margin) {
        var spare = new ArrayList<Double>(utilization.length);
        for (double u : utilization) {
            spare.add(Double.isNaN(u) ? 0.0 : Math.min(1.0, Math.max(0.0, 1.0 - (u + margin))));
        }
        return spare;
    }

    /** A fresh forecast: {@code forecast}'s only quantile row, its spare capacity, issued at {@code issuedAt}. */
    static CapacityForecast fresh(SeriesKey key, QuantileForecast forecast, double margin, Instant issuedAt) {
        var utilization = forecast.values()[0];
        var values = new ArrayList<Double>(utilization.length);
        for (double u : utilization) {
            values.add(u);
        }
        return CapacityForecast.newBuilder()
                .setNodeId(key.nodeId())
                .setMetric(key.metric())
                .setQuantile(forecast.quantiles()[0])
                .setIssuedAt(issuedAt)
                .setStart(forecast.start())
                .setStepMillis(forecast.step().toMillis())
                .setUtilization(values)
                .setSafetyMargin(margin)
                .setSpare(spare(utilization, margin))
                .setStale(false)
                .build();
    }

    /** The marker of a series that stopped reporting: no utilization, no spare capacity, stale. */
    static CapacityForecast stale(SeriesKey key, double quantile, double margin, Instant issuedAt, Duration step) {
        return CapacityForecast.newBuilder()
                .setNodeId(key.nodeId())
                .setMetric(key.metric())
                .setQuantile(quantile)
                .setIssuedAt(issuedAt)
                .setStart(issuedAt)
                .setStepMillis(step.toMillis())
                .setUtilization(List.of())
                .setSafetyMargin(margin)
                .setSpare(List.of())
                .setStale(true)
                .build();
    }
}
