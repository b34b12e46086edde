package io.gleaner.planner.core.salamander.solver;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * A schedule: the scheduled tasks (p(i) = 1) by task id, each with its node and start step. A task that is absent is
 * not scheduled (p(i) = 0). Iteration is in task-id order.
 */
public record Schedule(Map<String, Assignment> assignments) {

    public Schedule {
        assignments = Collections.unmodifiableMap(new TreeMap<>(assignments));
    }

    /** The assignment of a task, or null when it is not scheduled. */
    public Assignment of(String taskId) {
        return assignments.get(taskId);
    }

    /** How many tasks are scheduled. */
    public int size() {
        return assignments.size();
    }
}
