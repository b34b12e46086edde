package io.gleaner.planner.core.cells;

import static io.gleaner.planner.core.PlannerFixtures.at;
import static io.gleaner.planner.core.PlannerFixtures.job;
import static io.gleaner.planner.core.PlannerFixtures.maps;
import static io.gleaner.planner.core.PlannerFixtures.mapsOn;
import static io.gleaner.planner.core.PlannerFixtures.node;
import static io.gleaner.planner.core.PlannerFixtures.res;
import static io.gleaner.planner.core.PlannerFixtures.running;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.gleaner.planner.core.CapacityOutlook;
import io.gleaner.planner.core.ChunkLayout;
import io.gleaner.planner.core.Job;
import io.gleaner.planner.core.JobProgress;
import io.gleaner.planner.core.NodeState;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.OptionalDouble;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class CellRouterTest {

    /** Cell {@code cell} with idle 16-core nodes {@code ids} and {@code queue}. */
    private static CellStatus cell(int cell, List<String> ids, List<JobProgress> queue) {
        var nodes = ids.stream().map(id -> node(id, at(0), 8, res(16, 64))).toList();
        return CellStatus.of(cell, at(0), nodes, queue, CapacityOutlook.NONE);
    }

    private static Job small(String id) {
        return job(id, at(0), maps(4));
    }

    @Test
    void oneCellTakesEveryJobWhateverItsStatus() {
        assertThat(CellRouter.route(small("j"), List.of(CellStatus.empty(0, at(0)))))
                .isEqualTo(new Route.To(0, "one cell"));
    }

    @Test
    void aJobIsHeldWhileNoCellKnowsANode() {
        var route = CellRouter.route(small("j"), List.of(CellStatus.empty(0, at(0)), CellStatus.empty(1, at(0))));

        assertThat(route).isInstanceOf(Route.Held.class);
    }

    @Test
    void theCellWithTheLowerQueueOverSpareCpuWins() {
        // Cell 0: 16 spare cores holding 40 queued cores of work (2.5 + 0.25 with the job); cell 1: 32 spare cores,
        // nothing queued (0.125 with the job).
        var busy = cell(0, List.of("a"), List.of(JobProgress.start(job("q", at(0), maps(40)))));
        var idle = cell(1, List.of("b", "c"), List.of());

        assertThat(CellRouter.route(small("j"), List.of(busy, idle))).isInstanceOf(Route.To.class)
                .extracting(r -> ((Route.To) r).cell()).isEqualTo(1);
    }

    @Test
    void forecastSpareCapacityCountsInPlaceOfTheNodesSize() {
        // Two equal cells; the forecaster says cell 0's node keeps only 10% of its CPU spare.
        CapacityOutlook outlook = (nodeId, resource, time) ->
                nodeId.equals("a") ? OptionalDouble.of(0.1) : OptionalDouble.empty();
        var nodeA = List.of(node("a", at(0), 8, res(16, 64)));
        var nodeB = List.of(node("b", at(0), 8, res(16, 64)));
        var statuses = List.of(CellStatus.of(0, at(0), nodeA, List.of(), outlook),
                CellStatus.of(1, at(0), nodeB, List.of(), outlook));

        assertThat(statuses.get(0).forecastCpus()).isCloseTo(1.6, within(1e-9));
        assertThat(IntStream.range(0, 20).mapToObj(i -> CellRouter.route(small("j" + i), statuses)).distinct())
                .extracting(r -> ((Route.To) r).cell()).containsExactly(1);
    }

    @Test
    void theCellHoldingTheInputWinsBetweenEquallyLoadedCells() {
        // The input's three replicas are all on nodes a, b, c (one replica each), all in cell 0.
        var layout = ChunkLayout.of(List.of("a", "b", "c"), 0);
        var statuses = List.of(cell(0, List.of("a", "b", "c"), List.of()), cell(1, List.of("x", "y", "z"), List.of()));

        for (int i = 0; i < 20; i++) {
            var route = CellRouter.route(job("j" + i, at(0), mapsOn(6, layout)), statuses);
            assertThat(route).isInstanceOf(Route.To.class);
            assertThat(((Route.To) route).cell()).isZero();
            assertThat(route.reason()).contains("input local 1.00");
        }
    }

    @Test
    void tiesSpreadJobsOverCellsThatLookAlike() {
        var statuses = List.of(cell(0, List.of("a"), List.of()), cell(1, List.of("b"), List.of()),
                cell(2, List.of("c"), List.of()));
        var counts = new HashMap<Integer, Integer>();
        for (int i = 0; i < 300; i++) {
            counts.merge(((Route.To) CellRouter.route(small("j" + i), statuses)).cell(), 1, Integer::sum);
        }

        assertThat(counts).containsOnlyKeys(0, 1, 2);
        assertThat(counts.values()).allSatisfy(count -> assertThat(count).isBetween(60, 140));
    }

    @Test
    void routedJobsCountUntilTheCellPublishesAgain() {
        // Without withRouted a burst would all go to the emptiest-looking cell; with it they alternate.
        var statuses = new ArrayList<>(List.of(cell(0, List.of("a"), List.of()), cell(1, List.of("b"), List.of())));
        var cells = new ArrayList<Integer>();
        for (int i = 0; i < 10; i++) {
            var job = job("j" + i, at(0), maps(8));
            int chosen = ((Route.To) CellRouter.route(job, statuses)).cell();
            cells.add(chosen);
            statuses.set(chosen, statuses.get(chosen).withRouted(job));
        }

        assertThat(cells.stream().filter(c -> c == 0).count()).isEqualTo(5);
    }

    @Test
    void aJobWhoseTaskFitsNoCellsNodeIsRefusedWithTheReason() {
        var huge = job("big", at(0), maps(2, res(32, 8)));
        var route = CellRouter.route(huge, List.of(cell(0, List.of("a"), List.of()), cell(1, List.of("b"), List.of())));

        assertThat(route).isInstanceOf(Route.Refused.class);
        assertThat(route.reason()).contains("no cell has a node that fits").contains("big").contains("MAP");
    }

    @Test
    void aCellWithoutAFittingNodeIsPassedOverEvenWhenIdle() {
        var bigNode = new NodeState("big", at(0), "r", List.of(), res(64, 256), 2.0, 8, res(64, 256), 8, List.of());
        var statuses = List.of(cell(0, List.of("a"), List.of()),
                CellStatus.of(1, at(0), List.of(bigNode), List.of(JobProgress.start(job("q", at(0), maps(500)))),
                        CapacityOutlook.NONE));
        var wide = job("wide", at(0), maps(2, res(32, 8)));

        assertThat(((Route.To) CellRouter.route(wide, statuses)).cell()).isEqualTo(1);
    }

    @Test
    void queuedCpusCountOnlyTasksNotRunningOrDone() {
        var job = job("q", at(0), maps(10, res(2, 1)));
        var status = cell(0, List.of("a"), List.of(running(job, 3)));

        // 7 maps of 2 cores not yet placed.
        assertThat(status.queuedCpus()).isEqualTo(14.0);
    }
}
