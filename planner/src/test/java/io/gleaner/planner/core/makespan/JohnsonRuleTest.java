package io.gleaner.planner.core.makespan;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class JohnsonRuleTest {

    /** seed-002-notes TV-3: Table 5.1's phase times of J1..J5 on 30 map and 30 reduce slots. */
    static final List<StageLengths> TABLE_5_1 = List.of(
            new StageLengths("J1", 4, 5),
            new StageLengths("J2", 1, 4),
            new StageLengths("J3", 30, 4),
            new StageLengths("J4", 6, 30),
            new StageLengths("J5", 2, 3));

    @Test
    void ordersTable51AsTv3() {
        var order = JohnsonRule.order(TABLE_5_1);

        // Front (M <= R) by ascending M: J2 (1), J5 (2), J1 (4), J4 (6); back (M > R) by descending R: J3.
        assertThat(order).extracting(StageLengths::jobId).containsExactly("J2", "J5", "J1", "J4", "J3");
    }

    @Test
    void givesTable51TheThesissFortySevenSeconds() {
        // TV-3: "makespan = 47s", also the brute-force optimum over the 120 orders.
        assertThat(FlowShop.makespan(JohnsonRule.order(TABLE_5_1))).isEqualTo(47);
        assertThat(bestOfAllOrders(TABLE_5_1)).isEqualTo(47);
    }

    @Test
    void ordersTv2ReduceHeavyJobFirst() {
        var order = JohnsonRule.order(List.of(new StageLengths("J1", 20, 2), new StageLengths("J2", 2, 20)));

        assertThat(order).extracting(StageLengths::jobId).containsExactly("J2", "J1");
    }

    @Test
    void noOrderOfSeededRandomBatchesIsShorterThanJohnsons() {
        var random = new SplittableRandom(2015);
        for (int batch = 0; batch < 40; batch++) {
            var jobs = new ArrayList<StageLengths>();
            int n = 2 + random.nextInt(5);
            for (int j = 0; j < n; j++) {
                jobs.add(new StageLengths("j" + j, random.nextInt(1, 50), random.nextInt(1, 50)));
            }

            assertThat(FlowShop.makespan(JohnsonRule.order(jobs))).as("batch %d: %s", batch, jobs)
                    .isEqualTo(bestOfAllOrders(jobs));
        }
    }

    @Test
    void putsAJobWhoseStagesTieInTheFrontGroup() {
        var order = JohnsonRule.order(List.of(new StageLengths("back", 5, 1), new StageLengths("tie", 9, 9)));

        assertThat(order).extracting(StageLengths::jobId).containsExactly("tie", "back");
    }

    @Test
    void breaksEqualStagesByJobIdWhateverTheInputOrder() {
        var a = new StageLengths("a", 3, 7);
        var b = new StageLengths("b", 3, 7);

        assertThat(JohnsonRule.order(List.of(b, a))).containsExactly(a, b);
        assertThat(JohnsonRule.order(List.of(a, b))).containsExactly(a, b);
    }

    static double bestOfAllOrders(List<StageLengths> jobs) {
        return permute(new ArrayList<>(jobs), 0);
    }

    private static double permute(List<StageLengths> jobs, int from) {
        if (from == jobs.size()) {
            return FlowShop.makespan(jobs);
        }
        double best = Double.MAX_VALUE;
        for (int i = from; i < jobs.size(); i++) {
            Collections.swap(jobs, from, i);
            best = Math.min(best, permute(jobs, from + 1));
            Collections.swap(jobs, from, i);
        }
        return best;
    }
}
