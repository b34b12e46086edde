package io.gleaner.forecaster.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import java.time.Instant;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class QuantileRegressionForecasterTest {

    private static final int DAY = 480;
    private static final Duration STEP = Duration.ofMinutes(3);

    /** A daily cycle plus Gaussian noise of known spread: its tau quantile at step i is mean(i) + sd * z(tau). */
    private static double[] synthetic(SplittableRandom random, int days, double sd) {
        double[] v = new double[days * DAY];
        for (int i = 0; i < v.length; i++) {
            v[i] = mean(i) + sd * gaussian(random);
        }
        return v;
    }

    private static double mean(int i) {
        return 0.4 + 0.2 * Math.sin(2 * Math.PI * (i % DAY) / DAY);
    }

    private static double gaussian(SplittableRandom random) {
        return Math.sqrt(-2 * Math.log(1 - random.nextDouble())) * Math.cos(2 * Math.PI * random.nextDouble());
    }

    @Test
    void shouldCoverTheKnownQuantileOnSyntheticData() {
        var forecaster = new QuantileRegressionForecaster(QrSettings.defaults());
        double[] taus = {0.9, 0.99};
        long[] violations = new long[taus.length];
        long total = 0;
        for (int seed = 0; seed < 10; seed++) {
            var random = new SplittableRandom(seed);
            double[] all = synthetic(random, 8, 0.05);
            double[] past = java.util.Arrays.copyOf(all, 7 * DAY);
            var forecast = forecaster.forecast(new Series(Instant.EPOCH, STEP, past), new ForecastRequest(DAY, taus));
            for (int h = 0; h < DAY; h++) {
                for (int k = 0; k < taus.length; k++) {
                    if (all[7 * DAY + h] > forecast.values()[k][h]) {
                        violations[k]++;
                    }
                }
            }
            total += DAY;
        }
        // 4,800 draws: the violation share of a correct 0.9 forecast has a standard error of 0.43 points.
        assertThat((double) violations[0] / total).isCloseTo(0.10, within(0.025));
        assertThat((double) violations[1] / total).isCloseTo(0.01, within(0.01));
    }

    @Test
    void shouldCoverTheKnownQuantileWithEveryFeature() {
        var forecaster = new QuantileRegressionForecaster("qr-all",
                QrSettings.defaults().withFeatures(java.util.EnumSet.allOf(QrFeature.class)));
        long violations = 0;
        long total = 0;
        for (int seed = 20; seed < 30; seed++) {
            double[] all = synthetic(new SplittableRandom(seed), 8, 0.05);
            double[] past = java.util.Arrays.copyOf(all, 7 * DAY);
            var forecast = forecaster.forecast(new Series(Instant.EPOCH, STEP, past),
                    new ForecastRequest(DAY, new double[] {0.9}));
            for (int h = 0; h < DAY; h++) {
                violations += all[7 * DAY + h] > forecast.values()[0][h] ? 1 : 0;
            }
            total += DAY;
        }
        assertThat(forecaster.name()).isEqualTo("qr-all");
        assertThat((double) violations / total).isCloseTo(0.10, within(0.03));
    }

    @Test
    void shouldForecastCloseToTheTrueQuantile() {
        var forecaster = new QuantileRegressionForecaster(QrSettings.defaults());
        var random = new SplittableRandom(3);
        double[] past = synthetic(random, 7, 0.05);
        var forecast = forecaster.forecast(new Series(Instant.EPOCH, STEP, past), new ForecastRequest(DAY,
                new double[] {0.9}));
        double z90 = 1.2816;
        double error = 0;
        for (int h = 0; h < DAY; h++) {
            error += Math.abs(forecast.values()[0][h] - (mean(h) + 0.05 * z90));
        }
        assertThat(error / DAY).isLessThan(0.03);
    }

    @Test
    void shouldFitShortOfTheLevelWithATailFactorAboveOne() {
        // Factor 5 fits the 0.5 quantile for 0.9: the mean of the cycle, not the mean plus 1.28 sd.
        var forecaster = new QuantileRegressionForecaster(QrSettings.defaults().withFitTailFactor(5));
        double[] past = synthetic(new SplittableRandom(5), 7, 0.05);
        var forecast = forecaster.forecast(new Series(Instant.EPOCH, STEP, past), new ForecastRequest(DAY,
                new double[] {0.9}));
        double error = 0;
        for (int h = 0; h < DAY; h++) {
            error += Math.abs(forecast.values()[0][h] - mean(h));
        }
        assertThat(error / DAY).isLessThan(0.02);
    }

    @Test
    void shouldRejectATailFactorThatFitsOutsideTheUnitInterval() {
        var forecaster = new QuantileRegressionForecaster(QrSettings.defaults().withFitTailFactor(20));
        var history = new Series(Instant.EPOCH, STEP, synthetic(new SplittableRandom(6), 2, 0.05));
        assertThatThrownBy(() -> forecaster.forecast(history,
                new ForecastRequest(DAY, new double[] {0.9}))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("fitTailFactor 20");
        assertThatThrownBy(() -> QrSettings.defaults().withFitTailFactor(0))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void shouldGiveNaNWhenTheHistoryIsAllGaps() {
        double[] past = new double[2 * DAY];
        java.util.Arrays.fill(past, Double.NaN);
        var forecast = new QuantileRegressionForecaster(QrSettings.defaults())
                .forecast(new Series(Instant.EPOCH, STEP, past), new ForecastRequest(10, new double[] {0.99}));
        assertThat(forecast.values()[0]).containsOnly(Double.NaN);
    }

    @Test
    void shouldFallBackToTheDailyMaximumOnAShortHistory() {
        double[] past = {0.1, 0.5, 0.2};
        var forecast = new QuantileRegressionForecaster(QrSettings.defaults())
                .forecast(new Series(Instant.EPOCH, STEP, past), new ForecastRequest(5, new double[] {0.99}));
        assertThat(forecast.values()[0]).containsOnly(0.5);
    }
}
