package io.gleaner.forecaster.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class CalibratedForecasterTest {

    private static final Duration STEP = Duration.ofMinutes(3);

    /** Always forecasts 0.3, whatever the level: too low for the data below. */
    private static final Forecaster LOW = new Forecaster() {
        @Override
        public String name() {
            return "low";
        }

        @Override
        public QuantileForecast forecast(Series history, ForecastRequest request) {
            double[][] out = new double[request.quantiles().length][request.horizon()];
            for (double[] row : out) {
                Arrays.fill(row, 0.3);
            }
            return new QuantileForecast(history.end(), history.step(), request.quantiles(), out);
        }
    };

    @Test
    void shouldShiftByTheQuantileOfTheHeldOutResiduals() {
        // Uniform use on [0.4, 0.6]: held-out residuals are uniform on [0.1, 0.3], so the 0.9 shift is about 0.28.
        var random = new SplittableRandom(11);
        double[] v = new double[5 * 480];
        for (int i = 0; i < v.length; i++) {
            v[i] = 0.4 + 0.2 * random.nextDouble();
        }
        var calibrated = new CalibratedForecaster(LOW, 2);
        assertThat(calibrated.name()).isEqualTo("low+cal");
        var forecast = calibrated.forecast(new Series(Instant.EPOCH, STEP, v), new ForecastRequest(480,
                new double[] {0.9}));
        assertThat(forecast.values()[0][0]).isCloseTo(0.3 + 0.28, within(0.01));
        assertThat(forecast.values()[0]).containsOnly(forecast.values()[0][0]);
    }

    @Test
    void shouldLeaveTheForecastAloneOnAShortHistory() {
        double[] v = new double[480];
        Arrays.fill(v, 0.9);
        var forecast = new CalibratedForecaster(LOW, 1).forecast(new Series(Instant.EPOCH, STEP, v),
                new ForecastRequest(480, new double[] {0.9}));
        assertThat(forecast.values()[0]).containsOnly(0.3);
    }
}
