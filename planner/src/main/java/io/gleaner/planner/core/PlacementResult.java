package io.gleaner.planner.core;

import java.util.List;

/** What a policy decided, and why jobs that wanted the node were left out. */
public record PlacementResult(List<Placement> placed, List<Rejection> rejected) {

    /** Nothing placed, nothing rejected. */
    public static final PlacementResult EMPTY = new PlacementResult(List.of(), List.of());

    public PlacementResult {
        placed = List.copyOf(placed);
        rejected = List.copyOf(rejected);
    }
}
