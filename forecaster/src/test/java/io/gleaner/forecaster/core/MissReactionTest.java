package io.gleaner.forecaster.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class MissReactionTest {

    @Test
    void theBudgetIsTheMissesALevelAllowsInADay() {
        // 1% of 480 three-minute steps is 4.8: four misses; 5% of 288 five-minute steps is 14.4.
        assertThat(MissReaction.budget(0.99, 480)).isEqualTo(4);
        assertThat(MissReaction.budget(0.95, 288)).isEqualTo(14);
        // 1 - 0.99 is a hair under 0.01 in binary: 500 steps still allow 5.
        assertThat(MissReaction.budget(0.99, 500)).isEqualTo(5);
        // A level that allows less than one miss a day still allows one, or the forecast would never be anything but
        // the whole capacity.
        assertThat(MissReaction.budget(0.999, 480)).isEqualTo(1);
        assertThatThrownBy(() -> MissReaction.budget(1.0, 480)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void shouldAddTheEscalationPerRecentMissAndReserveEverythingAtTheBudget() {
        var reaction = new MissReaction(0.05);
        double[] learner = {0.2, Double.NaN, 0.97};

        assertThat(reaction.apply(learner, 0, 4)).containsExactly(0.2, Double.NaN, 0.97);
        assertThat(reaction.apply(learner, 2, 4)).containsExactly(0.30000000000000004, Double.NaN, 1.0);
        assertThat(reaction.apply(learner, 4, 4)).containsExactly(1.0, 1.0, 1.0);
        assertThat(learner).containsExactly(0.2, Double.NaN, 0.97);
    }

    @Test
    void aForecastIssuedCountsTheMissesOfTheDayBeforeItAndReservesAtTheBudget() {
        var reaction = new MissReaction(0.1);
        var misses = RecentMisses.of(10, 40, 60);

        // At 115 with a day of 100, the miss at 10 has left the day: two count.
        var issued = reaction.issue(new double[] {0.3}, misses, 115, 100, 3);
        assertThat(issued.misses().times()).containsExactly(40, 60);
        assertThat(issued.reserved()).isFalse();
        assertThat(issued.values()[0]).isCloseTo(0.5, within(1e-12));
        // At 100 all three count: the whole capacity.
        var reserved = reaction.issue(new double[] {0.3}, misses, 100, 100, 3);
        assertThat(reserved.reserved()).isTrue();
        assertThat(reserved.values()).containsExactly(1.0);

        // A reserved forecast gives way at the first step whose day holds fewer misses than the budget: at 110, when
        // the miss at 10 is a day old.
        assertThat(MissReaction.recovers(true, misses, 109, 100, 3)).isFalse();
        assertThat(MissReaction.recovers(true, misses, 110, 100, 3)).isTrue();
        assertThat(MissReaction.recovers(false, misses, 200, 100, 3)).as("not reserved: nothing to give way").isFalse();
    }

    @Test
    void shouldRefuseAnEscalationOutsideTheUnitInterval() {
        assertThatThrownBy(() -> new MissReaction(1.0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("escalation");
        assertThatThrownBy(() -> new MissReaction(-0.01)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void recentMissesShouldKeepOnlyTheLastDay() {
        long day = 100;
        var misses = RecentMisses.NONE.plus(10, day).plus(50, day).plus(105, day);

        assertThat(misses.times()).containsExactly(10, 50, 105);
        // A miss exactly a day old has left the day.
        assertThat(misses.asOf(110, day).times()).containsExactly(50, 105);
        assertThat(misses.asOf(150, day).times()).containsExactly(105);
        assertThat(misses.plus(160, day).times()).containsExactly(105, 160);
        assertThat(RecentMisses.of(105, 50)).isEqualTo(RecentMisses.of(50, 105));
    }
}
