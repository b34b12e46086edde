package io.gleaner.forecaster;

import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.forecaster.core.ForecastRequest;
import io.gleaner.forecaster.core.Series;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class RecentQuantileForecasterTest {

    private static final Instant START = Instant.parse("2026-01-01T00:00:00Z");

    @Test
    void shouldForecastTheNearestRankQuantileOfTheLookbackIgnoringGaps() {
        // lookback 4 steps: 0.9 (outside), then 0.1, NaN, 0.3, 0.2 -> sorted 0.1, 0.2, 0.3;
        // level 0.5: rank ceil(0.5 * 3) = 2 -> 0.2; level 0.99: rank 3 -> 0.3
        var history = new Series(START, Duration.ofMinutes(1), new double[] {0.9, 0.1, Double.NaN, 0.3, 0.2});
        var forecaster = new RecentQuantileForecaster(Duration.ofMinutes(4));

        var forecast = forecaster.forecast(history, new ForecastRequest(3, new double[] {0.5, 0.99}));

        assertThat(forecast.start()).isEqualTo(START.plusSeconds(300));
        assertThat(forecast.values()[0]).containsExactly(0.2, 0.2, 0.2);
        assertThat(forecast.values()[1]).containsExactly(0.3, 0.3, 0.3);
    }

    @Test
    void shouldForecastNaNFromAllGaps() {
        var history = new Series(START, Duration.ofMinutes(1), new double[] {Double.NaN, Double.NaN});

        var forecast = new RecentQuantileForecaster().forecast(history, new ForecastRequest(2, new double[] {0.99}));

        assertThat(forecast.values()[0]).containsExactly(Double.NaN, Double.NaN);
    }
}
