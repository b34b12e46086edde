package io.gleaner.evaluators.forecasts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ForecastModelsTest {

    @Test
    void shouldBuildEveryFixedNameUnderThatName() {
        for (String name : ForecastModels.names()) {
            assertThat(ForecastModels.isKnown(name)).isTrue();
            assertThat(ForecastModels.of(name).name()).isEqualTo(name);
        }
    }

    @Test
    void shouldBuildTheEnvelopesOfTheSweepPattern() {
        assertThat(ForecastModels.of("qr|sq|max-3h+0.02").name()).isEqualTo("qr|sq|max-3h+0.02");
        assertThat(ForecastModels.of("qr|sq+0.01").name()).isEqualTo("qr|sq+0.01");
        assertThat(ForecastModels.isKnown("qr|sq|max-0h+0.01")).as("a zero window").isFalse();
        assertThat(ForecastModels.isKnown("qr|sq+1.5")).as("headroom of capacity or more").isFalse();
        assertThat(ForecastModels.isKnown("qr|sq|max-6h")).as("no headroom").isFalse();
        assertThat(ForecastModels.of("burst-3h-0.9x0.05+0.02").name()).isEqualTo("burst-3h-0.9x0.05+0.02");
        assertThat(ForecastModels.isKnown("burst-24h-0.5x0.5+0.01")).as("a recent peak of a whole day").isFalse();
        assertThat(ForecastModels.isKnown("burst-3h-1.5x0.5+0.01")).as("a gap over capacity").isFalse();
        assertThat(ForecastModels.isKnown("burst-3h-0.5x0.5")).as("no headroom").isFalse();
        assertThat(ForecastModels.of("max-1h+0.01").name()).isEqualTo("max-1h+0.01");
        assertThat(ForecastModels.isKnown("max-0h+0.01")).as("a zero window").isFalse();
        assertThat(ForecastModels.isKnown("max-1h")).as("no headroom").isFalse();
        assertThatThrownBy(() -> ForecastModels.of("prophet")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unknown model 'prophet'");
    }

    @Test
    void theFlatDayBoundShouldAllowAtMostOneMinusQOfTheStepsAbove() {
        // Ten known steps and a gap: at q = 0.8 two steps may be above, so the bound is the third largest.
        double[] actual = {0.1, 0.9, 0.3, Double.NaN, 0.5, 0.2, 0.8, 0.4, 0.6, 0.7, 0.05};
        double[][] bound = DayOracle.bound(actual, new double[] {0.8, 0.99});
        assertThat(bound[0]).containsOnly(0.7);
        assertThat(bound[1]).as("at q = 0.99 none may be above").containsOnly(0.9);
        assertThat(DayOracle.bound(new double[] {Double.NaN}, new double[] {0.99})[0][0]).isNaN();
        assertThat(ForecastModels.isKnown(DayOracle.NAME)).isTrue();
        assertThat(ForecastModels.names()).doesNotContain(DayOracle.NAME);
    }
}
