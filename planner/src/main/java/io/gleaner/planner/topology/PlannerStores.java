package io.gleaner.planner.topology;

import java.util.Arrays;

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

    /**
     * A cell's last status (docs/cells.md#the-topology), in each cell's task with several cells: {@link #STATUS_TAKEN}
     * -> its event time in epoch millis.
     */
    public static final String CELL_STATUS_TAKEN = "planner-cell-status-taken";

    /** The one key of {@link #CELL_STATUS_TAKEN}. */
    static final String STATUS_TAKEN = "taken";

    /** The router's routes: jobId -> the cell it went to. */
    public static final String ROUTED_JOBS = "planner-routed-jobs";

    /** The jobs the router holds until a cell knows a node: jobId -> the job's record as it came. */
    public static final String HELD_JOBS = "planner-held-jobs";

    /**
     * What the router sent each cell since the status it holds of it
     * ({@link io.gleaner.planner.core.cells.CellRouting.Sent}): cell -> "statusTimeMillis cpus".
     */
    public static final String ROUTER_SENT = "planner-router-sent";

    /** The cells' statuses, a global store of {@code cells.status}: cell -> CellStatus. */
    public static final String CELLS_STATUS_VIEW = "planner-cells-status-view";

    private PlannerStores() {
    }

    /** All store names, in the order the topology adds them. */
    public static String[] all() {
        return new String[] {JOBS, JOB_ORDER, COMPLETED_JOBS, NODES, LOST_NODES, NODE_STANDINGS, PUBLISHED_CLASSES};
    }

    /** A cell task's stores with several cells: {@link #all()} and its status time. */
    static String[] ofCell() {
        var names = Arrays.copyOf(all(), all().length + 1);
        names[names.length - 1] = CELL_STATUS_TAKEN;
        return names;
    }

    /** The router task's stores. */
    static String[] ofRouter() {
        return new String[] {ROUTED_JOBS, HELD_JOBS, ROUTER_SENT};
    }
}
