package io.gleaner.planner.core.ras;

import io.gleaner.planner.core.CpuMemory;
import java.util.Objects;

/** A TaskTracker's room for new job slots this cycle (Ω_tt less what runs): spare CPU and RAM, free slots. */
public record NodeRoom(String nodeId, CpuMemory free, int freeSlots) {

    public NodeRoom {
        Objects.requireNonNull(nodeId, "nodeId");
        Objects.requireNonNull(free, "free");
        if (freeSlots < 0) {
            throw new IllegalArgumentException("freeSlots must be >= 0, was " + freeSlots + " for " + nodeId);
        }
    }
}
