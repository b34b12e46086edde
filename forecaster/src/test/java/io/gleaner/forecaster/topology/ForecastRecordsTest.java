package io.gleaner.forecaster.topology;

import static io.gleaner.forecaster.topology.ForecasterFixtures.assertValues;

import org.junit.jupiter.api.Test;

class ForecastRecordsTest {

    @Test
    void spareIsOneMinusUseAndMarginFlooredAtZero() {
        // 1 - (0.3 + 0.1) = 0.6; 1 - (0.95 + 0.1) < 0 -> 0; NaN use -> 0; a negative use is capped at 1
        assertValues(ForecastRecords.spare(new double[] {0.3, 0.95, Double.NaN, -0.5}, 0.1), 0.6, 0.0, 0.0, 1.0);
    }
}
