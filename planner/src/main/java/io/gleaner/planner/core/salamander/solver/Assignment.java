package io.gleaner.planner.core.salamander.solver;

/** A task's node n(i) and start step ts(i) (Salamander §III-B1, Table I outputs). */
public record Assignment(String nodeId, int start) {

    public Assignment {
        if (nodeId == null || nodeId.isBlank()) {
            throw new IllegalArgumentException("node id must not be blank, was '" + nodeId + "'");
        }
        if (start < 0) {
            throw new IllegalArgumentException("start must be >= 0, was " + start);
        }
    }
}
