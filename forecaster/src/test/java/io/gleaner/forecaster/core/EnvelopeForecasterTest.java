package io.gleaner.forecaster.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class EnvelopeForecasterTest {

    private static final Duration STEP = Duration.ofMinutes(3);
    private static final ForecastRequest REQUEST = new ForecastRequest(4, new double[] {0.5, 0.99});

    /** Forecasts the given values at every level. */
    private static Forecaster fixed(String name, double... values) {
        return new Forecaster() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public QuantileForecast forecast(Series history, ForecastRequest request) {
                double[][] out = new double[request.quantiles().length][];
                for (int k = 0; k < out.length; k++) {
                    out[k] = values.clone();
                }
                return new QuantileForecast(history.end(), history.step(), request.quantiles(), out);
            }
        };
    }

    private static final Series HISTORY = new Series(Instant.EPOCH, STEP, new double[] {0.2, 0.3});

    @Test
    void shouldTakeTheLargestMemberAtEachStepPlusTheHeadroom() {
        var envelope = new EnvelopeForecaster("env", List.of(fixed("a", 0.1, 0.6, Double.NaN, Double.NaN),
                fixed("b", 0.4, 0.2, 0.3, Double.NaN)), 0.01);
        var forecast = envelope.forecast(HISTORY, REQUEST);
        assertThat(envelope.name()).isEqualTo("env");
        assertThat(forecast.start()).isEqualTo(HISTORY.end());
        for (double[] row : forecast.values()) {
            assertThat(row[0]).isCloseTo(0.41, within(1e-12));
            assertThat(row[1]).isCloseTo(0.61, within(1e-12));
            assertThat(row[2]).isCloseTo(0.31, within(1e-12));
            assertThat(row[3]).isNaN();
        }
    }

    @Test
    void shouldClampToCapacity() {
        var forecast = new EnvelopeForecaster("env", List.of(fixed("a", 0.998, 0.0, 0.5, 1.0)), 0.005)
                .forecast(HISTORY, REQUEST);
        assertThat(forecast.values()[1]).containsExactly(1.0, 0.005, 0.505, 1.0);
    }

    @Test
    void shouldCoverAFlatSeriesTheRegressionFitsExactly() {
        // Flat use with a tiny upward jitter on every fifth step: the envelope must cover every step of the next
        // day and stay within the headroom (plus the jitter) of the use.
        double[] v = new double[9 * 480];
        for (int i = 0; i < v.length; i++) {
            v[i] = 0.5 + (i % 5 == 0 ? 0.001 : 0);
        }
        var qr = new QuantileRegressionForecaster(QrSettings.defaults());
        var envelope = new EnvelopeForecaster("env", List.of(qr, Baselines.seasonalQuantile(10)), 0.005);
        var request = new ForecastRequest(480, new double[] {0.99});
        var history = new Series(Instant.EPOCH, STEP, Arrays.copyOf(v, 8 * 480));
        double[] f = envelope.forecast(history, request).values()[0];
        for (int h = 0; h < 480; h++) {
            assertThat(f[h]).isGreaterThanOrEqualTo(v[8 * 480 + h]).isLessThan(0.51);
        }
    }

    @Test
    void shouldRejectNoMembersAndABadHeadroom() {
        assertThatThrownBy(() -> new EnvelopeForecaster("env", List.of(), 0))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new EnvelopeForecaster("env", List.of(fixed("a", 0.1)), -0.1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("-0.1");
    }
}
