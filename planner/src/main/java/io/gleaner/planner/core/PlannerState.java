package io.gleaner.planner.core;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Where the {@link PlannerCell} keeps what it knows between inputs: unfinished jobs (also by FIFO order key and by
 * the end of their retry backoffs), markers of completed (or failed) jobs, each node's latest heartbeat and
 * {@linkplain NodeStanding standing}, and markers of lost nodes. {@link InMemoryPlannerState} keeps it in
 * maps; the Kafka Streams topology keeps it in state stores.
 */
public interface PlannerState {

    /**
     * The unfinished jobs in FIFO order ({@link JobOrder}): a read-only list, valid until the state next changes,
     * that may be a view or load its elements lazily; getting it must not cost time in the number of jobs.
     */
    List<JobProgress> queue();

    /** {@link PlanningState#leastDemand()} of the {@link #queue()}, kept up to date as jobs come and go. */
    CpuMemory leastDemand();

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

    /**
     * The latest heartbeat of node {@code nodeId}, if it sent one since it was last lost ({@link #deleteNode}). Its
     * {@link NodeState#runningAttempts()} are the planner's: the attempts placed on the node that had not ended when
     * it was stored ({@link PlannerCell#onHeartbeat}), which are the ones lost with the node.
     */
    Optional<NodeState> node(String nodeId);

    /** Stores {@code node} as its node's latest heartbeat. */
    void putNode(NodeState node);

    /**
     * The nodes whose latest heartbeat is before {@code cutoff}, oldest first, ties by node id; it must not cost time
     * in the number of nodes heard since.
     */
    List<NodeState> heardBefore(Instant cutoff);

    /** Forgets node {@code nodeId}'s heartbeat, its capacity and its {@linkplain #standing standing}. */
    void deleteNode(String nodeId);

    /** What the planner holds against node {@code nodeId} (reservations, exclusion), if anything. */
    Optional<NodeStanding> standing(String nodeId);

    /** Stores {@code standing} as its node's. */
    void putStanding(NodeStanding standing);

    /**
     * The unfinished jobs with a task whose retry backoff ended at or before {@code now} ({@link JobProgress#nextRelease}),
     * earliest first; it must not cost time in the number of other jobs.
     */
    List<JobProgress> retriesDue(Instant now);

    /** When node {@code nodeId} was last found lost, if it ever was. */
    Optional<Instant> lostAt(String nodeId);

    /** Remembers that node {@code nodeId} was found lost at {@code time}. */
    void markLost(String nodeId, Instant time);

    /** The capacity of every node, from its latest heartbeat ({@link #putNode}). */
    NodeCapacities capacities();
}
