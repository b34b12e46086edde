package io.gleaner.planner.core;

import java.time.Instant;
import java.util.Optional;

/** The seam that FIFO, Fair, COSHH, Salamander and Deadline plug into: answer one node's heartbeat. */
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
     * Where {@code dataset}, the input of {@code job}'s maps ({@link Job#mapDataset()}), goes when this policy places
     * data (Cuckoo, COSHH; see {@link DataPlacements}): a layout of that dataset, which replaces the submitter's.
     * Asked only for a job whose maps read a dataset, before the job joins the queue, at its submit time;
     * {@code outlook} and {@code history} are the cell's. Empty keeps the submitter's layout, which is the default.
     */
    default Optional<DataPlacement> placeInput(Job job, String dataset, CapacityOutlook outlook, JobHistory history) {
        return Optional.empty();
    }
}
