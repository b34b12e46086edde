package io.gleaner.planner.core;

import java.time.Instant;

/** The seam that FIFO, Fair, COSHH, Salamander and Deadline plug into: answer one node's heartbeat. */
public interface PlacementPolicy {

    /**
     * Decides which attempts to start on {@code state.node()}, at or after {@code now} (the heartbeat's event
     * time). Pure: it reads the state and returns placements; the caller records them.
     */
    PlacementResult place(PlanningState state, Instant now);
}
