package io.gleaner.simulator.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class MetricSummaryTest {

    @Test
    void shouldSummariseTheDefinedValuesAndCountTheNaNs() {
        var summary = MetricSummary.of(1, 2, 3, Double.NaN);

        // Mean of 1, 2, 3 is 2; sample variance ((1 + 0 + 1) / (3 - 1)) is 1.
        assertThat(summary.seeds()).isEqualTo(4);
        assertThat(summary.defined()).isEqualTo(3);
        assertThat(summary.mean()).isEqualTo(2.0);
        assertThat(summary.stddev()).isCloseTo(1.0, within(1e-12));
        assertThat(summary.min()).isEqualTo(1.0);
        assertThat(summary.max()).isEqualTo(3.0);
        assertThat(summary.partial()).isTrue();
    }

    @Test
    void shouldBeNaNThroughoutWhenNoSeedDefinesTheMetric() {
        var summary = MetricSummary.of(Double.NaN, Double.NaN);

        assertThat(summary.defined()).isZero();
        assertThat(summary.mean()).isNaN();
        assertThat(summary.min()).isNaN();
        assertThat(summary.max()).isNaN();
        assertThat(summary.partial()).isFalse();
    }

    @Test
    void shouldHaveNoStandardDeviationForOneValue() {
        var summary = MetricSummary.of(5);

        assertThat(summary.mean()).isEqualTo(5.0);
        assertThat(summary.stddev()).isNaN();
        assertThat(summary.partial()).isFalse();
    }
}
