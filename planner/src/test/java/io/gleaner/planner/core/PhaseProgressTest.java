package io.gleaner.planner.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gleaner.planner.core.TaskOutcome.State;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class PhaseProgressTest {

    private static TaskAttempt fresh(int index) {
        return new TaskAttempt("j1", TaskKind.MAP, index, 0);
    }

    private static PhaseProgress launched(int count, int... indexes) {
        var progress = PhaseProgress.start(count);
        for (int index : indexes) {
            progress = progress.withPlaced(List.of(fresh(index)));
        }
        return progress;
    }

    @Test
    void shouldLaunchAFreshTaskOutOfIndexOrder() {
        var progress = launched(6, 4);

        assertThat(progress.launchedCount()).isEqualTo(1);
        assertThat(progress.isLaunched(4)).isTrue();
        assertThat(progress.launchedPrefix()).isZero();
        assertThat(progress.wasPlaced(4, 0)).isTrue();
        assertThat(progress.wasPlaced(3, 0)).isFalse();
    }

    @Test
    void shouldKeepOfferingFreshTasksByIndexAroundOnesLaunchedOutOfOrder() {
        var progress = launched(6, 4, 1);

        assertThat(progress.runnable("j1", TaskKind.MAP, 10))
                .containsExactly(fresh(0), fresh(2), fresh(3), fresh(5));
        assertThat(progress.runnable("j1", TaskKind.MAP, 2)).containsExactly(fresh(0), fresh(2));
    }

    @Test
    void shouldOfferFreshTasksAmongGivenIndexesInIndexOrder() {
        // progressions {1, 4, 7, 10} and {0, 3, 6, 9}; 0 and 4 already launched
        var progress = launched(11, 0, 4);
        var among = List.of(new IndexProgression(1, 3), new IndexProgression(0, 3));

        assertThat(progress.runnableAmong("j1", TaskKind.MAP, among, 10))
                .containsExactly(fresh(1), fresh(3), fresh(6), fresh(7), fresh(9), fresh(10));
        assertThat(progress.runnableAmong("j1", TaskKind.MAP, among, 2)).containsExactly(fresh(1), fresh(3));
        assertThat(progress.runnableAmong("j1", TaskKind.MAP, List.of(), 2)).isEmpty();
    }

    @Test
    void shouldOfferRelaunchesAmongGivenIndexesFirst() {
        // 2 and 5 were launched and killed (5 first); among {2, 5, 8}, 8 is fresh
        var progress = launched(9, 2, 5)
                .onOutcome(5, 0, State.KILLED)
                .onOutcome(2, 0, State.FAILED);
        var among = List.of(new IndexProgression(2, 3));

        assertThat(progress.runnableAmong("j1", TaskKind.MAP, among, 10)).containsExactly(
                new TaskAttempt("j1", TaskKind.MAP, 5, 1), new TaskAttempt("j1", TaskKind.MAP, 2, 1), fresh(8));
        assertThat(progress.runnableAmong("j1", TaskKind.MAP, List.of(new IndexProgression(0, 3)), 10))
                .as("a relaunch outside the indexes is not offered").containsExactly(fresh(0), fresh(3), fresh(6));
    }

    @Test
    void shouldFindTheFirstFreshTaskOfAProgressionPastALongLaunchedPrefix() {
        // 60,000 maps, 0..29,999 launched: the first fresh index of {2, 8, 14, ...} is 30,002 (2 + 6 * 5,000)
        var progress = new PhaseProgress(60_000, TaskSet.range(0, 30_000), TaskSet.EMPTY, List.of(), Map.of());

        assertThat(progress.firstFresh(new IndexProgression(2, 6), 0)).isEqualTo(30_002);
        assertThat(progress.firstFresh(new IndexProgression(2, 6), 30_003)).isEqualTo(30_008);
        assertThat(progress.firstFresh(new IndexProgression(59_999, 6), 0)).isEqualTo(59_999);
        assertThat(progress.firstFresh(new IndexProgression(60_001, 6), 0)).as("past the count").isEqualTo(60_000);
    }

    @Test
    void shouldFindTheSameFreshTasksAsAScanOnRandomProgress() {
        var random = new Random(60_000L);
        for (int trial = 0; trial < 1_000; trial++) {
            int count = 1 + random.nextInt(3_000);
            var launchedTasks = new BitSet();
            launchedTasks.set(0, random.nextInt(count + 1));
            double density = random.nextDouble();
            for (int i = 0; i < count; i++) {
                if (random.nextDouble() < density) {
                    launchedTasks.set(i);
                }
            }
            var progress = new PhaseProgress(count, TaskSet.of(launchedTasks), TaskSet.EMPTY, List.of(), Map.of());
            var progression = new IndexProgression(random.nextInt(count + 5), 1 + random.nextInt(70));
            int from = random.nextInt(count + 5);

            int scanned = count;
            for (int i = progression.first(); i < count; i += progression.step()) {
                if (i >= from && !launchedTasks.get(i)) {
                    scanned = i;
                    break;
                }
            }

            assertThat(progress.firstFresh(progression, from)).as("%s from %d, count %d", progression, from, count)
                    .isEqualTo(scanned);
        }
    }

    @Test
    void shouldCountRunningAndRunnableTasks() {
        // 5 tasks: 0, 1, 3 launched; 0 succeeded; 1 killed and waiting; so 3 runs, and 1, 2, 4 wait
        var progress = launched(5, 0, 1, 3)
                .onOutcome(0, 0, State.SUCCEEDED)
                .onOutcome(1, 0, State.KILLED);

        assertThat(progress.running()).isEqualTo(1);
        assertThat(progress.runnableCount()).isEqualTo(3);
        assertThat(progress.hasRunnable()).isTrue();
    }

    @Test
    void shouldEqualThePrefixFormWhenLaunchedInIndexOrder() {
        var inOrder = launched(4, 0, 1);
        var prefix = new PhaseProgress(4, 2, TaskSet.EMPTY, List.of(), Map.of());

        assertThat(inOrder).isEqualTo(prefix);
        assertThat(prefix.launchedPrefix()).isEqualTo(2);
    }

    @Test
    void shouldRefuseImpossibleProgress() {
        var launchedTasks = TaskSet.of(1);

        assertThatThrownBy(() -> new PhaseProgress(3, launchedTasks, TaskSet.of(1, 2), List.of(), Map.of()))
                .hasMessage("task 2 succeeded but was never launched");
        assertThatThrownBy(() -> new PhaseProgress(3, launchedTasks, TaskSet.EMPTY, List.of(0), Map.of()))
                .hasMessageStartingWith("task 0 cannot wait for relaunch");
        assertThatThrownBy(() -> new PhaseProgress(3, launchedTasks, TaskSet.EMPTY, List.of(), Map.of(2, 1)))
                .hasMessage("latest attempt 1 of task 2 is impossible: it was never launched");
        assertThatThrownBy(() -> new PhaseProgress(1, launchedTasks, TaskSet.EMPTY, List.of(), Map.of()))
                .hasMessage("task 1 launched but there are only 1");
    }
}
