package io.gleaner.planner.core.salamander.solver;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SpareCapacityTest {

    @Test
    void spareCapacityIsCapacityTimesOneMinusUtilizationAndMargin() {
        // Eq. 1: A = 10 · (1 − (0.3 + 0.1)) = 6 cores; RAM: 40 · (1 − (0.5 + 0.25)) = 10 GB
        var node = new Node("n", 10, 40, new double[] {0.3}, new double[] {0.5});
        long[][] a = SpareCapacity.of(node, new SafetyMargin(0.1, 0.25), 1);
        assertThat(a[Metric.CPU.ordinal()][0]).isEqualTo(6);
        assertThat(a[Metric.RAM.ordinal()][0]).isEqualTo(10);
    }

    @Test
    void spareCapacityIsClampedAtZeroWhenUtilizationAndMarginExceedTheNode() {
        // 10 · (1 − (0.95 + 0.1)) = −0.5, clamped to 0; the second step is not clamped: 10 · (1 − 0.6) = 4
        var node = new Node("n", 10, 10, new double[] {0.95, 0.5}, new double[] {0, 0});
        long[][] a = SpareCapacity.of(node, new SafetyMargin(0.1, 0), 2);
        assertThat(a[Metric.CPU.ordinal()]).containsExactly(0, 4);
    }

    @Test
    void spareCapacityIsRoundedDownToWholeUnits() {
        // 10 · (1 − 0.25) = 7.5 → 7; 10 · (1 − (0.7 + 0.1)) is 1.9999… in binary floating point and must stay 2
        var node = new Node("n", 10, 10, new double[] {0.25, 0.7}, new double[] {0, 0});
        long[][] a = SpareCapacity.of(node, new SafetyMargin(0.1, 0), 2);
        assertThat(a[Metric.CPU.ordinal()][0]).isEqualTo(6);
        var noMargin = SpareCapacity.of(node, SafetyMargin.NONE, 2);
        assertThat(noMargin[Metric.CPU.ordinal()][0]).isEqualTo(7);
        assertThat(a[Metric.CPU.ordinal()][1]).isEqualTo(2);
    }

    @Test
    void windowRoundsDurationsUpToWholeSteps() {
        var window = SalamanderFixtures.steps(480);
        assertThat(window.stepsFor(java.time.Duration.ofMinutes(3))).isEqualTo(1);
        assertThat(window.stepsFor(java.time.Duration.ofSeconds(181))).isEqualTo(2);
        assertThat(window.stepsFor(java.time.Duration.ofMinutes(7))).isEqualTo(3);
    }
}
