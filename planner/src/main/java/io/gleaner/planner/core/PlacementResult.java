package io.gleaner.planner.core;

import java.util.List;

/**
 * What a policy decided, why jobs that wanted the node were left out, and how delay scheduling's wait of jobs
 * changed ({@link LocalityWait}; only {@code FairPolicy} changes it).
 */
public record PlacementResult(List<Placement> placed, List<Rejection> rejected, List<LocalityWait> localityWaits) {

    /** Nothing placed, nothing rejected. */
    public static final PlacementResult EMPTY = new PlacementResult(List.of(), List.of());

    public PlacementResult {
        placed = List.copyOf(placed);
        rejected = List.copyOf(rejected);
        localityWaits = List.copyOf(localityWaits);
    }

    /** A result that changes no job's locality wait. */
    public PlacementResult(List<Placement> placed, List<Rejection> rejected) {
        this(placed, rejected, List.of());
    }
}
