package io.gleaner.planner.core.salamander;

import io.gleaner.planner.core.TaskKind;
import java.time.Instant;
import java.util.Objects;

/**
 * One task of a {@link HolisticPlan}: where it runs and when.
 *
 * @param running whether the task was already running when the plan was made (pinned where it is, Salamander
 *                re-planning keeps running tasks fixed)
 */
public record PlannedTask(String jobId, TaskKind kind, int taskIndex, String nodeId, Instant start, Instant end,
                          boolean running) {

    public PlannedTask {
        Objects.requireNonNull(jobId, "jobId");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(nodeId, "nodeId");
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(end, "end");
        if (!end.isAfter(start)) {
            throw new IllegalArgumentException("a planned task must end after it starts: " + jobId + " " + kind + " "
                    + taskIndex + " from " + start + " to " + end);
        }
    }

    /** The id the planning instance gives the task. */
    String taskId() {
        return taskId(jobId, kind, taskIndex);
    }

    static String taskId(String jobId, TaskKind kind, int taskIndex) {
        return jobId + "/" + kind + "/" + taskIndex;
    }
}
