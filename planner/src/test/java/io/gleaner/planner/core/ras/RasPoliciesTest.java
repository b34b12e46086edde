package io.gleaner.planner.core.ras;

import static io.gleaner.planner.core.PlannerFixtures.at;
import static io.gleaner.planner.core.PlannerFixtures.maps;
import static io.gleaner.planner.core.PlannerFixtures.node;
import static io.gleaner.planner.core.PlannerFixtures.res;
import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.planner.core.CapacityOutlook;
import io.gleaner.planner.core.InMemoryPlannerState;
import io.gleaner.planner.core.Job;
import io.gleaner.planner.core.Placement;
import io.gleaner.planner.core.PlacementPolicy;
import io.gleaner.planner.core.PlannerCell;
import io.gleaner.planner.core.PolicyName;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * RAS and Reverse-Adaptive on a heartbeat. The fixtures' maps run 104 s (64 MiB at 3,100 FLOP/B on a 2 GFLOP/s
 * core).
 */
class RasPoliciesTest {

    private static Job job(String id, Instant submit, int maps, Duration goal) {
        return new Job(id, "name-" + id, "alice", "default", 0, submit, Optional.of(submit.plus(goal)), 1000, 0, 0,
                List.of(maps(maps)));
    }

    private static Map<String, Long> placedPerJob(PlacementPolicy policy, CapacityOutlook outlook, Job... jobs) {
        var cell = new PlannerCell(policy, new InMemoryPlannerState(), outlook);
        for (var job : jobs) {
            cell.onJob(job);
        }
        var placed = cell.onHeartbeat(node("n1", at(10), 8, res(16, 64))).placements();
        assertThat(placed).allSatisfy(p -> assertThat(p.policy()).isEqualTo(policy instanceof RasPolicy
                ? PolicyName.RAS.configValue() : PolicyName.REVERSE_ADAPTIVE.configValue()));
        return placed.stream().collect(Collectors.groupingBy(Placement::jobId, Collectors.counting()));
    }

    @Test
    void rasGivesTheJobWithTheTighterGoalItsSReqBeforeLevellingByUtility() {
        // loose (older): 40 maps, goal 28 h: s_req 1. tight: 40 maps, goal 1,102 s after submission: at the
        // heartbeat 4,161 task-s over 1,091 s, s_req 4. Eight slots: tight 1..4 (-1 .. 0), loose 1 (0); then
        // the linear branches (s - 4) / 36 and (s - 1) / 39 share the other three, ties to the older job.
        var loose = job("loose", at(0), 40, Duration.ofHours(28));
        var tight = job("tight", at(1), 40, Duration.ofSeconds(1_100));

        var placed = placedPerJob(new RasPolicy(), CapacityOutlook.NONE, loose, tight);

        assertThat(placed).containsExactlyInAnyOrderEntriesOf(Map.of("tight", 5L, "loose", 3L));
    }

    @Test
    void equalUtilitiesGoToTheHigherPriorityFirst() {
        var older = job("older", at(1), 4, Duration.ofHours(4));
        var urgent = new Job("urgent", "name-urgent", "alice", "default", 5, at(2), Optional.of(at(2).plus(
                Duration.ofHours(4))), 1000, 0, 0, List.of(maps(4)));
        var cell = new PlannerCell(new RasPolicy(), new InMemoryPlannerState());
        cell.onJob(older);
        cell.onJob(urgent);

        var placed = cell.onHeartbeat(node("n1", at(10), 1, res(16, 64))).placements();

        assertThat(placed).extracting(Placement::jobId).containsExactly("urgent");
    }

    @Test
    void reverseAdaptiveGivesNowToTheJobThatHasNoCapacityLater() {
        // The owners leave the node for the next 3 minutes and between 3 h and 4 h only. early (older, goal 4 h)
        // fits in that later hour: s_fit 0. late (goal 2 h) must run now: its 6 x 104 s over the 180 s slice,
        // s_fit 4. Blind to f(t), both have s_req 1 and share the slots.
        CapacityOutlook outlook = (nodeId, resource, time) -> {
            long s = time.getEpochSecond();
            return OptionalDouble.of(s < 200 || s >= 10_800 && s < 14_400 ? 1 : 0);
        };
        var early = job("early", at(1), 6, Duration.ofHours(4));
        var late = job("late", at(2), 6, Duration.ofHours(2));

        var reverse = placedPerJob(new ReverseAdaptivePolicy(), outlook, early, late);
        var ras = placedPerJob(new RasPolicy(), outlook, early, late);

        // Eq. 14: late 1..4 (-inf .. 0); early 1 (0 -> 0.5, ties to the older); late 5 (0.5); early 2 (0.6); late 6.
        assertThat(reverse).containsExactlyInAnyOrderEntriesOf(Map.of("early", 2L, "late", 6L));
        // Eq. 6 with s_req 1 for both: one each, then (s - 1) / 5 alike.
        assertThat(ras).containsExactlyInAnyOrderEntriesOf(Map.of("early", 4L, "late", 4L));
    }
}
