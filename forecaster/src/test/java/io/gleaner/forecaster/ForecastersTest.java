package io.gleaner.forecaster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.gleaner.forecaster.core.Baselines;
import io.gleaner.forecaster.core.ForecastRequest;
import io.gleaner.forecaster.core.Forecaster;
import io.gleaner.forecaster.core.ResourceMetric;
import io.gleaner.forecaster.core.Series;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ForecastersTest {

    private static final Duration STEP = Duration.ofMinutes(3);
    private static final int DAY = 480;
    private static final ForecastRequest REQUEST = new ForecastRequest(DAY, new double[] {0.99});

    /**
     * Nine days of memory-like use: flat at {@code before} with uniform noise of +-0.01, stepping up to
     * {@code after} {@code shiftStepsBeforeOrigin} steps before the end of day eight (the forecast origin).
     */
    private static double[] levelShift(double before, double after, int shiftStepsBeforeOrigin, long seed) {
        var random = new Random(seed);
        double[] v = new double[9 * DAY];
        int shift = 8 * DAY - shiftStepsBeforeOrigin;
        for (int i = 0; i < v.length; i++) {
            v[i] = (i < shift ? before : after) + 0.02 * (random.nextDouble() - 0.5);
        }
        return v;
    }

    private static int violations(Forecaster f, double[] v, ResourceMetric metric) {
        var history = new Series(Instant.EPOCH, STEP, Arrays.copyOf(v, 8 * DAY));
        double[] forecast = f.forecast(history, REQUEST.withMetric(metric)).values()[0];
        int violations = 0;
        for (int h = 0; h < DAY; h++) {
            if (v[8 * DAY + h] > forecast[h]) {
                violations++;
            }
        }
        return violations;
    }

    @Test
    void levelAwareShouldCoverADayAfterAnUpwardLevelShiftThatTheSeasonalEnvelopeMisses() {
        // The use stepped up from 0.3 to 0.5 three hours before the origin. The seasonal quantile of a time of day
        // not yet seen at the new level still says 0.3, and the regression on it follows only part of the way (it
        // still misses a good part of the day); the recent peak says 0.5 for the whole day.
        double[] v = levelShift(0.3, 0.5, 60, 7);
        int standard = violations(Forecasters.seasonalEnvelope(), v, ResourceMetric.MEMORY);
        int levelAware = violations(Forecasters.levelAware(), v, ResourceMetric.MEMORY);
        assertThat(standard).as("qr|sq+h violations").isGreaterThan(DAY / 4);
        assertThat(levelAware).as("qr|sq|max-6h+0.01 violations").isLessThanOrEqualTo(DAY / 100);
    }

    @Test
    void levelAwareShouldStayWithinItsHeadroomOfAFlatSeries() {
        double[] v = levelShift(0.4, 0.4, 0, 11);
        var history = new Series(Instant.EPOCH, STEP, Arrays.copyOf(v, 8 * DAY));
        double[] forecast = Forecasters.levelAware().forecast(history, REQUEST).values()[0];
        for (double f : forecast) {
            // Use is at most 0.41; the envelope adds 0.01 to at most the recent peak (or a fitted quantile near it).
            assertThat(f).isGreaterThanOrEqualTo(0.41).isLessThan(0.43);
        }
        assertThat(Forecasters.levelAware().name()).isEqualTo("qr|sq|max-6h+0.01");
    }

    @Test
    void byMetricShouldForecastMemoryAsTheLastDaysPeakPlusTheHeadroomAndCpuAsTheSeasonalEnvelope() {
        double[] v = levelShift(0.3, 0.5, 60, 3);
        var history = new Series(Instant.EPOCH, STEP, Arrays.copyOf(v, 8 * DAY));
        var byMetric = Forecasters.byMetric();
        double peak = Baselines.maxLastDay().forecast(history, REQUEST).values()[0][0];
        double[] memory = byMetric.forecast(history, REQUEST.withMetric(ResourceMetric.MEMORY)).values()[0];
        assertThat(memory[0]).isCloseTo(peak + Forecasters.LEVEL_AWARE_HEADROOM, within(1e-12));
        assertThat(memory[DAY - 1]).isEqualTo(memory[0]);
        double[] cpu = byMetric.forecast(history, REQUEST.withMetric(ResourceMetric.CPU)).values()[0];
        assertThat(cpu).containsExactly(Forecasters.seasonalEnvelope().forecast(history, REQUEST).values()[0]);
        assertThat(violations(byMetric, v, ResourceMetric.MEMORY)).isZero();
    }

    @Test
    void envelopeNamesShouldSayTheWindowAndTheHeadroom() {
        assertThat(Forecasters.envelopeName(6, 0.01)).isEqualTo("qr|sq|max-6h+0.01");
        assertThat(Forecasters.envelopeName(0, 0.020)).isEqualTo("qr|sq+0.02");
        assertThat(Forecasters.envelope(12, 0.005).name()).isEqualTo("qr|sq|max-12h+0.005");
    }

    @Test
    void theStandardLearnerShouldBeTheLastHoursPeakPlusItsHeadroom() {
        double[] v = levelShift(0.3, 0.5, 60, 3);
        var history = new Series(Instant.EPOCH, STEP, Arrays.copyOf(v, 8 * DAY));
        double[] forecast = Forecasters.standard().forecast(history, REQUEST).values()[0];
        int hour = (int) (Duration.ofHours(Forecasters.DEFAULT_PEAK_HOURS).toMillis() / STEP.toMillis());
        double peak = Arrays.stream(history.values(), 8 * DAY - hour, 8 * DAY).max().orElseThrow();
        assertThat(peak).as("the level after the shift, 3 h before the origin").isGreaterThan(0.49);
        assertThat(forecast).containsOnly(peak + Forecasters.DEFAULT_PEAK_HEADROOM);
        assertThat(Forecasters.standard().name()).isEqualTo(Forecasters.STANDARD_NAME)
                .isEqualTo(Forecasters.recentPeak(Forecasters.DEFAULT_PEAK_HOURS, Forecasters.DEFAULT_PEAK_HEADROOM)
                        .name());
        assertThat(Forecasters.seasonalEnvelope().name()).isEqualTo(Forecasters.SEASONAL_ENVELOPE_NAME);
    }
}
