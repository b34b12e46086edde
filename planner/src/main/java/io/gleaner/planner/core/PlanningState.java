package io.gleaner.planner.core;

import java.util.List;
import java.util.Objects;

/**
 * What a policy sees on a heartbeat: the node that asked and the unfinished jobs.
 *
 * @param queue the unfinished jobs in (submitTime, jobId) order ({@link JobOrder}); the list may load its
 *              elements lazily, so a policy that stops early reads only the jobs it needs
 */
public record PlanningState(NodeState node, List<JobProgress> queue) {

    public PlanningState {
        Objects.requireNonNull(node, "node");
        Objects.requireNonNull(queue, "queue");
    }
}
