package io.gleaner.planner.core.cells;

import io.gleaner.planner.core.NodeState;
import io.gleaner.planner.core.SeededHash;
import java.util.Objects;

/**
 * Which of {@code cells} cells a node belongs to (docs/cells.md#a-nodes-cell): {@code floorMod(mix(hash), cells)} of
 * the key {@code by} takes from the node. {@link String#hashCode} is fixed by the Java specification and
 * {@link SeededHash#mix} spreads it, so every instance, JVM and replay gives a node the same cell.
 *
 * @param cells how many cells, at least 1
 * @param by    what of a node decides its cell
 */
public record CellMap(int cells, CellBy by) {

    /** One cell: every node in cell 0. */
    public static final CellMap ONE = new CellMap(1, CellBy.NODE_ID);

    public CellMap {
        if (cells < 1) {
            throw new IllegalArgumentException("cells must be >= 1, was " + cells);
        }
        Objects.requireNonNull(by, "by");
    }

    /** The cell of {@code node}, in {@code 0 .. cells-1}. */
    public int cellOf(NodeState node) {
        return cellOfKey(by.keyOf(node));
    }

    /** The cell of the nodes whose key ({@link CellBy#keyOf}) is {@code key}. */
    public int cellOfKey(String key) {
        return cells == 1 ? 0 : Math.floorMod(SeededHash.mix(key.hashCode()), cells);
    }
}
