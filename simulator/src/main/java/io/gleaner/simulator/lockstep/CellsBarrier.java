package io.gleaner.simulator.lockstep;

import io.gleaner.schemas.avro.CellStatus;
import java.util.Objects;
import java.util.function.Function;

/**
 * What the lockstep waits for after a round when the planner runs several cells (docs/cells.md#ordering-and-exactly-once):
 * the planner's view of {@code cells.status} holding, under every cell's key, the latest status the topic holds, so
 * that the router routes the next round's jobs over the statuses the cells took in this one, as in-process. The view
 * is a global table, whose thread keeps no group offsets: only the view itself can say what it has read.
 *
 * @param plannerView the planner's view: a cell's key to the status it holds, or null
 */
public record CellsBarrier(Function<String, CellStatus> plannerView) {

    public CellsBarrier {
        Objects.requireNonNull(plannerView, "plannerView");
    }
}
