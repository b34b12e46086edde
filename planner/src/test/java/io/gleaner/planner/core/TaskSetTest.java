package io.gleaner.planner.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.BitSet;
import java.util.Random;
import org.junit.jupiter.api.Test;

class TaskSetTest {

    @Test
    void shouldAgreeWithABitSetThroughRandomAdditions() {
        var random = new Random(938L);
        for (int trial = 0; trial < 100; trial++) {
            int universe = 1 + random.nextInt(500);
            var expected = new BitSet();
            var set = TaskSet.EMPTY;
            // a leading run, then scattered tasks, so the kept prefix moves both by one and by jumps
            int run = random.nextInt(universe);
            for (int i = 0; i < run; i++) {
                expected.set(i);
                set = set.with(i);
            }
            for (int step = 0; step < 2 * universe; step++) {
                int index = random.nextInt(universe);
                expected.set(index);
                set = set.with(index);

                assertThat(set.size()).isEqualTo(expected.cardinality());
                assertThat(set.prefix()).isEqualTo(expected.nextClearBit(0));
                assertThat(set.length()).isEqualTo(expected.length());
                int probe = random.nextInt(universe + 70);
                assertThat(set.contains(probe)).isEqualTo(expected.get(probe));
                assertThat(set.nextMissing(probe)).isEqualTo(expected.nextClearBit(probe));
                assertThat(set.nextPresent(probe)).isEqualTo(expected.nextSetBit(probe));
            }
            assertThat(set).isEqualTo(TaskSet.of(expected)).hasSameHashCodeAs(TaskSet.of(expected));
            assertThat(TaskSet.valueOf(set.toByteArray())).isEqualTo(set);
            assertThat(set.toBitSet()).isEqualTo(expected);
            assertThat(set.toString()).isEqualTo(expected.toString());
        }
    }

    @Test
    void shouldTellWhetherItHoldsAnotherSet() {
        var launched = TaskSet.range(0, 70).with(200);

        assertThat(launched.containsAll(TaskSet.of(3, 69))).as("within the leading run").isTrue();
        assertThat(launched.containsAll(TaskSet.of(3, 200))).isTrue();
        assertThat(launched.containsAll(TaskSet.of(3, 199))).isFalse();
        assertThat(launched.containsAll(TaskSet.EMPTY)).isTrue();
        assertThat(TaskSet.EMPTY.containsAll(TaskSet.of(0))).isFalse();
    }

    @Test
    void shouldReturnItselfWhenAddingATaskItHolds() {
        var set = TaskSet.of(4, 9);

        assertThat(set.with(9)).isSameAs(set);
        assertThat(set.with(5)).isEqualTo(TaskSet.of(4, 5, 9)).isNotSameAs(set);
        assertThat(set).isEqualTo(TaskSet.of(4, 9));
    }
}
