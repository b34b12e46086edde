package io.gleaner.planner.core.cells;

import static io.gleaner.planner.core.PlannerFixtures.at;
import static io.gleaner.planner.core.PlannerFixtures.idleNode;
import static io.gleaner.planner.core.PlannerFixtures.res;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gleaner.planner.core.NodeState;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class CellMapTest {

    private static NodeState node(String id, String rack, String... labels) {
        return new NodeState(id, at(0), rack, List.of(labels), res(16, 64), 2.0, 8, res(16, 64), 8, List.of());
    }

    @Test
    void oneCellHoldsEveryNode() {
        assertThat(IntStream.range(0, 100).map(i -> CellMap.ONE.cellOf(idleNode("n" + i, at(0)))).distinct())
                .containsExactly(0);
    }

    @Test
    void nodeIdsSpreadOverEveryCellAndKeepTheirCell() {
        var map = new CellMap(4, CellBy.NODE_ID);
        var cells = IntStream.range(0, 200).map(i -> map.cellOf(idleNode("n" + i, at(0)))).toArray();

        assertThat(IntStream.of(cells).distinct().sorted().toArray()).containsExactly(0, 1, 2, 3);
        // The same node id gets the same cell from another map (another instance, another replay).
        assertThat(new CellMap(4, CellBy.NODE_ID).cellOf(idleNode("n17", at(9)))).isEqualTo(cells[17]);
    }

    @Test
    void aRacksNodesShareACell() {
        var map = new CellMap(8, CellBy.RACK);

        assertThat(IntStream.range(0, 20).map(i -> map.cellOf(node("n" + i, "rack-7"))).distinct())
                .containsExactly(map.cellOfKey("rack-7"));
    }

    @Test
    void aLabelsValueDecidesTheCellAndANodeWithoutItFallsBackToItsId() {
        var map = new CellMap(8, CellBy.parse("label:pool"));

        assertThat(map.cellOf(node("a", "r", "config=c1", "pool=gold"))).isEqualTo(map.cellOfKey("gold"));
        assertThat(map.cellOf(node("b", "r", "pool=gold"))).isEqualTo(map.cellOfKey("gold"));
        assertThat(map.cellOf(node("c", "r", "config=c1"))).isEqualTo(map.cellOfKey("c"));
    }

    @Test
    void cellByParsesWhatItPrintsAndNamesTheChoicesOtherwise() {
        for (var value : List.of("node-id", "rack", "label:pool")) {
            assertThat(CellBy.parse(value).configValue()).isEqualTo(value);
        }
        assertThatThrownBy(() -> CellBy.parse("label:")).hasMessageContaining("node-id, rack, label:KEY");
        assertThatThrownBy(() -> new CellMap(0, CellBy.NODE_ID)).hasMessageContaining(">= 1");
    }
}
