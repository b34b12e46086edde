package io.gleaner.planner.core.makespan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class BalancedPoolsTest {

    /**
     * seed-002-notes TV-3/TV-4: Table 5.1's jobs as task counts and task lengths, so that on 30 slots (one wave
     * each) their stages are TV-3's: J1, J2, J5 with 30 maps and 30 reduces, J3 and J4 with 20 of each.
     */
    static final List<BatchJob> TABLE_5_1 = List.of(
            BatchJob.ofTaskLengths("J1", 30, 4, 30, 5),
            BatchJob.ofTaskLengths("J2", 30, 1, 30, 4),
            BatchJob.ofTaskLengths("J3", 20, 30, 20, 4),
            BatchJob.ofTaskLengths("J4", 20, 6, 20, 30),
            BatchJob.ofTaskLengths("J5", 30, 2, 30, 3));

    @Test
    void poolsOfTv4TakeThirtyNineAndFortySeconds() {
        // TV-4: on 10 slots the 30-task jobs take 3 waves, (12,15), (3,12), (6,9): J2, J5, J1 gives 39; on 20 slots
        // J3 and J4 keep one wave, J4, J3 gives 40.
        var small = SlotPool.johnson(List.of(TABLE_5_1.get(0), TABLE_5_1.get(1), TABLE_5_1.get(4)), 10);
        var large = SlotPool.johnson(List.of(TABLE_5_1.get(2), TABLE_5_1.get(3)), 20);

        assertThat(small.order()).extracting(StageLengths::jobId).containsExactly("J2", "J5", "J1");
        assertThat(small.makespan()).isEqualTo(39);
        assertThat(large.order()).extracting(StageLengths::jobId).containsExactly("J4", "J3");
        assertThat(large.makespan()).isEqualTo(40);
    }

    @Test
    void splitsTable51AsTv4() {
        var split = BalancedPools.split(TABLE_5_1, 30);

        // The thesis: "makespan = 40" with two pools, against Johnson's 47 on one. Sorted by map tasks, J3 and J4
        // (20 maps) form pool a; the search settles on TV-4's 20 + 10 slots, max(40, 39) = 40.
        assertThat(split.makespan()).isEqualTo(40);
        assertThat(split.pools()).extracting(SlotPool::slots).containsExactly(20, 10);
        assertThat(split.pools().get(0).order()).extracting(StageLengths::jobId).containsExactly("J4", "J3");
    }

    @Test
    void keepsOnePoolWhenNoSplitIsShorter() {
        // Two jobs of 4 maps and 4 reduces of 1 s on 4 slots: one pool runs them in 1 + 1 + 1 = 3 s. A split into
        // 1 + 3 or 2 + 2 slots gives the smaller pool 4 or 2 waves of each phase: 8 s or 4 s.
        var jobs = List.of(BatchJob.ofTaskLengths("a", 4, 1, 4, 1), BatchJob.ofTaskLengths("b", 4, 1, 4, 1));

        var split = BalancedPools.split(jobs, 4);

        assertThat(split.pools()).hasSize(1);
        assertThat(split.makespan()).isEqualTo(3);
    }

    @Test
    void splitsTwoJobsThatEachNeedOnlyHalfTheSlots() {
        // Thesis §5.5.3: "Suppose a job requires only half of the total slots available". Two jobs of 2 maps and
        // 2 reduces of 1 s on 4 slots: one pool pipelines them in 3 s; 2 + 2 slots run both at once in 2 s.
        var jobs = List.of(BatchJob.ofTaskLengths("a", 2, 1, 2, 1), BatchJob.ofTaskLengths("b", 2, 1, 2, 1));

        var split = BalancedPools.split(jobs, 4);

        assertThat(split.pools()).extracting(SlotPool::slots).containsExactly(2, 2);
        assertThat(split.makespan()).isEqualTo(2);
    }

    @Test
    void neverDoesWorseThanJohnsonAlone() {
        var johnson = SlotPool.johnson(TABLE_5_1, 30).makespan();

        assertThat(BalancedPools.split(TABLE_5_1, 30, new int[] {5, 25}).makespan()).isLessThanOrEqualTo(johnson);
    }

    @Test
    void refusesPoolSizesThatLeaveAPoolEmpty() {
        assertThatThrownBy(() -> BalancedPools.split(TABLE_5_1, 30, new int[] {30}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("1..29");
    }
}
