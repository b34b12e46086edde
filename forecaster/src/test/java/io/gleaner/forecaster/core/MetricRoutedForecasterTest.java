package io.gleaner.forecaster.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MetricRoutedForecasterTest {

    private static final Series HISTORY = new Series(Instant.EPOCH, Duration.ofMinutes(3), new double[] {0.2, 0.3});

    /** Forecasts {@code value} everywhere and names itself after it. */
    private static Forecaster constant(double value) {
        return new Forecaster() {
            @Override
            public String name() {
                return "c" + value;
            }

            @Override
            public QuantileForecast forecast(Series history, ForecastRequest request) {
                double[][] out = new double[request.quantiles().length][request.horizon()];
                for (double[] row : out) {
                    Arrays.fill(row, value);
                }
                return new QuantileForecast(history.end(), history.step(), request.quantiles(), out);
            }
        };
    }

    @Test
    void shouldForecastEachMetricWithItsRouteAndTheRestWithTheFallback() {
        var routed = new MetricRoutedForecaster("routed", Map.of(ResourceMetric.CPU, constant(0.1),
                ResourceMetric.MEMORY, constant(0.2)), constant(0.3));
        var request = new ForecastRequest(3, new double[] {0.99});

        assertThat(routed.name()).isEqualTo("routed");
        assertThat(routed.forecast(HISTORY, request.withMetric(ResourceMetric.CPU)).values()[0])
                .containsExactly(0.1, 0.1, 0.1);
        assertThat(routed.forecast(HISTORY, request.withMetric(ResourceMetric.MEMORY)).values()[0])
                .containsExactly(0.2, 0.2, 0.2);
        assertThat(routed.forecast(HISTORY, request).values()[0]).as("a request that names no metric")
                .containsExactly(0.3, 0.3, 0.3);
        assertThat(new MetricRoutedForecaster("cpu only", Map.of(ResourceMetric.CPU, constant(0.1)), constant(0.3))
                .route(ResourceMetric.MEMORY).name()).isEqualTo("c0.3");
    }

    @Test
    void shouldNotRouteTheUnknownMetric() {
        assertThatThrownBy(() -> new MetricRoutedForecaster("bad", Map.of(ResourceMetric.UNKNOWN, constant(0.1)),
                constant(0.3))).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("UNKNOWN");
    }

    @Test
    void requestShouldCarryItsMetricAndCompareByIt() {
        var request = new ForecastRequest(480, new double[] {0.99});
        assertThat(request.metric()).isEqualTo(ResourceMetric.UNKNOWN);
        var memory = request.withMetric(ResourceMetric.MEMORY);
        assertThat(memory.metric()).isEqualTo(ResourceMetric.MEMORY);
        assertThat(memory.horizon()).isEqualTo(480);
        assertThat(memory).isNotEqualTo(request).isEqualTo(new ForecastRequest(480, new double[] {0.99},
                ResourceMetric.MEMORY));
        assertThat(memory.hashCode()).isEqualTo(new ForecastRequest(480, new double[] {0.99},
                ResourceMetric.MEMORY).hashCode());
    }

    @Test
    void metricNamesShouldMapCaseInsensitivelyAndOthersToUnknown() {
        assertThat(ResourceMetric.of("cpu")).isEqualTo(ResourceMetric.CPU);
        assertThat(ResourceMetric.of("MEMORY")).isEqualTo(ResourceMetric.MEMORY);
        assertThat(ResourceMetric.of("disk")).isEqualTo(ResourceMetric.DISK);
        assertThat(ResourceMetric.of("GPU")).isEqualTo(ResourceMetric.UNKNOWN);
    }
}
