package io.gleaner.planner.core;

import java.util.List;
import java.util.Objects;

/** The succeeded map attempts of one job on one node: where a reduce fetches those maps' output. */
public record MapOutputs(String nodeId, List<MapOutput> maps) {

    public MapOutputs {
        Objects.requireNonNull(nodeId, "nodeId");
        maps = List.copyOf(maps);
    }
}
