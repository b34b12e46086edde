package io.gleaner.forecaster.topology;

import io.gleaner.forecaster.core.SeriesEvent;
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

    /** A fresh forecast: {@code issued}'s only quantile row and its spare capacity. */
    static CapacityForecast fresh(SeriesKey key, SeriesEvent.Issued issued) {
        var forecast = issued.forecast();
        return CapacityForecast.newBuilder()
                .setNodeId(key.nodeId())
                .setMetric(key.metric())
                .setQuantile(forecast.quantiles()[0])
                .setIssuedAt(Instant.ofEpochMilli(issued.issuedAt()))
                .setStart(forecast.start())
                .setStepMillis(forecast.step().toMillis())
                .setUtilization(list(issued.utilization()))
                .setSafetyMargin(issued.margin())
                .setSpare(list(issued.spare()))
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

    private static List<Double> list(double[] values) {
        var list = new ArrayList<Double>(values.length);
        for (double v : values) {
            list.add(v);
        }
        return list;
    }
}
