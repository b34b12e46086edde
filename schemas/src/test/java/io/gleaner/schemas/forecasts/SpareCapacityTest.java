package io.gleaner.schemas.forecasts;

import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.schemas.forecasts.SpareCapacity.Spare;
import io.gleaner.schemas.forecasts.SpareCapacity.Status;
import io.gleaner.schemas.avro.CapacityForecast;
import io.gleaner.schemas.avro.Metric;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SpareCapacityTest {

    private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");

    /** Three 3-minute steps from T0 with spare 0.5, 0.25, 0. */
    private static CapacityForecast forecast(boolean stale) {
        return CapacityForecast.newBuilder()
                .setNodeId("n1").setMetric(Metric.CPU).setQuantile(0.99)
                .setIssuedAt(T0).setStart(T0).setStepMillis(Duration.ofMinutes(3).toMillis())
                .setUtilization(stale ? List.of() : List.of(0.45, 0.7, 0.99))
                .setSafetyMargin(0.05)
                .setSpare(stale ? List.of() : List.of(0.5, 0.25, 0.0))
                .setStale(stale)
                .build();
    }

    private static CapacityForecast on(String nodeId, CapacityForecast forecast) {
        return CapacityForecast.newBuilder(forecast).setNodeId(nodeId).build();
    }

    @Test
    void shouldGiveTheSpareOfTheStepThatContainsTheTime() {
        var spare = new SpareCapacity(Map.of("n1/CPU", forecast(false))::get);

        assertThat(spare.at("n1", Metric.CPU, T0)).isEqualTo(new Spare(Status.AVAILABLE, 0.5));
        assertThat(spare.at("n1", Metric.CPU, T0.plusSeconds(179))).isEqualTo(new Spare(Status.AVAILABLE, 0.5));
        assertThat(spare.at("n1", Metric.CPU, T0.plusSeconds(180))).isEqualTo(new Spare(Status.AVAILABLE, 0.25));
        assertThat(spare.at("n1", Metric.CPU, T0.plusSeconds(539))).isEqualTo(new Spare(Status.AVAILABLE, 0.0));
    }

    @Test
    void shouldScaleTheFractionByTheCapacity() {
        var spare = new SpareCapacity(Map.of("n1/CPU", forecast(false))::get);

        // A = C * (1 - (U + S)) = 16 cores * 0.25
        assertThat(spare.at("n1", Metric.CPU, T0.plusSeconds(200)).of(16)).isEqualTo(4.0);
    }

    @Test
    void shouldSayWhyThereIsNoSpareCapacity() {
        var spare = new SpareCapacity(Map.of("n1/CPU", forecast(false), "n2/CPU", forecast(true))::get);

        assertThat(spare.at("n1", Metric.CPU, T0.minusMillis(1)).status()).isEqualTo(Status.OUTSIDE_HORIZON);
        assertThat(spare.at("n1", Metric.CPU, T0.plusSeconds(540)).status()).isEqualTo(Status.OUTSIDE_HORIZON);
        assertThat(spare.at("n2", Metric.CPU, T0)).isEqualTo(new Spare(Status.STALE, 0));
        assertThat(spare.at("n1", Metric.MEMORY, T0)).isEqualTo(new Spare(Status.NO_FORECAST, 0));
    }
}
