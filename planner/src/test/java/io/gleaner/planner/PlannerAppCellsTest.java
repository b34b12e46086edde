package io.gleaner.planner;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gleaner.planner.core.cells.CellBy;
import io.gleaner.planner.core.cells.CellMap;
import org.junit.jupiter.api.Test;

/** The planner on Kafka runs one cell until the topology of several is built (docs/cells.md#status). */
class PlannerAppCellsTest {

    @Test
    void oneCellStartsAndSeveralAreRefusedWithWhereTheyRun() {
        assertThatCode(() -> PlannerApp.checkCells(new CellMap(1, CellBy.RACK))).doesNotThrowAnyException();
        assertThatThrownBy(() -> PlannerApp.checkCells(new CellMap(4, CellBy.NODE_ID)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("gleaner.planner.cells is 4")
                .hasMessageContaining("gleaner evaluate --cells");
    }
}
