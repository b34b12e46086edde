package io.gleaner.planner.core.adaptive;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The estimators against seed 003's worked examples (section 6). */
class RequiredSlotsTest {

    @Test
    void eq1ShouldGiveTheNotesExampleAndDropByOnePerLaunch() {
        // mu = 100 s; running tasks at beta 40 s and 70 s; 20 unstarted; 500 s to the goal
        double work = RequiredSlots.remainingWork(100, List.of(40.0, 70.0), 20);
        assertThat(work).isEqualTo(2090.0);
        assertThat(RequiredSlots.required(work, 2, 500)).isCloseTo(2.18, within(1e-9));

        double afterLaunch = RequiredSlots.remainingWork(100, List.of(40.0, 70.0, 0.0), 19);
        assertThat(RequiredSlots.required(afterLaunch, 3, 500)).isCloseTo(1.18, within(1e-9));
    }

    @Test
    void aTaskThatOutlivedTheMeanShouldCountAsNoWorkLeftNotNegativeWork() {
        assertThat(RequiredSlots.remainingWork(100, List.of(130.0, 40.0), 1)).isEqualTo(160.0);
    }

    @Test
    void aJobHoldingMoreSlotsThanItNeedsShouldNeedFewerThanZero() {
        assertThat(RequiredSlots.required(1000, 5, 500)).isEqualTo(-3.0);
    }

    @Test
    void requiredShouldRejectAGoalThatIsNotAhead() {
        assertThatThrownBy(() -> RequiredSlots.required(100, 1, 0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void eq3ShouldNormaliseTheAcceleratorShortfallToRegularSlots() {
        // 10 accelerated slots; maps take 50 s accelerated, 100 s regular; 15 accelerated slots needed
        assertThat(RequiredSlots.extraRegular(100, 50, 15, 10)).isEqualTo(10.0);
        assertThat(RequiredSlots.extraRegular(100, 50, 10, 10)).isLessThanOrEqualTo(0.0);
        assertThat(RequiredSlots.extraRegular(100, 50, 7, 10)).isLessThan(0.0);
    }

    @Test
    void eq4ShouldGiveHalfThePoolAsFiftyPercent() {
        assertThat(RequiredSlots.acceleratedLoad(5, 10)).isEqualTo(0.5);
    }
}
