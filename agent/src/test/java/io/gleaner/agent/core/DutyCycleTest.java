package io.gleaner.agent.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class DutyCycleTest {

    @Test
    void shouldGiveTheShareThatBringsTheMeasuredUseToTheLimit() {
        // A burner of 1 core, measured at full share, limited to 0.25 cores: run a quarter of each period.
        var cycle = DutyCycle.FULL.next(0.25, 1.0);
        assertThat(cycle.share()).isCloseTo(0.25, within(1e-9));
        // Measured at 0.25 under that share: it would use 1 core unthrottled, so the share stays.
        assertThat(cycle.next(0.25, 0.25).share()).isCloseTo(0.25, within(1e-9));
        // Raised to 0.5.
        assertThat(cycle.next(0.5, 0.25).share()).isCloseTo(0.5, within(1e-9));
    }

    @Test
    void shouldRunFreelyWithoutALimitOrWhenTheAttemptsAreIdleAndNeverGoBelowTheLeastShare() {
        assertThat(new DutyCycle(0.3).next(Double.POSITIVE_INFINITY, 1)).isEqualTo(DutyCycle.FULL);
        assertThat(new DutyCycle(0.3).next(0.5, 0)).isEqualTo(DutyCycle.FULL);
        assertThat(DutyCycle.FULL.next(0, 2).share()).isEqualTo(DutyCycle.MIN_SHARE);
        assertThat(DutyCycle.FULL.next(4, 1)).isEqualTo(DutyCycle.FULL);
    }

    @Test
    void shouldWriteCpuMaxAsQuotaAndPeriodInMicroseconds() {
        assertThat(CpuMax.line(0.6)).isEqualTo("60000 100000");
        assertThat(CpuMax.line(2)).isEqualTo("200000 100000");
        assertThat(CpuMax.line(0)).isEqualTo("1000 100000");
        assertThat(CpuMax.line(Double.POSITIVE_INFINITY)).isEqualTo("max 100000");
    }
}
