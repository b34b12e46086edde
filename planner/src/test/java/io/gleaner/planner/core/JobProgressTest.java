package io.gleaner.planner.core;

import static io.gleaner.planner.core.PlannerFixtures.at;
import static io.gleaner.planner.core.PlannerFixtures.job;
import static io.gleaner.planner.core.PlannerFixtures.map;
import static io.gleaner.planner.core.PlannerFixtures.maps;
import static io.gleaner.planner.core.PlannerFixtures.outcome;
import static io.gleaner.planner.core.PlannerFixtures.placed;
import static io.gleaner.planner.core.PlannerFixtures.reduce;
import static io.gleaner.planner.core.PlannerFixtures.reduces;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gleaner.planner.core.TaskOutcome.State;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class JobProgressTest {

    private final Job job = job("j1", at(10), maps(3), reduces(2));

    @Test
    void shouldOfferMapsInIndexOrderWhenNothingLaunched() {
        var progress = JobProgress.start(job);

        assertThat(progress.runnable(10)).containsExactly(map(job, 0, 0), map(job, 1, 0), map(job, 2, 0));
    }

    @Test
    void shouldOfferNoMoreThanTheLimit() {
        var progress = JobProgress.start(job);

        assertThat(progress.runnable(2)).containsExactly(map(job, 0, 0), map(job, 1, 0));
    }

    @Test
    void shouldNotOfferReducesWhileAMapHasNotSucceeded() {
        // given all maps launched, two of three succeeded
        var progress = placed(job, map(job, 0, 0), map(job, 1, 0), map(job, 2, 0))
                .onOutcome(outcome("j1", TaskKind.MAP, 0, 0, "n1", State.SUCCEEDED, at(20)))
                .onOutcome(outcome("j1", TaskKind.MAP, 1, 0, "n1", State.SUCCEEDED, at(20)));

        assertThat(progress.runnable(10)).isEmpty();
        assertThat(progress.hasRunnable()).isFalse();
    }

    @Test
    void shouldOfferReducesOnceEveryMapSucceeded() {
        var progress = placed(job, map(job, 0, 0), map(job, 1, 0), map(job, 2, 0));
        for (int i = 0; i < 3; i++) {
            progress = progress.onOutcome(outcome("j1", TaskKind.MAP, i, 0, "n1", State.SUCCEEDED, at(20)));
        }

        assertThat(progress.runnable(10)).containsExactly(reduce(job, 0, 0), reduce(job, 1, 0));
    }

    @Test
    void shouldOfferReducesOfAJobWithoutMapsAtOnce() {
        var reduceOnly = job("j2", at(10), reduces(1));

        assertThat(JobProgress.start(reduceOnly).runnable(10)).containsExactly(reduce(reduceOnly, 0, 0));
    }

    @Test
    void shouldRelaunchKilledAttemptAsNextAttempt() {
        var progress = placed(job, map(job, 0, 0), map(job, 1, 0));

        var after = progress.onOutcome(outcome("j1", TaskKind.MAP, 1, 0, "n1", State.KILLED, at(20)));

        assertThat(after.phase(TaskKind.MAP).latestAttempt(1)).isEqualTo(1);
        assertThat(after.runnable(1)).containsExactly(map(job, 1, 1));
    }

    @ParameterizedTest
    @EnumSource(value = State.class, names = {"FAILED", "KILLED", "PREEMPTED"})
    void shouldQueueTaskForRelaunchWhenItsAttemptEndsWithoutSuccess(State state) {
        var progress = placed(job, map(job, 0, 0));

        var after = progress.onOutcome(outcome("j1", TaskKind.MAP, 0, 0, "n1", state, at(20)));

        assertThat(after.phase(TaskKind.MAP).relaunch()).containsExactly(0);
        assertThat(after.runnable(10)).first().isEqualTo(map(job, 0, 1));
    }

    @Test
    void shouldPutRelaunchesBeforeFreshTasksInTheOrderTheyEnded() {
        var progress = placed(job, map(job, 0, 0), map(job, 1, 0))
                .onOutcome(outcome("j1", TaskKind.MAP, 1, 0, "n1", State.FAILED, at(20)))
                .onOutcome(outcome("j1", TaskKind.MAP, 0, 0, "n1", State.KILLED, at(21)));

        assertThat(progress.runnable(10)).containsExactly(map(job, 1, 1), map(job, 0, 1), map(job, 2, 0));
    }

    @Test
    void shouldRemoveRelaunchedTaskFromTheQueueOncePlaced() {
        var progress = placed(job, map(job, 0, 0))
                .onOutcome(outcome("j1", TaskKind.MAP, 0, 0, "n1", State.KILLED, at(20)));

        var after = progress.withPlaced(Placement.of(job, map(job, 0, 1), "n2", at(30), "fifo"));

        assertThat(after.phase(TaskKind.MAP).relaunch()).isEmpty();
        assertThat(after.runnable(10)).containsExactly(map(job, 1, 0), map(job, 2, 0));
    }

    @Test
    void shouldIgnoreDuplicateSuccess() {
        var once = placed(job, map(job, 0, 0))
                .onOutcome(outcome("j1", TaskKind.MAP, 0, 0, "n1", State.SUCCEEDED, at(20)));

        var twice = once.onOutcome(outcome("j1", TaskKind.MAP, 0, 0, "n1", State.SUCCEEDED, at(25)));

        assertThat(twice).isSameAs(once);
    }

    @Test
    void shouldIgnoreOutcomesOfSupersededAttempt() {
        // given attempt 0 of map 0 was killed, so attempt 1 is next
        var relaunched = placed(job, map(job, 0, 0))
                .onOutcome(outcome("j1", TaskKind.MAP, 0, 0, "n1", State.KILLED, at(20)));

        // when attempt 0 is reported again, killed or (contradicting itself) succeeded
        var duplicateKill = relaunched.onOutcome(outcome("j1", TaskKind.MAP, 0, 0, "n1", State.KILLED, at(21)));
        var lateSuccess = relaunched.onOutcome(outcome("j1", TaskKind.MAP, 0, 0, "n1", State.SUCCEEDED, at(22)));

        // then nothing changes: still one relaunch, as attempt 1
        assertThat(duplicateKill).isSameAs(relaunched);
        assertThat(lateSuccess).isSameAs(relaunched);
        assertThat(relaunched.phase(TaskKind.MAP).relaunch()).containsExactly(0);
    }

    @Test
    void shouldIgnoreFailureOfATaskThatSucceeded() {
        var succeeded = placed(job, map(job, 0, 0))
                .onOutcome(outcome("j1", TaskKind.MAP, 0, 0, "n1", State.SUCCEEDED, at(20)));

        assertThat(succeeded.onOutcome(outcome("j1", TaskKind.MAP, 0, 0, "n1", State.FAILED, at(21))))
                .isSameAs(succeeded);
    }

    @Test
    void shouldIgnoreLaunched() {
        var progress = placed(job, map(job, 0, 0));

        assertThat(progress.onOutcome(outcome("j1", TaskKind.MAP, 0, 0, "n1", State.LAUNCHED, at(11))))
                .isSameAs(progress);
    }

    @Test
    void shouldKnowWhichAttemptsWerePlaced() {
        var progress = placed(job, map(job, 0, 0))
                .onOutcome(outcome("j1", TaskKind.MAP, 0, 0, "n1", State.KILLED, at(20)));

        assertThat(progress.wasPlaced(map(job, 0, 0))).isTrue();
        assertThat(progress.wasPlaced(map(job, 0, 1))).as("waiting for relaunch, not placed yet").isFalse();
        assertThat(progress.wasPlaced(map(job, 1, 0))).as("fresh task").isFalse();
        assertThat(progress.wasPlaced(reduce(job, 0, 0))).isFalse();
    }

    @Test
    void shouldBeCompleteOnlyWhenEveryTaskSucceeded() {
        var small = job("j2", at(10), maps(1), reduces(1));
        var mapDone = placed(small, map(small, 0, 0))
                .onOutcome(outcome("j2", TaskKind.MAP, 0, 0, "n1", State.SUCCEEDED, at(20)));
        var reduceDone = mapDone.withPlaced(Placement.of(small, reduce(small, 0, 0), "n1", at(21), "fifo"))
                .onOutcome(outcome("j2", TaskKind.REDUCE, 0, 0, "n1", State.SUCCEEDED, at(30)));

        assertThat(mapDone.isComplete()).isFalse();
        assertThat(reduceDone.isComplete()).isTrue();
    }

    @Test
    void shouldRefusePlacingATaskThatIsNotRunnable() {
        // map 1 is running: neither attempt 0 again nor an attempt 1 it was never queued for is runnable
        var progress = placed(job, map(job, 1, 0));

        assertThatThrownBy(() -> progress.withPlaced(Placement.of(job, map(job, 1, 0), "n1", at(20), "fifo")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("j1/m/1/0 is not runnable: task already launched");
        assertThatThrownBy(() -> progress.withPlaced(Placement.of(job, map(job, 1, 1), "n1", at(20), "fifo")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("j1/m/1/1 is not runnable");
        assertThatThrownBy(() -> progress.withPlaced(Placement.of(job, map(job, 2, 1), "n1", at(20), "fifo")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("j1/m/2/1 is not runnable: fresh task, attempt must be 0");
    }

    @Test
    void shouldRefusePlacingAReduceBeforeEveryMapSucceeded() {
        var progress = JobProgress.start(job);

        assertThatThrownBy(() -> progress.withPlaced(Placement.of(job, reduce(job, 0, 0), "n1", at(20), "fifo")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("placed before all maps of job j1 succeeded");
    }
}
