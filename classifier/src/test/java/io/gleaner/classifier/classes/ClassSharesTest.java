package io.gleaner.classifier.classes;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ClassSharesTest {

    @Test
    void shouldGiveEachPriorityAboutOneClassPerUser() {
        // k = 6 users: 4 of priority 3, 2 of priority 1.
        assertThat(ClassShares.split(6, new int[] {4, 2}, new int[] {100, 100})).containsExactly(4, 2);
    }

    @Test
    void shouldGiveEveryPriorityAClassEvenWhenKIsSmaller() {
        assertThat(ClassShares.split(1, new int[] {1, 1, 1}, new int[] {5, 5, 5})).containsExactly(1, 1, 1);
    }

    @Test
    void shouldNotGiveAPriorityMoreClassesThanDistinctPoints() {
        // The first priority has 1 distinct point; its share goes to the second.
        assertThat(ClassShares.split(6, new int[] {3, 3}, new int[] {1, 100})).containsExactly(1, 5);
    }

    @Test
    void shouldBreakTiesTowardTheEarlierPriority() {
        // Targets 1.5 and 1.5: the third class goes to the first (higher) priority.
        assertThat(ClassShares.split(3, new int[] {1, 1}, new int[] {9, 9})).containsExactly(2, 1);
    }
}
