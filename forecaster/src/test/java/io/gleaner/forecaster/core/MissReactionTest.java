package io.gleaner.forecaster.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
