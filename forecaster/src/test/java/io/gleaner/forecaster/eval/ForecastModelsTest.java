package io.gleaner.forecaster.eval;

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
        assertThatThrownBy(() -> ForecastModels.of("prophet")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unknown model 'prophet'");
    }
}
