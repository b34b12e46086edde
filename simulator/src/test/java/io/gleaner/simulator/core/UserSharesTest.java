package io.gleaner.simulator.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.gleaner.planner.core.Pool;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** COSHH section 5.1's formulas against hand calculations. */
class UserSharesTest {

    private static final Pool A = new Pool("A", 4, 1);
    private static final Pool B = new Pool("B", 0, 2);
    private static final Pool C = new Pool("C", 2, 1);
    private static final List<Pool> USERS = List.of(A, B, C);

    @Test
    void dissatisfactionCountsUsersWithDemandBelowTheirMinShare() {
        // A: demand, 1 of 4 slots: (4 - 1) / 4 * 1 = 0.75. B: no min share. C: at her min share.
        double d = UserShares.dissatisfaction(USERS, Map.of("A", 1, "B", 3, "C", 2), Map.of("A", 5, "C", 1));

        assertThat(d).isCloseTo(0.75, within(1e-12));
    }

    @Test
    void aUserWithoutDemandIsNotDissatisfied() {
        // A has 0 of 4 slots but nothing waits: 0. C: 1 of 2 with demand: (2 - 1) / 2 * 1 = 0.5.
        double d = UserShares.dissatisfaction(USERS, Map.of("C", 1), Map.of("C", 1));

        assertThat(d).isCloseTo(0.5, within(1e-12));
    }

    @Test
    void fairnessSumsDistancesFromTheMeanOfEachWeightLevel() {
        // Weight 1: Delta(A) = 1 - 4 = -3, Delta(C) = 2 - 2 = 0, mean -1.5: |-3 + 1.5| + |0 + 1.5| = 3.
        // Weight 2: B alone, Delta = 3 - 0 = 3, mean 3: 0.
        double f = UserShares.fairness(USERS, Map.of("A", 1, "B", 3, "C", 2));

        assertThat(f).isCloseTo(3.0, within(1e-12));
    }

    @Test
    void runValueIsTheTimeWeightedMeanOfTheObservations() {
        var shares = new UserShares(List.of(C));

        // C below her min share with demand: 0.5 for 10 ms, then satisfied (0) for 20 ms: (0.5 * 10) / 30.
        shares.observe(0, Map.of("C", 1), Map.of("C", 3));
        shares.observe(10, Map.of("C", 2), Map.of("C", 2));
        shares.observe(30, Map.of("C", 2), Map.of("C", 0));

        assertThat(shares.meanDissatisfaction()).isCloseTo(5.0 / 30, within(1e-12));
        assertThat(shares.meanFairness()).as("one user is always at her own mean").isZero();
    }

    @Test
    void usersWithoutAPoolJoinWithNoMinShareAndWeightOne() {
        var shares = new UserShares(List.of());

        // X and Y, both weight 1, no min share: Delta 4 and 0, mean 2: |4 - 2| + |0 - 2| = 4.
        shares.observe(0, Map.of("X", 4), Map.of("Y", 2));

        assertThat(shares.meanFairness()).isCloseTo(4.0, within(1e-12));
        assertThat(shares.meanDissatisfaction()).isZero();
    }

    @Test
    void noObservationIsNaN() {
        assertThat(new UserShares(USERS).meanFairness()).isNaN();
    }
}
