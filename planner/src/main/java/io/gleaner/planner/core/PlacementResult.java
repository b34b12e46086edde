package io.gleaner.planner.core;

import java.util.List;

/**
 * What a policy decided, why jobs that wanted the node were left out, how delay scheduling's wait of jobs
 * changed ({@link LocalityWait}; only {@link FairPolicy} changes it), and where the input of jobs whose data it
 * could not place on arrival goes ({@link DataPlacement}; only {@link CuckooPolicy} defers).
 */
public record PlacementResult(List<Placement> placed, List<Rejection> rejected, List<LocalityWait> localityWaits,
                              List<DataPlacement> dataPlacements) {

    /** Nothing placed, nothing rejected. */
    public static final PlacementResult EMPTY = new PlacementResult(List.of(), List.of());

    public PlacementResult {
        placed = List.copyOf(placed);
        rejected = List.copyOf(rejected);
        localityWaits = List.copyOf(localityWaits);
        dataPlacements = List.copyOf(dataPlacements);
    }

    /** A result that places no data. */
    public PlacementResult(List<Placement> placed, List<Rejection> rejected, List<LocalityWait> localityWaits) {
        this(placed, rejected, localityWaits, List.of());
    }

    /** A result that changes no job's locality wait. */
    public PlacementResult(List<Placement> placed, List<Rejection> rejected) {
        this(placed, rejected, List.of());
    }
}
