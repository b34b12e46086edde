package io.gleaner.planner.core.cells;

import io.gleaner.planner.core.NodeState;
import java.util.Objects;

/**
 * What decides a node's cell (docs/cells.md#a-nodes-cell): its id, its rack, or the value of one of its
 * {@code KEY=value} labels. Nodes with the same key are in the same cell.
 *
 * @param kind     which of the three
 * @param labelKey the label's key for {@link Kind#LABEL}, empty otherwise
 */
public record CellBy(Kind kind, String labelKey) {

    /** The node's id: nodes spread over the cells by hash. */
    public static final CellBy NODE_ID = new CellBy(Kind.NODE_ID, "");
    /** The node's rack: a rack's nodes share a cell. */
    public static final CellBy RACK = new CellBy(Kind.RACK, "");

    /** The three ways. */
    public enum Kind { NODE_ID, RACK, LABEL }

    public CellBy {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(labelKey, "labelKey");
        if ((kind == Kind.LABEL) == labelKey.isBlank()) {
            throw new IllegalArgumentException("a label key goes with LABEL and only with it; was " + kind + " '"
                    + labelKey + "'");
        }
    }

    /** The nodes whose label {@code key} has the same value share a cell. */
    public static CellBy label(String key) {
        return new CellBy(Kind.LABEL, key);
    }

    /**
     * Parses {@code node-id}, {@code rack} or {@code label:KEY}.
     *
     * @throws IllegalArgumentException naming what is allowed
     */
    public static CellBy parse(String value) {
        if (value.equals("node-id")) {
            return NODE_ID;
        }
        if (value.equals("rack")) {
            return RACK;
        }
        if (value.startsWith("label:") && value.length() > "label:".length()) {
            return label(value.substring("label:".length()));
        }
        throw new IllegalArgumentException("unknown cell-by '" + value + "'; expected one of node-id, rack, label:KEY");
    }

    /** The configuration value {@link #parse} reads back. */
    public String configValue() {
        return switch (kind) {
            case NODE_ID -> "node-id";
            case RACK -> "rack";
            case LABEL -> "label:" + labelKey;
        };
    }

    /**
     * The key of {@code node} that decides its cell; its id when it has no rack or no such label, so that such a node
     * still gets a cell of its own rather than all of them one.
     */
    public String keyOf(NodeState node) {
        return switch (kind) {
            case NODE_ID -> node.nodeId();
            case RACK -> node.rack().isBlank() ? node.nodeId() : node.rack();
            case LABEL -> node.labels().stream()
                    .filter(label -> label.startsWith(labelKey + "="))
                    .map(label -> label.substring(labelKey.length() + 1))
                    .findFirst().orElse(node.nodeId());
        };
    }
}
