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
}
