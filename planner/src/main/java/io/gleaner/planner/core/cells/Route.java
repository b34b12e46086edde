package io.gleaner.planner.core.cells;

/** The router's answer for one job (docs/cells.md#the-router). */
public sealed interface Route {

    /** Why: the scores compared, or what was missing. */
    String reason();

    /** The job goes to {@code cell}. */
    record To(int cell, String reason) implements Route {
    }

    /** No cell knows a node yet: the job waits in the router until one does. */
    record Held(String reason) implements Route {
    }

    /** No cell has a node that fits each of the job's tasks: the job is refused, not queued anywhere. */
    record Refused(String reason) implements Route {
    }
}
