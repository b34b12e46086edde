package io.gleaner.schemas.forecasts;

import static io.gleaner.schemas.forecasts.ForecastFixtures.T0;
import static io.gleaner.schemas.forecasts.ForecastFixtures.forecast;
import static io.gleaner.schemas.forecasts.ForecastFixtures.on;
import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.schemas.forecasts.SpareCapacity.Spare;
import io.gleaner.schemas.forecasts.SpareCapacity.Status;
import io.gleaner.schemas.avro.CapacityForecast;
import io.gleaner.schemas.avro.Metric;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SpareCapacityTest {

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
