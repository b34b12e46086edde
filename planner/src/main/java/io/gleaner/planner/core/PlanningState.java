package io.gleaner.planner.core;

import java.util.List;
import java.util.Objects;

/**
 * What a policy sees on a heartbeat: the node that asked and the unfinished jobs.
 *
 * @param queue       the unfinished jobs in (submitTime, jobId) order ({@link JobOrder}); a read-only list that
 *                    may be a view of the planner's state or load its elements lazily, so a policy should iterate
 *                    it in order and stop as early as it can
 * @param leastDemand the least CPU and the least RAM that any task of a queued job holds (each minimum taken on
 *                    its own, so not necessarily one task's demand); spare capacity that does not fit it fits no
 *                    task of the queue. {@link CpuMemory#NONE} when the queue is empty.
 * @param outlook     the forecast spare capacity of every node over time ({@link CapacityOutlook#NONE} without a
 *                    forecaster)
 * @param history     the profiles of past runs by job name ({@link JobHistory#NONE} without a classifier)
 */
public record PlanningState(NodeState node, List<JobProgress> queue, CpuMemory leastDemand, CapacityOutlook outlook,
                            JobHistory history) {

    public PlanningState {
        Objects.requireNonNull(node, "node");
        Objects.requireNonNull(queue, "queue");
        Objects.requireNonNull(leastDemand, "leastDemand");
        Objects.requireNonNull(outlook, "outlook");
        Objects.requireNonNull(history, "history");
    }

    /** The state without job history. */
    public PlanningState(NodeState node, List<JobProgress> queue, CpuMemory leastDemand, CapacityOutlook outlook) {
        this(node, queue, leastDemand, outlook, JobHistory.NONE);
    }

    /** The state without forecasts. */
    public PlanningState(NodeState node, List<JobProgress> queue, CpuMemory leastDemand) {
        this(node, queue, leastDemand, CapacityOutlook.NONE);
    }

    /** The state of {@code node} and {@code queue}, with the least demand computed from the queue's jobs. */
    public PlanningState(NodeState node, List<JobProgress> queue) {
        this(node, queue, leastDemandOf(queue));
    }

    private static CpuMemory leastDemandOf(List<JobProgress> queue) {
        var demands = new DemandCounts();
        queue.forEach(progress -> demands.add(progress.job()));
        return demands.least();
    }
}
