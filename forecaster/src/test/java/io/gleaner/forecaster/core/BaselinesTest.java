package io.gleaner.forecaster.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class BaselinesTest {

    /** A 6-hour step: four steps a day. */
    private static final Duration STEP = Duration.ofHours(6);

    private static double[] forecast(Forecaster f, double[] history, int horizon, double tau) {
        return f.forecast(new Series(Instant.EPOCH, STEP, history), new ForecastRequest(horizon, new double[] {tau}))
                .values()[0];
    }

    @Test
    void shouldRepeatTheLastValueSkippingGaps() {
        assertThat(forecast(Baselines.lastValue(), new double[] {0.2, 0.7, Double.NaN}, 3, 0.99))
                .containsExactly(0.7, 0.7, 0.7);
    }

    @Test
    void shouldTakeTheMaximumOfTheLastDayOnly() {
        double[] history = {0.9, 0.1, 0.3, 0.2, 0.4};
        assertThat(forecast(Baselines.maxLastDay(), history, 2, 0.99)).containsExactly(0.4, 0.4);
    }

    @Test
    void shouldTakeTheMaximumOfTheLastHoursOnly() {
        // Four 6-hour steps a day: the last 12 hours are the last two steps.
        double[] history = {0.9, 0.1, 0.3, 0.6, 0.2, Double.NaN};
        assertThat(forecast(Baselines.maxLast(12), history, 2, 0.99)).containsExactly(0.2, 0.2);
        assertThat(forecast(Baselines.maxLast(18), history, 2, 0.99)).containsExactly(0.6, 0.6);
        assertThat(Baselines.maxLast(6).name()).isEqualTo("max-6h");
        assertThatThrownBy(() -> Baselines.maxLast(0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void shouldRepeatYesterdayAtTheSameTimeOfDay() {
        double[] history = {0.1, 0.2, 0.3, 0.4, 0.5, Double.NaN, 0.7, 0.8};
        // Target 8 is 4 after 4 (0.5); target 9 is 5 (a gap) so two days back: 1 (0.2).
        assertThat(forecast(Baselines.seasonalNaive(), history, 4, 0.99)).containsExactly(0.5, 0.2, 0.7, 0.8);
    }

    @Test
    void shouldTakeTheEmpiricalQuantileOfTheSameTimeOfDay() {
        // Three days of four steps; time of day 0 took 0.1, 0.5 and 0.3.
        double[] history = {0.1, 0, 0, 0, 0.5, 0, 0, 0, 0.3, 0, 0, 0};
        assertThat(forecast(Baselines.seasonalQuantile(0), history, 1, 0.5)).containsExactly(0.3);
        assertThat(forecast(Baselines.seasonalQuantile(0), history, 1, 0.99)).containsExactly(0.5);
    }
}
