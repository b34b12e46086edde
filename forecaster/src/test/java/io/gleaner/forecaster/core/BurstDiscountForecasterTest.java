package io.gleaner.forecaster.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class BurstDiscountForecasterTest {

    /** One-hour steps: 24 a day, so the recent peak of 3 h is the last three steps. */
    private static final Duration STEP = Duration.ofHours(1);

    private static double[] forecast(Forecaster f, double[] history, int horizon) {
        return f.forecast(new Series(Instant.EPOCH, STEP, history), new ForecastRequest(horizon, new double[] {0.99}))
                .values()[0];
    }

    /** A day at {@code level}, with {@code burst} at hour {@code at} and {@code recent} in the last three hours. */
    private static double[] day(double level, int at, double burst, double recent) {
        double[] v = new double[24];
        Arrays.fill(v, level);
        v[at] = burst;
        Arrays.fill(v, 21, 24, recent);
        return v;
    }

    @Test
    void shouldTakeABurstThatHasPassedOutOfTheFirstHourOnly() {
        // the day's peak 1.0 stands 0.8 above the recent peak 0.2: a burst that has passed
        var f = new BurstDiscountForecaster(3, 0.5, 0.25, 0.02);
        double[] out = forecast(f, day(0.1, 5, 1.0, 0.2), 3);

        assertThat(out[0]).isCloseTo(0.2 + 0.25 * 0.8, within(1e-12));
        assertThat(out[1]).as("after the first hour, the day's peak with its headroom, held at capacity").isEqualTo(1);
        assertThat(out[2]).isEqualTo(1);
    }

    @Test
    void shouldKeepTheDaysPeakWithItsHeadroomWhenThePeakIsNotFarAboveTheRecentOne() {
        var f = new BurstDiscountForecaster(3, 0.5, 0.25, 0.02);
        // 0.6 - 0.2 = 0.4 is not more than the gap of 0.5
        assertThat(forecast(f, day(0.1, 5, 0.6, 0.2), 2)).containsExactly(new double[] {0.62, 0.62}, within(1e-12));
        // the peak is recent: nothing has passed
        assertThat(forecast(f, day(0.1, 5, 0.3, 0.9), 2)).containsExactly(new double[] {0.92, 0.92}, within(1e-12));
    }

    @Test
    void shouldLookOnlyAtTheLastDayAndNotDiscountWhenTheRecentHoursAreGaps() {
        var f = new BurstDiscountForecaster(3, 0.5, 0, 0);
        double[] twoDays = new double[48];
        Arrays.fill(twoDays, 0.1);
        twoDays[3] = 1.0;
        assertThat(forecast(f, twoDays, 1)).as("a burst of the day before is out of the window").containsExactly(0.1);

        double[] gaps = day(0.1, 5, 1.0, Double.NaN);
        assertThat(forecast(f, gaps, 2)).as("no recent peak to judge by").containsExactly(1.0, 1.0);
        double[] none = new double[24];
        Arrays.fill(none, Double.NaN);
        assertThat(forecast(f, none, 2)).containsOnly(Double.NaN);
    }

    @Test
    void shouldDiscountAsManyStepsAsTheDiscountHoursHold() {
        var f = new BurstDiscountForecaster(3, 0.5, 0, 0, 2);
        assertThat(forecast(f, day(0.1, 5, 1.0, 0.2), 4)).containsExactly(0.2, 0.2, 1.0, 1.0);
        assertThat(forecast(f, day(0.1, 5, 1.0, 0.2), 1)).as("a horizon shorter than the hours").containsExactly(0.2);
    }

    @Test
    void shouldNameItsParametersAndRejectOutOfRangeOnes() {
        assertThat(new BurstDiscountForecaster(3, 0.9, 0.05, 0.02).name()).isEqualTo("burst-3h-0.9x0.05+0.02");
        assertThatThrownBy(() -> new BurstDiscountForecaster(0, 0.5, 0.5, 0)).hasMessageContaining("recentHours");
        assertThatThrownBy(() -> new BurstDiscountForecaster(24, 0.5, 0.5, 0)).hasMessageContaining("recentHours");
        assertThatThrownBy(() -> new BurstDiscountForecaster(3, 1.5, 0.5, 0)).hasMessageContaining("gap");
        assertThatThrownBy(() -> new BurstDiscountForecaster(3, 0.5, -0.1, 0)).hasMessageContaining("share");
        assertThatThrownBy(() -> new BurstDiscountForecaster(3, 0.5, 0.5, 1)).hasMessageContaining("headroom");
        assertThatThrownBy(() -> new BurstDiscountForecaster(3, 0.5, 0.5, 0, 0)).hasMessageContaining("discountHours");
    }
}
