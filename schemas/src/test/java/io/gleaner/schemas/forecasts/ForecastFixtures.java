package io.gleaner.schemas.forecasts;

import io.gleaner.schemas.avro.CapacityForecast;
import io.gleaner.schemas.avro.Metric;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/** Records of {@code forecasts} for the tests of its readers (here and, through the test jar, the planner's). */
public final class ForecastFixtures {

    /** When the fixtures' forecasts are issued and start. */
    public static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");

    private ForecastFixtures() {
    }

    /** Node n1's CPU: three 3-minute steps from T0 with spare 0.5, 0.25, 0; or its stale marker. */
    public static CapacityForecast forecast(boolean stale) {
        return CapacityForecast.newBuilder()
                .setNodeId("n1").setMetric(Metric.CPU).setQuantile(0.99)
                .setIssuedAt(T0).setStart(T0).setStepMillis(Duration.ofMinutes(3).toMillis())
                .setUtilization(stale ? List.of() : List.of(0.45, 0.7, 0.99))
                .setSafetyMargin(0.05)
                .setSpare(stale ? List.of() : List.of(0.5, 0.25, 0.0))
                .setStale(stale)
                .build();
    }

    /** {@code forecast} of another node. */
    public static CapacityForecast on(String nodeId, CapacityForecast forecast) {
        return CapacityForecast.newBuilder(forecast).setNodeId(nodeId).build();
    }
}
