package io.gleaner.planner.core;

import java.time.Instant;
import java.util.Optional;

/** The seam every placement policy plugs into ({@link PolicyName}): answer one node's heartbeat. */
public interface PlacementPolicy {

    /**
     * Decides which attempts to start on {@code state.node()}, at or after {@code now} (the heartbeat's event
     * time). Pure: it reads the state and returns placements; the caller records them.
     */
    PlacementResult place(PlanningState state, Instant now);

    /**
     * Told of every change the cell makes to a job's progress, in the order it makes them: a new job ({@code before}
     * empty), placements and outcomes (both present), completion ({@code after} empty). For a policy that keeps its
     * own index of the queue between heartbeats; the default ignores it.
     */
    default void onProgress(Optional<JobProgress> before, Optional<JobProgress> after) {
    }

    /**
     * Told that the cell lost {@code nodeId} at {@code at}, the event time of the heartbeat that found it silent
     * (docs/node-liveness.md), after its attempts were relaunched ({@link #onProgress}) and before that heartbeat's
     * {@link #place}. For a policy that keeps its own view of the nodes (a plan, node types, where data can go): it
     * drops the node, so that nothing it decides names the node again until it heartbeats as a new incarnation. A
     * restarted policy hears of no loss, and needs none: it learns the nodes from their heartbeats, and a lost node's
     * are refused. The default ignores it, as a policy that reads only the heartbeating node may.
     */
    default void onNodeLost(String nodeId, Instant at) {
    }

    /**
     * What this policy decided besides placements and input layouts since it was last asked (COSHH's classes and
     * plans, Salamander's admissions). The cell asks after every input it applies and returns them in its verdict;
     * each output is given once. The default has none.
     */
    default PolicyOutputs takeOutputs() {
        return PolicyOutputs.NONE;
    }

    /**
     * Where {@code dataset}, the input of {@code job}'s maps ({@link Job#mapDataset()}), goes when this policy places
     * data (Cuckoo, COSHH; see {@link DataPlacements}): a layout of that dataset, which replaces the submitter's.
     * Asked only for a job whose maps read a dataset, before the job joins the queue, at its submit time;
     * {@code outlook} and {@code history} are the cell's. Empty keeps the submitter's layout, which is the default.
     */
    default Optional<InputPlacement> placeInput(Job job, String dataset, CapacityOutlook outlook, JobHistory history) {
        return Optional.empty();
    }
}
