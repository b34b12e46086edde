package io.gleaner.planner.core.salamander;

import io.gleaner.planner.core.Admission;
import io.gleaner.planner.core.CapacityOutlook;
import io.gleaner.planner.core.ChunkLayout;
import io.gleaner.planner.core.InMemoryPlannerState;
import io.gleaner.planner.core.JobHistory;
import io.gleaner.planner.core.JobStep;
import io.gleaner.planner.core.NodeLiveness;
import io.gleaner.planner.core.NodeState;
import io.gleaner.planner.core.Placement;
import io.gleaner.planner.core.PlannerCell;
import io.gleaner.planner.core.TaskKind;
import io.gleaner.planner.core.TaskOutcome;
import io.gleaner.planner.core.Verdict;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

import static io.gleaner.planner.core.PlannerFixtures.at;
import static io.gleaner.planner.core.PlannerFixtures.idleNode;
import static io.gleaner.planner.core.PlannerFixtures.job;
import static io.gleaner.planner.core.PlannerFixtures.maps;
import static io.gleaner.planner.core.PlannerFixtures.mapsOn;
import static io.gleaner.planner.core.PlannerFixtures.node;
import static io.gleaner.planner.core.PlannerFixtures.outcome;
import static io.gleaner.planner.core.PlannerFixtures.reduces;
import static io.gleaner.planner.core.PlannerFixtures.res;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

class SalamanderPolicyTest {

    private static SalamanderPolicy salamander(SalamanderSettings settings) {
        return new SalamanderPolicy(settings);
    }

    private static List<Placement> placed(Verdict verdict) {
        return verdict.placements();
    }

    @Test
    void shouldRunEveryTaskOnItsPlannedNodeAndMoveEachChunkThatIsNotThere() {
        var policy = salamander(SalamanderSettings.defaults());
        var cell = new PlannerCell(policy, new InMemoryPlannerState());
        // Chunk t has its one replica on n1 when t is even, on n2 when odd.
        var layout = new ChunkLayout(List.of("n1", "n2"), 0, 1);
        var job = job("j1", at(0), mapsOn(6, layout), reduces(1));
        cell.onJob(job);

        var placements = new ArrayList<Placement>();
        var first = cell.onHeartbeat(idleNode("n1", at(3)));
        placements.addAll(placed(first));
        var plan = policy.plan();
        var second = cell.onHeartbeat(idleNode("n2", at(3)));
        placements.addAll(placed(second));

        assertThat(placements).extracting(Placement::kind).containsOnly(TaskKind.MAP).hasSize(6);
        for (var placement : placements) {
            var planned = plan.tasks().stream()
                    .filter(task -> task.kind() == TaskKind.MAP && task.taskIndex() == placement.taskIndex())
                    .findFirst().orElseThrow();
            assertThat(placement.nodeId()).isEqualTo(planned.nodeId());
            boolean local = layout.isLocal(placement.taskIndex(), placement.nodeId());
            assertThat(placement.chunkMoves()).hasSize(local ? 0 : 1);
            placement.chunkMoves().forEach(move -> {
                assertThat(move.toNode()).isEqualTo(placement.nodeId());
                assertThat(move.chunk()).isEqualTo(placement.chunk().orElseThrow());
            });
        }
        var admissions = admissions(first, second);
        assertThat(admissions).extracting(Admission::jobId).containsExactly("j1");
        assertThat(admissions.get(0).accepted()).isTrue();
        assertThat(admissions.get(0).estimatedCompletion().orElseThrow()).isAfter(at(3));
        assertThat(((Verdict.Applied) first).steps()).extracting(JobStep::type).contains(JobStep.Type.ADMITTED);
        assertThat(policy.takeOutputs().admissions()).as("taken once, by the cell").isEmpty();
    }

    @Test
    void shouldRunTheReducesOnlyOnceTheMapsSucceeded() {
        var policy = salamander(SalamanderSettings.defaults());
        var cell = new PlannerCell(policy, new InMemoryPlannerState());
        cell.onJob(job("j1", at(0), maps(2), reduces(1)));
        var mapsPlaced = placed(cell.onHeartbeat(idleNode("n1", at(3))));
        assertThat(mapsPlaced).extracting(Placement::kind).containsExactly(TaskKind.MAP, TaskKind.MAP);
        assertThat(placed(cell.onHeartbeat(idleNode("n1", at(6))))).isEmpty();

        mapsPlaced.forEach(p -> cell.onOutcome(outcome(p, TaskOutcome.State.SUCCEEDED, at(8))));
        var reduce = placed(cell.onHeartbeat(idleNode("n1", at(9))));

        assertThat(reduce).extracting(Placement::decisionId).containsExactly("j1/r/0/0");
    }

    @Test
    void shouldRejectAJobWhoseTaskNeedsMoreRamThanAnyNodeCanSpareAndSayWhy() {
        var policy = salamander(SalamanderSettings.defaults());
        var cell = new PlannerCell(policy, new InMemoryPlannerState());
        cell.onJob(job("big", at(0), maps(2, res(1, 128))));
        cell.onJob(job("small", at(1), maps(2)));

        var verdict = cell.onHeartbeat(idleNode("n1", at(3)));
        var placements = placed(verdict);

        assertThat(placements).extracting(Placement::jobId).containsOnly("small").hasSize(2);
        var admissions = admissions(verdict);
        var big = admissions.stream().filter(a -> a.jobId().equals("big")).findFirst().orElseThrow();
        assertThat(big.accepted()).isFalse();
        assertThat(big.reason().orElseThrow()).contains("131072 MiB of RAM").contains("65536 MiB");
        assertThat(admissions.stream().filter(a -> a.jobId().equals("small")).findFirst().orElseThrow().accepted())
                .isTrue();
    }

    @Test
    void shouldPlanOnTheForecastAndLeaveANodeWithNothingSpareAlone() {
        CapacityOutlook outlook = (nodeId, resource, time) -> OptionalDouble.of(nodeId.equals("n1") ? 0.0 : 1.0);
        var policy = salamander(SalamanderSettings.defaults());
        var cell = new PlannerCell(policy, new InMemoryPlannerState(), outlook);
        cell.onJob(job("j1", at(0), maps(4)));

        var onN1 = placed(cell.onHeartbeat(idleNode("n1", at(3))));
        var onN2 = placed(cell.onHeartbeat(idleNode("n2", at(3))));

        assertThat(onN1).isEmpty();
        assertThat(onN2).hasSize(4);
        assertThat(policy.plan().tasks()).extracting(PlannedTask::nodeId).containsOnly("n2");

        // More work than n2 has room for now: it waits for n2 rather than going to n1.
        cell.onJob(job("j2", at(4), maps(4)));
        assertThat(placed(cell.onHeartbeat(node("n2", at(6), 0, res(0, 0))))).isEmpty();
        assertThat(placed(cell.onHeartbeat(idleNode("n1", at(6))))).isEmpty();
        assertThat(policy.plan().tasks()).filteredOn(task -> task.jobId().equals("j2"))
                .extracting(PlannedTask::nodeId).containsOnly("n2");
    }

    @Test
    void shouldStartASmallJobAtTheNextHeartbeatOnANodeTheCpuForecastLeavesNothingButThatHasRoomNow() {
        // n1's owners are forecast to take all its CPU (but none of its RAM), so no plan gives it work; it is idle.
        CapacityOutlook outlook = (nodeId, resource, time) -> OptionalDouble.of(
                nodeId.equals("n1") && resource == CapacityOutlook.Resource.CPU ? 0.0 : 1.0);
        var policy = salamander(SalamanderSettings.defaults());
        var cell = new PlannerCell(policy, new InMemoryPlannerState(), outlook);
        // A large job planned on n2 only: four of its six 4-core maps at once, the other two a step later.
        cell.onJob(job("large", at(0), maps(6, res(4, 4))));
        assertThat(placed(cell.onHeartbeat(idleNode("n2", at(3))))).hasSize(4);
        assertThat(placed(cell.onHeartbeat(node("n1", at(3), 0, res(0, 0))))).isEmpty();

        // A one-map job arrives while n2 is full: the plan puts it behind the large job's maps on n2.
        cell.onJob(job("small", at(4), maps(1)));
        assertThat(placed(cell.onHeartbeat(node("n2", at(6), 0, res(0, 0))))).isEmpty();
        assertThat(policy.plan().tasks()).filteredOn(task -> !task.running())
                .extracting(PlannedTask::nodeId).containsOnly("n2");

        // n1 has room now: at its next heartbeat it takes the small job's map (the job with the fewest tasks waiting
        // goes first) and the large job's two waiting maps.
        var onN1 = placed(cell.onHeartbeat(idleNode("n1", at(6))));

        assertThat(onN1).extracting(Placement::jobId).containsExactly("small", "large", "large");
        assertThat(onN1).allSatisfy(placement -> assertThat(placement.nodeId()).isEqualTo("n1"));
    }

    @Test
    void shouldReleaseTheJobWithTheFewestWaitingTasksFirstThoughAnOlderJobWaits() {
        var policy = salamander(SalamanderSettings.defaults());
        var cell = new PlannerCell(policy, new InMemoryPlannerState());
        cell.onJob(job("large", at(0), maps(6, res(8, 4))));
        cell.onJob(job("small", at(1), maps(1, res(8, 4))));
        // Planned on what is free (no forecast), but no slot free yet.
        assertThat(placed(cell.onHeartbeat(node("n1", at(3), 0, res(16, 64))))).isEmpty();

        // Room for two of the 8-core maps: the small job's one, then the first of the large job's six.
        var placed = placed(cell.onHeartbeat(node("n1", at(6), 2, res(16, 64))));

        assertThat(placed).extracting(Placement::jobId).containsExactly("small", "large");
    }

    @Test
    void shouldNotLetANodeWithoutPlannedWorkTakeMoreRamThanItsForecastLeaves() {
        // n1: no CPU forecast spare, and RAM for one 4-GiB map only (a quarter of its 64 GiB... less one GiB).
        CapacityOutlook outlook = (nodeId, resource, time) -> OptionalDouble.of(!nodeId.equals("n1") ? 1.0
                : resource == CapacityOutlook.Resource.CPU ? 0.0 : 7.0 / 64);
        var policy = salamander(SalamanderSettings.defaults());
        var cell = new PlannerCell(policy, new InMemoryPlannerState(), outlook);
        cell.onJob(job("j1", at(0), maps(8, res(1, 4))));
        assertThat(placed(cell.onHeartbeat(node("n2", at(3), 0, res(0, 0))))).isEmpty();

        assertThat(placed(cell.onHeartbeat(idleNode("n1", at(3))))).hasSize(1);
        // Its map still runs and holds 4 GiB: the forecast's 7 GiB leave no room for another.
        assertThat(placed(cell.onHeartbeat(idleNode("n1", at(6))))).isEmpty();
    }

    @Test
    void shouldNotLetASlowNodeTakeAPlannedTaskItWouldEndLaterThanPlanned() {
        CapacityOutlook outlook = (nodeId, resource, time) -> OptionalDouble.of(1.0);
        var policy = salamander(SalamanderSettings.defaults());
        var cell = new PlannerCell(policy, new InMemoryPlannerState(), outlook);
        // n2's cores do 2 GFLOP/s: a 64 MiB map (208 GFLOP) takes 104 s, one step; n1's do 0.1: 2,080 s, 12 steps.
        cell.onJob(job("j1", at(0), maps(1)));
        assertThat(placed(cell.onHeartbeat(node("n2", at(3), 0, res(0, 0))))).isEmpty();
        var slow = new NodeState("n1", at(3), "rack-1", List.of(), res(16, 64), 0.1, 8, res(16, 64), 8, List.of());
        var onSlow = placed(cell.onHeartbeat(slow));
        assertThat(policy.plan().tasks()).extracting(PlannedTask::nodeId).containsExactly("n2");

        // n1 has room now but would end the map 2,080 s from now, long after the end the plan gives it on n2.
        assertThat(onSlow).isEmpty();
        assertThat(placed(cell.onHeartbeat(idleNode("n2", at(6))))).extracting(Placement::jobId)
                .containsExactly("j1");
    }

    @Test
    void shouldWaitForThePlannedStartWithoutEarlyReleaseAndNotWithIt() {
        for (boolean early : new boolean[] {false, true}) {
            var policy = salamander(SalamanderSettings.defaults().withEarlyRelease(early));
            var cell = new PlannerCell(policy, new InMemoryPlannerState());
            // 10 cores each on a 16-core node: one at a time, so the second is planned a step (3 min) later.
            cell.onJob(job("j1", at(0), maps(2, res(10, 1))));
            var first = placed(cell.onHeartbeat(idleNode("n1", at(3))));
            assertThat(first).hasSize(1);
            cell.onOutcome(outcome(first.get(0), TaskOutcome.State.SUCCEEDED, at(30)));

            var atOneMinute = placed(cell.onHeartbeat(idleNode("n1", at(60))));
            var secondStart = policy.plan().tasks().stream()
                    .filter(task -> task.taskIndex() != first.get(0).taskIndex())
                    .map(PlannedTask::start).findFirst().orElseThrow();

            if (early) {
                assertThat(atOneMinute).hasSize(1);
            } else {
                assertThat(secondStart).isAfter(at(60));
                assertThat(atOneMinute).isEmpty();
                assertThat(placed(cell.onHeartbeat(idleNode("n1", secondStart)))).hasSize(1);
            }
        }
    }

    @Test
    void shouldPlanAFailedAttemptAgainAndPlaceItsNextAttempt() {
        var policy = salamander(SalamanderSettings.defaults());
        var cell = new PlannerCell(policy, new InMemoryPlannerState());
        cell.onJob(job("j1", at(0), maps(1)));
        var first = placed(cell.onHeartbeat(idleNode("n1", at(3))));
        assertThat(first).extracting(Placement::decisionId).containsExactly("j1/m/0/0");

        cell.onOutcome(outcome(first.get(0), TaskOutcome.State.KILLED, at(4)));
        var again = placed(cell.onHeartbeat(node("n1", at(6), 8, res(16, 64))));

        assertThat(again).extracting(Placement::decisionId).containsExactly("j1/m/0/1");
    }

    @Test
    void shouldPlanALostNodesTasksOnTheOtherNodesAtTheHeartbeatThatFoundTheLoss() {
        var policy = salamander(SalamanderSettings.defaults());
        var cell = new PlannerCell(policy, new InMemoryPlannerState(), CapacityOutlook.NONE, JobHistory.NONE,
                NodeLiveness.defaults());
        // Half a node each: n1 starts two maps at 3 s, and the plan spreads the other two over n1 and n2.
        cell.onJob(job("j1", at(0), maps(4, res(8, 4))));
        assertThat(placed(cell.onHeartbeat(idleNode("n1", at(3))))).hasSize(2);
        for (long t = 3; t <= 15; t += 3) {
            assertThat(placed(cell.onHeartbeat(node("n2", at(t), 0, res(16, 64))))).isEmpty();
        }
        // n1 was last heard at 3 s: n2's heartbeat at 15 s found it lost and its two maps waiting for attempt 1.

        assertThat(policy.plan().start()).isEqualTo(at(15));
        assertThat(policy.plan().tasks()).extracting(PlannedTask::nodeId).containsOnly("n2").hasSize(4);
        var onN2 = placed(cell.onHeartbeat(idleNode("n2", at(18))));

        assertThat(onN2).extracting(Placement::nodeId).containsOnly("n2");
        assertThat(onN2).extracting(Placement::attempt).contains(1);
    }

    @Test
    void shouldPlanWithoutALostNodeAfterARestartThatNeverHeardOfTheLoss() {
        var state = new InMemoryPlannerState();
        var before = new PlannerCell(salamander(SalamanderSettings.defaults()), state, CapacityOutlook.NONE,
                JobHistory.NONE, NodeLiveness.defaults());
        before.onJob(job("j1", at(0), maps(4, res(8, 4))));
        before.onHeartbeat(node("n1", at(3), 0, res(16, 64)));
        for (long t = 3; t <= 15; t += 3) {
            before.onHeartbeat(node("n2", at(t), 0, res(16, 64)));
        }
        assertThat(state.lostAt("n1")).contains(at(15));

        // A restarted planner: a new policy over the stored state, told of no loss.
        var policy = salamander(SalamanderSettings.defaults());
        var after = new PlannerCell(policy, state, CapacityOutlook.NONE, JobHistory.NONE, NodeLiveness.defaults());
        after.onHeartbeat(node("n2", at(18), 0, res(16, 64)));

        assertThat(policy.plan().tasks()).extracting(PlannedTask::nodeId).containsOnly("n2").hasSize(4);
    }

    @Test
    void shouldPlanANodeThatHeldNothingOutAsSoonAsItIsLost() {
        var policy = salamander(SalamanderSettings.defaults());
        var cell = new PlannerCell(policy, new InMemoryPlannerState(), CapacityOutlook.NONE, JobHistory.NONE,
                NodeLiveness.defaults());
        cell.onJob(job("j1", at(0), maps(4, res(8, 4))));
        cell.onHeartbeat(node("n1", at(3), 0, res(16, 64)));
        cell.onHeartbeat(node("n2", at(3), 0, res(16, 64)));
        assertThat(policy.plan().tasks()).extracting(PlannedTask::nodeId).contains("n1");

        // No attempt of n1's is relaunched, so only the loss itself can redo the plan before replanEvery.
        for (long t = 6; t <= 15; t += 3) {
            cell.onHeartbeat(node("n2", at(t), 0, res(16, 64)));
        }

        assertThat(policy.plan().tasks()).extracting(PlannedTask::nodeId).containsOnly("n2").hasSize(4);
    }

    @Test
    void shouldKeepARunningTaskPinnedAndPlanNothingOnceTheQueueIsEmpty() {
        var policy = salamander(SalamanderSettings.defaults());
        var cell = new PlannerCell(policy, new InMemoryPlannerState());
        cell.onJob(job("j1", at(0), maps(1)));
        var placed = placed(cell.onHeartbeat(idleNode("n1", at(3))));
        assertThat(placed).hasSize(1);

        // A step later the map still runs: the plan pins it where it is and has nothing else to place.
        assertThat(placed(cell.onHeartbeat(idleNode("n1", at(3 + 180))))).isEmpty();
        assertThat(policy.plan().tasks()).extracting(PlannedTask::running, PlannedTask::nodeId)
                .containsExactly(tuple(true, "n1"));

        cell.onOutcome(outcome(placed.get(0), TaskOutcome.State.SUCCEEDED, at(200)));
        assertThat(placed(cell.onHeartbeat(idleNode("n1", at(3 + 360))))).isEmpty();
        assertThat(policy.plan().tasks()).isEmpty();
    }

    @Test
    void shouldLetANodeThatRanOutOfPlannedTasksTakeTheEarliestOfAnotherNode() {
        var policy = salamander(SalamanderSettings.defaults());
        var cell = new PlannerCell(policy, new InMemoryPlannerState());
        // Half a node each: two maps fit a node at once, so the plan spreads the four over both nodes.
        cell.onJob(job("j1", at(0), maps(4, res(8, 4))));
        assertThat(placed(cell.onHeartbeat(node("n1", at(3), 0, res(16, 64))))).isEmpty();
        assertThat(placed(cell.onHeartbeat(node("n2", at(3), 0, res(16, 64))))).isEmpty();
        assertThat(policy.plan().tasks()).extracting(PlannedTask::nodeId).containsOnly("n1", "n2")
                .contains("n1", "n2");

        // n2 frees up before n1 does (here: it grew to 32 cores): its two, then n1's two.
        var grown = new NodeState("n2", at(6), "rack-1", List.of(), res(32, 64), 2.0, 8, res(32, 64), 8, List.of());
        var onN2 = placed(cell.onHeartbeat(grown));

        assertThat(onN2).extracting(Placement::taskIndex).containsExactlyInAnyOrder(0, 1, 2, 3);
    }

    @Test
    void shouldCountTheCopyOfAChunkIntoTheTimeOfAMapPlannedAwayFromIt() {
        // 1 Mbit/s: a 64 MiB chunk takes 537 s to copy, 3 steps of 3 min more than the map's 105 s of work.
        var policy = salamander(SalamanderSettings.defaults().withLinkBitsPerSecond(1_000_000));
        var cell = new PlannerCell(policy, new InMemoryPlannerState());
        var layout = new ChunkLayout(List.of("n1", "n2"), 0, 1);
        cell.onJob(job("j1", at(0), mapsOn(8, layout)));
        cell.onHeartbeat(node("n1", at(3), 0, res(16, 64)));
        cell.onHeartbeat(node("n2", at(3), 0, res(16, 64)));

        var tasks = policy.plan().tasks();

        assertThat(tasks).hasSize(8).allSatisfy(task -> {
            long steps = Duration.between(task.start(), task.end()).toMinutes() / 3;
            assertThat(steps).isEqualTo(layout.isLocal(task.taskIndex(), task.nodeId()) ? 1 : 4);
        });
    }

    @Test
    void shouldPlanTheSameWayTwice() {
        var plans = new ArrayList<HolisticPlan>();
        for (int run = 0; run < 2; run++) {
            var policy = salamander(SalamanderSettings.defaults().withSeed(7));
            var cell = new PlannerCell(policy, new InMemoryPlannerState());
            for (int j = 0; j < 5; j++) {
                cell.onJob(job("j" + j, at(j), maps(3 + j, res(2, 4)), reduces(2)));
            }
            for (var id : List.of("n1", "n2", "n3")) {
                cell.onHeartbeat(node(id, at(3), 2, res(4, 16)));
            }
            plans.add(policy.plan());
        }
        assertThat(plans.get(0)).isEqualTo(plans.get(1));
        assertThat(plans.get(0).tasks()).isNotEmpty();
    }

    /** The admissions the cell returned in {@code verdicts}, in order. */
    private static List<Admission> admissions(Verdict... verdicts) {
        return Arrays.stream(verdicts).map(Verdict.Applied.class::cast)
                .flatMap(applied -> applied.outputs().admissions().stream()).toList();
    }
}
