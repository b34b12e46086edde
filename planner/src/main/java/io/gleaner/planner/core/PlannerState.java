package io.gleaner.planner.core;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Where the {@link PlannerCell} keeps what it knows between inputs: unfinished jobs (also by FIFO order key),
 * markers of completed jobs, and each node's latest heartbeat. {@link InMemoryPlannerState} keeps it in
 * maps; the Kafka Streams topology keeps it in state stores.
 */
public interface PlannerState {

    /**
     * The unfinished jobs in FIFO order ({@link JobOrder}): a read-only list, valid until the state next changes,
     * that may be a view or load its elements lazily; getting it must not cost time in the number of jobs.
     */
    List<JobProgress> queue();

    /** {@link PlanningState#leastDemand()} of the {@link #queue()}, kept up to date as jobs come and go. */
    Resources leastDemand();

    /** The unfinished job {@code jobId}, if any. */
    Optional<JobProgress> job(String jobId);

    /** Stores {@code progress}, adding the job to the queue if it is new. */
    void putJob(JobProgress progress);

    /** Removes the job from the jobs and from the queue. */
    void deleteJob(Job job);

    /** When job {@code jobId} completed, if it did. */
    Optional<Instant> completedAt(String jobId);

    /** Remembers that job {@code jobId} completed at {@code time}. */
    void markCompleted(String jobId, Instant time);

    /** The latest heartbeat of node {@code nodeId}, if it ever sent one. */
    Optional<NodeState> node(String nodeId);

    /** Stores {@code node} as its node's latest heartbeat. */
    void putNode(NodeState node);

    /** The capacity of every node, from its latest heartbeat ({@link #putNode}). */
    NodeCapacities capacities();
}
