package io.gleaner.planner.core;

import static io.gleaner.planner.core.PlannerFixtures.at;
import static io.gleaner.planner.core.PlannerFixtures.idleNode;
import static io.gleaner.planner.core.PlannerFixtures.job;
import static io.gleaner.planner.core.PlannerFixtures.maps;
import static io.gleaner.planner.core.PlannerFixtures.outcome;
import static io.gleaner.planner.core.PlannerFixtures.reduces;
import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.planner.core.TaskOutcome.State;
import io.gleaner.planner.core.fifo.FifoPolicy;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A reduce's placement says where each map of its job succeeded: node and attempt. */
class MapOutputsTest {

    private final PlannerCell cell = new PlannerCell(new FifoPolicy(), new InMemoryPlannerState());

    @Test
    void shouldNameTheMapOutputsOnEachReducesPlacement() {
        cell.onJob(job("j1", at(10), maps(3), reduces(2)));
        var maps = cell.onHeartbeat(idleNode("n1", at(12))).placements();
        cell.onOutcome(outcome(maps.get(0), State.SUCCEEDED, at(13)));
        cell.onOutcome(outcome(maps.get(1), State.SUCCEEDED, at(13)));
        // map 2 is killed on n1 and succeeds as attempt 1 on n2
        cell.onOutcome(outcome(maps.get(2), State.KILLED, at(13)));
        var relaunch = cell.onHeartbeat(idleNode("n2", at(14))).placements().get(0);
        cell.onOutcome(outcome(relaunch, State.SUCCEEDED, at(15)));

        var reduces = cell.onHeartbeat(idleNode("n3", at(16))).placements();

        var expected = List.of(
                new MapOutputs("n1", List.of(new MapOutput(0, 0), new MapOutput(1, 0))),
                new MapOutputs("n2", List.of(new MapOutput(2, 1))));
        assertThat(reduces).hasSize(2);
        assertThat(reduces).allSatisfy(reduce -> assertThat(reduce.mapOutputs()).isEqualTo(expected));
        assertThat(maps).allSatisfy(map -> assertThat(map.mapOutputs()).isEmpty());
    }

    @Test
    void shouldRecordASuccessByCopyingOneBlockOfAHundredThousandMaps() {
        var none = SucceededMaps.none(100_000);

        var one = none.with(99_999, "n7").with(0, "n1").with(50_000, "n7");

        assertThat(one.node(99_999)).contains("n7");
        assertThat(one.node(0)).contains("n1");
        assertThat(one.node(1)).isEmpty();
        assertThat(one.nodes()).containsExactly("n7", "n1");
        assertThat(none.node(99_999)).isEmpty();
        assertThat(SucceededMaps.of(100_000, one.nodes(), one.numbers())).isEqualTo(one);
    }
}
