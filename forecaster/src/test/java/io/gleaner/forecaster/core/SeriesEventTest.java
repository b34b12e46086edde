package io.gleaner.forecaster.core;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SeriesEventTest {

    @Test
    void spareIsOneMinusUseAndMarginFlooredAtZero() {
        // 1 - (0.3 + 0.1) = 0.6; 1 - (0.95 + 0.1) < 0 -> 0; NaN use -> 0; a negative use is capped at 1
        assertThat(SeriesEvent.spare(new double[] {0.3, 0.95, Double.NaN, -0.5}, 0.1))
                .usingComparatorWithPrecision(1e-12).containsExactly(0.6, 0.0, 0.0, 1.0);
    }
}
