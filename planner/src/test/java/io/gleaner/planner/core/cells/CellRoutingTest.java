package io.gleaner.planner.core.cells;

import static io.gleaner.planner.core.PlannerFixtures.at;
import static io.gleaner.planner.core.PlannerFixtures.job;
import static io.gleaner.planner.core.PlannerFixtures.maps;
import static io.gleaner.planner.core.PlannerFixtures.node;
import static io.gleaner.planner.core.PlannerFixtures.res;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.gleaner.planner.core.CapacityOutlook;
import io.gleaner.planner.core.Job;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CellRoutingTest {

    /** Cell {@code cell} at {@code time} with one idle 16-core node {@code id} and an empty queue. */
    private static CellStatus cell(int cell, Instant time, String id) {
        return CellStatus.of(cell, time, List.of(node(id, time, 8, res(16, 64))), List.of(), CapacityOutlook.NONE);
    }

    private static Job small(String id, long second) {
        return job(id, at(second), maps(4));
    }

    @Test
    void aJobHeldWhileNoCellKnowsANodeIsRoutedOldestFirstBeforeTheNextJob() {
        var routing = CellRouting.empty();
        var none = List.of(CellStatus.empty(0, Instant.EPOCH), CellStatus.empty(1, Instant.EPOCH));

        var first = routing.route(small("b", 2), none, at(2));
        var second = routing.route(small("a", 1), none, at(3));

        assertThat(first).singleElement().extracting(CellRouting.Routed::route).isInstanceOf(Route.Held.class);
        // Nothing can be routed: only the new job is answered, the others stay held without a retry.
        assertThat(second).singleElement().extracting(r -> r.job().jobId()).isEqualTo("a");
        assertThat(routing.held()).extracting(Job::jobId).containsExactly("a", "b");

        var third = routing.route(small("c", 5), List.of(cell(0, at(4), "x"), cell(1, at(4), "y")), at(5));

        assertThat(third).extracting(r -> r.job().jobId()).containsExactly("a", "b", "c");
        assertThat(third).extracting(CellRouting.Routed::route).allMatch(Route.To.class::isInstance);
        assertThat(third).extracting(CellRouting.Routed::time).containsOnly(at(5));
        assertThat(routing.held()).isEmpty();
    }

    @Test
    void whatWasSentCountsOnTopOfACellsStatusUntilANewerOneComes() {
        var routing = CellRouting.empty();
        var statuses = List.of(cell(0, at(0), "x"), cell(1, at(0), "y"));

        var routes = List.of(routing.route(small("j1", 1), statuses, at(1)).get(0),
                routing.route(small("j2", 2), statuses, at(2)).get(0));

        // Equal cells: the second job goes where the first did not, since the first's 4 cores count there.
        var cells = routes.stream().map(r -> ((Route.To) r.route()).cell()).toList();
        assertThat(cells).doesNotHaveDuplicates();
        assertThat(routing.sent().values()).extracting(CellRouting.Sent::cpus).containsOnly(4.0);

        routing.route(small("j3", 4), List.of(cell(0, at(3), "x"), cell(1, at(0), "y")), at(4));

        // Cell 0's newer status holds what was sent before it: its count starts again.
        var sent = routing.sent();
        assertThat(sent.get(0).statusTime()).isEqualTo(at(3));
        assertThat(sent.get(1).statusTime()).isEqualTo(at(0));
        assertThat(sent.get(0).cpus() + sent.get(1).cpus()).isCloseTo(4.0 + 4.0, within(1e-9));
    }

    @Test
    void aJobNoCellCanRunIsRefusedNotHeld() {
        var routing = new CellRouting(Map.of(), List.of());
        var huge = job("big", at(1), maps(1, res(64, 64)));

        var routes = routing.route(huge, List.of(cell(0, at(0), "x"), cell(1, at(0), "y")), at(1));

        assertThat(routes).singleElement().extracting(CellRouting.Routed::route).isInstanceOf(Route.Refused.class);
        assertThat(routing.held()).isEmpty();
    }

    @Test
    void aStatusIsDueOncePerIntervalOfEventTime() {
        assertThat(CellStatus.due(null, at(0))).isTrue();
        assertThat(CellStatus.due(at(0), at(0))).isFalse();
        assertThat(CellStatus.due(at(0), at(0).plus(CellStatus.INTERVAL).minusMillis(1))).isFalse();
        assertThat(CellStatus.due(at(0), at(0).plus(CellStatus.INTERVAL))).isTrue();
    }
}
