package io.gleaner.simulator.core;

import io.gleaner.planner.core.InputPlacement;
import io.gleaner.planner.core.Placement;
import java.util.List;
import java.util.OptionalLong;

/**
 * The simulator's side of the lockstep protocol (docs/simulator.md#lockstep): hand the planner one round of what the
 * cluster did and get back the placements it decided. One implementation calls the planner's core in-process,
 * the other goes through Kafka; for the same rounds both must return the same placements in the same order.
 */
public interface PlannerLink {

    /**
     * Sends one round and returns the placements decided in answer, sorted by node id, then in the order the
     * planner made them (the order of offsets in the placements topic).
     */
    List<Placement> round(Round round);

    /**
     * The data placements the planner decided in the rounds answered since the last call, in the order it decided
     * them: where a policy that places data put new jobs' input. The simulator lays the datasets out so before it
     * applies the round's placements.
     */
    default List<InputPlacement> takeDataPlacements() {
        return List.of();
    }

    /**
     * CPU time the planner spent deciding so far, in nanoseconds, when this side can measure it (the planner runs in
     * this thread); empty otherwise.
     */
    default OptionalLong cpuNanos() {
        return OptionalLong.empty();
    }
}
