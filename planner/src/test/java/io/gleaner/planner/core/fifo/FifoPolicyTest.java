package io.gleaner.planner.core.fifo;

import static io.gleaner.planner.core.PlannerFixtures.GIB;
import static io.gleaner.planner.core.PlannerFixtures.at;
import static io.gleaner.planner.core.PlannerFixtures.idleNode;
import static io.gleaner.planner.core.PlannerFixtures.ids;
import static io.gleaner.planner.core.PlannerFixtures.job;
import static io.gleaner.planner.core.PlannerFixtures.map;
import static io.gleaner.planner.core.PlannerFixtures.maps;
import static io.gleaner.planner.core.PlannerFixtures.node;
import static io.gleaner.planner.core.PlannerFixtures.outcome;
import static io.gleaner.planner.core.PlannerFixtures.placed;
import static io.gleaner.planner.core.PlannerFixtures.queue;
import static io.gleaner.planner.core.PlannerFixtures.reduces;
import static io.gleaner.planner.core.PlannerFixtures.res;
import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.planner.core.Chunk;
import io.gleaner.planner.core.CpuMemory;
import io.gleaner.planner.core.JobProgress;
import io.gleaner.planner.core.NodeState;
import io.gleaner.planner.core.Placement;
import io.gleaner.planner.core.PlanningState;
import io.gleaner.planner.core.Rejection;
import io.gleaner.planner.core.TaskKind;
import io.gleaner.planner.core.TaskOutcome.State;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class FifoPolicyTest {

    private final FifoPolicy policy = new FifoPolicy();

    @Test
    void shouldFillTheNodeWithTheOldestJobFirst() {
        var older = job("j-old", at(10), maps(2));
        var younger = job("j-young", at(20), maps(5));
        var node = node("n1", at(30), 4, res(16, 64));

        var result = policy.place(new PlanningState(node, queue(younger, older)), at(30));

        assertThat(ids(result.placed())).containsExactly(
                "j-old/m/0/0", "j-old/m/1/0", "j-young/m/0/0", "j-young/m/1/0");
        assertThat(result.rejected()).isEmpty();
    }

    static Stream<Arguments> capacityLimits() {
        // 6 maps of 2 cores and 4 GiB each; the node limits them by one dimension at a time
        return Stream.of(
                Arguments.of(Named.of("3 free slots", node("n1", at(30), 3, res(16, 64))), 3, false),
                Arguments.of(Named.of("5 free cores", node("n1", at(30), 8, res(5, 64))), 2, true),
                Arguments.of(Named.of("12 GiB free RAM", node("n1", at(30), 8, res(16, 12))), 3, true),
                Arguments.of(Named.of("nothing free", node("n1", at(30), 0, res(0, 0))), 0, false));
    }

    @ParameterizedTest
    @MethodSource("capacityLimits")
    void shouldPlaceNoMoreThanTheNodeHasFree(NodeState node, int expectedPlaced, boolean expectRejection) {
        var job = job("j1", at(10), maps(6, res(2, 4)));

        var result = policy.place(new PlanningState(node, queue(job)), at(30));

        assertThat(result.placed()).hasSize(expectedPlaced);
        assertThat(result.rejected()).hasSize(expectRejection ? 1 : 0);
    }

    @Test
    void shouldFitTenTenthsOfACoreInOneCore() {
        // 0.1 summed ten times is not exactly 1.0 in binary floating point
        var job = job("j1", at(10), maps(12, new CpuMemory(0.1, GIB)));
        var node = new NodeState("n1", at(30), "rack-1", List.of(), res(1, 64), 2.0, 12, res(1, 64), 12, List.of());

        var result = policy.place(new PlanningState(node, queue(job)), at(30));

        assertThat(result.placed()).hasSize(10);
    }

    @Test
    void shouldPassOverAJobWhoseNextTaskDoesNotFitAndServeTheNext() {
        var big = job("j-big", at(10), maps(2, res(32, 1)));
        var small = job("j-small", at(20), maps(2, res(1, 1)));
        var node = idleNode("n1", at(30));

        var result = policy.place(new PlanningState(node, queue(big, small)), at(30));

        assertThat(ids(result.placed())).containsExactly("j-small/m/0/0", "j-small/m/1/0");
        assertThat(result.rejected()).containsExactly(new Rejection("j-big", Rejection.Reason.DOES_NOT_FIT));
    }

    @Test
    void shouldPlaceRelaunchesBeforeFreshTasks() {
        var job = job("j1", at(10), maps(4));
        var progress = placed(job, map(job, 0, 0), map(job, 1, 0))
                .onOutcome(outcome("j1", TaskKind.MAP, 1, 0, "n1", State.KILLED, at(20)));
        var node = node("n2", at(30), 2, res(16, 64));

        var result = policy.place(new PlanningState(node, List.of(progress)), at(30));

        assertThat(ids(result.placed())).containsExactly("j1/m/1/1", "j1/m/2/0");
    }

    @Test
    void shouldPlaceReducesOnlyAfterAllMapsSucceeded() {
        var job = job("j1", at(10), maps(2), reduces(2));
        var mapsRunning = placed(job, map(job, 0, 0), map(job, 1, 0))
                .onOutcome(outcome("j1", TaskKind.MAP, 0, 0, "n1", State.SUCCEEDED, at(20)));
        var mapsDone = mapsRunning.onOutcome(outcome("j1", TaskKind.MAP, 1, 0, "n1", State.SUCCEEDED, at(21)));
        var node = idleNode("n1", at(30));

        var before = policy.place(new PlanningState(node, List.of(mapsRunning)), at(30));
        var after = policy.place(new PlanningState(node, List.of(mapsDone)), at(30));

        assertThat(before.placed()).isEmpty();
        assertThat(ids(after.placed())).containsExactly("j1/r/0/0", "j1/r/1/0");
    }

    @Test
    void shouldStampPlacementsWithTheHeartbeatAndTheTaskSizes() {
        var job = job("j1", at(10), maps(2));
        var node = idleNode("n7", at(30));

        var placed = policy.place(new PlanningState(node, queue(job)), at(30)).placed();

        // the fixture's maps read 64 MiB, the last one 10 MiB, chunks 100.. of dataset "d"
        assertThat(placed).containsExactly(
                new Placement("j1/m/0/0", 30_000, "j1", TaskKind.MAP, 0, 0, "n7", at(30), "fifo", 64L << 20, 3100,
                        res(1, 1), Optional.of(new Chunk("d", 100))),
                new Placement("j1/m/1/0", 30_000, "j1", TaskKind.MAP, 1, 0, "n7", at(30), "fifo", 10L << 20, 3100,
                        res(1, 1), Optional.of(new Chunk("d", 101))));
    }

    @Test
    void shouldSkipJobsWithNothingRunnable() {
        var waiting = job("j1", at(10), maps(1), reduces(1));
        var waitingForMap = placed(waiting, map(waiting, 0, 0));
        var other = JobProgress.start(job("j2", at(20), maps(1)));
        var node = idleNode("n1", at(30));

        var result = policy.place(new PlanningState(node, List.of(waitingForMap, other)), at(30));

        assertThat(ids(result.placed())).containsExactly("j2/m/0/0");
        assertThat(result.rejected()).isEmpty();
    }

    @Test
    void shouldReachNoJobOnceTheNodeFitsNoTaskOfTheQueue() {
        // given maps of (2 cores, 1 GiB) and of (1 core, 4 GiB): the least demand is (1 core, 1 GiB)
        var wide = job("j-wide", at(10), maps(2, res(2, 1)));
        var tall = job("j-tall", at(20), maps(2, res(1, 4)));
        var queue = queue(wide, tall);
        var starved = node("n1", at(30), 8, new CpuMemory(0.5, 8 * GIB));

        var result = policy.place(new PlanningState(starved, queue), at(30));

        // below the least CPU the node fits nothing: no job is reached, so none is rejected
        assertThat(new PlanningState(starved, queue).leastDemand()).isEqualTo(res(1, 1));
        assertThat(result.placed()).isEmpty();
        assertThat(result.rejected()).isEmpty();
    }

    @Test
    void shouldStillRejectEachJobWhenTheLeastDemandFitsButNoTaskDoes() {
        // (1.5 cores, 2 GiB) fits the least demand (1 core, 1 GiB) but neither (2, 1) nor (1, 4)
        var wide = job("j-wide", at(10), maps(2, res(2, 1)));
        var tall = job("j-tall", at(20), maps(2, res(1, 4)));
        var node = node("n1", at(30), 8, new CpuMemory(1.5, 2 * GIB));

        var result = policy.place(new PlanningState(node, queue(wide, tall)), at(30));

        assertThat(result.placed()).isEmpty();
        assertThat(result.rejected()).extracting(Rejection::jobId).containsExactly("j-wide", "j-tall");
    }

    @Test
    void shouldStopAfterThePlacementThatLeftTooLittleForAnyTask() {
        // given 3 GiB free and maps of 2 GiB: one map fits, then 1 GiB is left, below the least demand
        var first = job("j1", at(10), maps(2, res(1, 2)));
        var second = job("j2", at(20), maps(1, res(1, 2)));
        var node = node("n1", at(30), 8, res(16, 3));

        var result = policy.place(new PlanningState(node, queue(first, second)), at(30));

        // j1's second map is rejected inside j1; j2 is never reached
        assertThat(ids(result.placed())).containsExactly("j1/m/0/0");
        assertThat(result.rejected()).containsExactly(new Rejection("j1", Rejection.Reason.DOES_NOT_FIT));
    }
}
