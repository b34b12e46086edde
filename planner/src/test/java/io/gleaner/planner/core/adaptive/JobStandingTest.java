package io.gleaner.planner.core.adaptive;

import static io.gleaner.planner.core.PlannerFixtures.at;
import static io.gleaner.planner.core.PlannerFixtures.maps;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.gleaner.planner.core.Job;
import io.gleaner.planner.core.adaptive.JobStanding.Rank;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

/** The priority order of section 3.4.1 (seed 003 section 2.1). */
class JobStandingTest {

    private static Job job(String id, long submit, Long goal, int priority, String queue) {
        return new Job(id, "name-" + id, "alice", queue, priority, at(submit),
                goal == null ? Optional.empty() : Optional.of(at(goal)), 1000, 0, 0, List.of(maps(10)));
    }

    private static List<String> ordered(Map<String, Integer> queueRunning, JobStanding... standings) {
        var list = new ArrayList<>(List.of(standings));
        list.sort(JobStanding.order(queue -> queueRunning.getOrDefault(queue, 0)));
        return list.stream().map(JobStanding::jobId).toList();
    }

    @Test
    void eq1ShouldRankAJobByItsNeedAndAJobThatHasItsSlotsAsLeftover() {
        Instant now = at(100);
        var needy = JobStanding.of(job("a", 0, 600L, 0, "q"), OptionalDouble.of(2090), 2, now);
        assertThat(needy.rank()).isEqualTo(Rank.NEEDY);
        assertThat(needy.need()).isCloseTo(2.18, within(1e-9));
        var served = JobStanding.of(job("b", 0, 600L, 0, "q"), OptionalDouble.of(1000), 2, now);
        assertThat(served.rank()).isEqualTo(Rank.LEFTOVER);
    }

    @Test
    void aLaunchShouldLowerTheNeedByOneAndAMetNeedShouldJoinTheLeftover() {
        var needy = JobStanding.of(job("a", 0, 600L, 0, "q"), OptionalDouble.of(2090), 2, at(100));
        var once = needy.launchedOne();
        assertThat(once.need()).isCloseTo(1.18, within(1e-9));
        assertThat(once.running()).isEqualTo(3);
        var twice = once.launchedOne();
        assertThat(twice.rank()).isEqualTo(Rank.NEEDY);
        assertThat(twice.launchedOne().rank()).isEqualTo(Rank.LEFTOVER);
    }

    @Test
    void shouldServeMissedThenNoDataOldestFirstThenNeedThenLeftover() {
        Instant now = at(1000);
        // missed: e1 allowed 500 s and is at 1000 s with nothing left (ratio 2); e2 allowed 800 s, at 900 s (1.125)
        var late1 = JobStanding.of(job("e1", 0, 500L, 0, "q"), OptionalDouble.of(0), 1, now);
        var late2 = JobStanding.of(job("e2", 100, 900L, 0, "q"), OptionalDouble.of(0), 1, now);
        var fresh1 = JobStanding.of(job("f1", 900, 5000L, 0, "q"), OptionalDouble.empty(), 0, now);
        var fresh2 = JobStanding.of(job("f2", 800, 5000L, 0, "q"), OptionalDouble.empty(), 0, now);
        var small = JobStanding.of(job("n1", 0, 2000L, 0, "q"), OptionalDouble.of(2000), 0, now);
        var large = JobStanding.of(job("n2", 0, 2000L, 0, "q"), OptionalDouble.of(5000), 0, now);
        var noGoal = JobStanding.of(job("g", 0, null, 0, "q"), OptionalDouble.of(5000), 0, now);

        assertThat(late1.need()).isCloseTo(2.0, within(1e-9));
        assertThat(ordered(Map.of(), noGoal, small, fresh1, late2, large, fresh2, late1))
                .containsExactly("e1", "e2", "f2", "f1", "n2", "n1", "g");
    }

    @Test
    void aLateJobWithWorkLeftShouldCountItsExpectedCompletionNotOnlyTheClock() {
        // both allowed 500 s and at 600 s; l2 has 400 slot-seconds left on 1 slot, l1 none
        var l1 = JobStanding.of(job("l1", 0, 500L, 0, "q"), OptionalDouble.of(0), 1, at(600));
        var l2 = JobStanding.of(job("l2", 0, 500L, 0, "q"), OptionalDouble.of(400), 1, at(600));
        assertThat(l2.need()).isCloseTo(2.0, within(1e-9));
        assertThat(ordered(Map.of(), l1, l2)).containsExactly("l2", "l1");
    }

    @Test
    void leftoverShouldGoToTheQueueWithFewestRunningThenToTheHigherPriority() {
        Instant now = at(10);
        var busyQueue = JobStanding.of(job("a", 0, null, 9, "busy"), OptionalDouble.empty(), 0, now);
        var low = JobStanding.of(job("b", 0, null, 0, "idle"), OptionalDouble.empty(), 0, now);
        var high = JobStanding.of(job("c", 5, null, 3, "idle"), OptionalDouble.empty(), 0, now);
        assertThat(ordered(Map.of("busy", 4, "idle", 1), busyQueue, low, high)).containsExactly("c", "b", "a");
    }

    @Test
    void equalNeedsShouldGoToTheHigherPriority() {
        Instant now = at(0);
        var plain = JobStanding.of(job("a", 0, 1000L, 0, "q"), OptionalDouble.of(3000), 0, now);
        var urgent = JobStanding.of(job("b", 0, 1000L, 5, "q"), OptionalDouble.of(3000), 0, now);
        assertThat(ordered(Map.of(), plain, urgent)).containsExactly("b", "a");
    }
}
