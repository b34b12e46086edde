package io.gleaner.classifier.estimate;

import static io.gleaner.classifier.estimate.EstimateFixtures.at;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.gleaner.classifier.estimate.SlotsNeeded.Status;
import java.util.List;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

class SlotsNeededTest {

    private static final OptionalDouble MU_100_S = OptionalDouble.of(100_000);

    @Test
    void shouldComputeTheAdditionalSlotsOfEquationOne() {
        // seed 003 notes §6, Eq. 1 example: µ = 100 s, β = 40 and 70 s (δ = 60, 30), |U| = 20, 500 s left:
        // (90 + 2000)/500 − 2 = 2.18
        var d = SlotsNeeded.estimate(MU_100_S, List.of(40_000.0, 70_000.0), 20, at(600), at(100));

        assertThat(d.status()).isEqualTo(Status.ESTIMATED);
        assertThat(d.additionalSlots()).isCloseTo(2.18, within(1e-12));
        assertThat(d.wholeSlots()).isEqualTo(3);
    }

    @Test
    void launchingOneTaskLowersTheNeedByExactlyOne() {
        // the same example after one more launch: |U| = 19, a new δ = 100: (190 + 1900)/500 − 3 = 1.18
        var d = SlotsNeeded.estimate(MU_100_S, List.of(40_000.0, 70_000.0, 0.0), 19, at(600), at(100));

        assertThat(d.additionalSlots()).isCloseTo(1.18, within(1e-12));
    }

    @Test
    void shouldClampTheRemainingTimeOfATaskOlderThanTheMean() {
        // β = 150 s > µ: δ = 0, not −50; 10 unstarted: (0 + 1000)/100 − 1 = 9 (−50 would have given 8.5)
        var d = SlotsNeeded.estimate(MU_100_S, List.of(150_000.0), 10, at(100), at(0));

        assertThat(d.additionalSlots()).isCloseTo(9, within(1e-12));
    }

    @Test
    void shouldReportANegativeNeedWhenTheJobHoldsMoreThanEnough() {
        // 4 running at β = 0, nothing unstarted, 400 s left: 400/400 − 4 = −3
        var d = SlotsNeeded.estimate(MU_100_S, List.of(0.0, 0.0, 0.0, 0.0), 0, at(400), at(0));

        assertThat(d.additionalSlots()).isCloseTo(-3, within(1e-12));
        assertThat(d.wholeSlots()).isZero();
    }

    @Test
    void shouldMarkAGoalThatHasPassed() {
        var passed = SlotsNeeded.estimate(MU_100_S, List.of(), 5, at(100), at(200));
        var now = SlotsNeeded.estimate(MU_100_S, List.of(), 5, at(100), at(100));

        assertThat(passed.status()).isEqualTo(Status.PAST_GOAL);
        assertThat(now.status()).isEqualTo(Status.PAST_GOAL);
        assertThat(passed.additionalSlots()).isInfinite();
        assertThat(passed.wholeSlots()).isEqualTo(Integer.MAX_VALUE);
    }

    @Test
    void shouldMarkAPhaseWithoutCompletedTasks() {
        var d = SlotsNeeded.estimate(OptionalDouble.empty(), List.of(10_000.0), 5, at(100), at(0));

        assertThat(d.status()).isEqualTo(Status.NO_HISTORY);
    }

    @Test
    void aPassedGoalOutranksMissingHistory() {
        var d = SlotsNeeded.estimate(OptionalDouble.empty(), List.of(), 5, at(100), at(200));

        assertThat(d.status()).isEqualTo(Status.PAST_GOAL);
    }

    @Test
    void shouldRejectBadInput() {
        assertThatThrownBy(() -> SlotsNeeded.estimate(MU_100_S, List.of(), -1, at(100), at(0)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unstarted must be >= 0, was -1");
        assertThatThrownBy(() -> SlotsNeeded.estimate(OptionalDouble.of(0), List.of(), 1, at(100), at(0)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("meanTaskMillis must be finite and > 0, was 0.0");
        assertThatThrownBy(() -> SlotsNeeded.estimate(MU_100_S, List.of(-1.0), 1, at(100), at(0)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("was -1.0");
    }
}
