package io.gleaner.planner.topology;

/** Names of the planner's state stores; their changelog topics are {@code <application.id>-<name>-changelog}. */
public final class PlannerStores {

    /** Unfinished jobs and their progress: jobId -> PlannerJobState. */
    public static final String JOBS = "planner-jobs";

    /** The FIFO index of unfinished jobs: {@link io.gleaner.planner.core.JobOrder} key -> jobId. */
    public static final String JOB_ORDER = "planner-job-order";

    /** Markers of completed jobs: jobId -> completion time in epoch millis. */
    public static final String COMPLETED_JOBS = "planner-completed-jobs";

    /**
     * Each node's latest heartbeat: nodeId -> NodeHeartbeat, whose running attempts are the planner's (those it
     * placed on the node that have not ended, {@link io.gleaner.planner.core.PlannerState#node}).
     */
    public static final String NODES = "planner-nodes";

    /** Markers of lost nodes (docs/node-liveness.md): nodeId -> event time it was found lost, in epoch millis. */
    public static final String LOST_NODES = "planner-lost-nodes";

    /**
     * What the planner holds against each node besides its heartbeat (docs/retries-and-reservations.md): nodeId ->
     * PlannerNodeState (attempts reserved, ends in a row, excluded until). Deleted with the node when it is lost.
     */
    public static final String NODE_STANDINGS = "planner-node-standings";

    /**
     * The ids of the classes last published on {@code jobs.classes}: classId -> event time of that publication in
     * epoch millis. Shared by the task's processors, any of which may re-solve, and changelogged, so that a class
     * gone from a later publication gets its tombstone after a restart too.
     */
    public static final String PUBLISHED_CLASSES = "planner-published-classes";

    /** The classifier's profiles, a global store of {@code jobs.profiles}: jobName -> JobProfile. */
    public static final String PROFILES_VIEW = "planner-profiles-view";

    private PlannerStores() {
    }

    /** All store names, in the order the topology adds them. */
    public static String[] all() {
        return new String[] {JOBS, JOB_ORDER, COMPLETED_JOBS, NODES, LOST_NODES, NODE_STANDINGS, PUBLISHED_CLASSES};
    }
}
