package io.gleaner.planner.core;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * A node as its latest heartbeat shows it.
 *
 * @param time              event time of the heartbeat
 * @param capacity          total CPU and RAM of the node
 * @param speedGflops       speed of one core in GFLOP/s
 * @param slots             most tasks the node runs at once
 * @param free              spare capacity the node can give to new tasks now
 * @param freeSlots         slots not running a task, 0..slots
 * @param runningAttempts   decision ids of the attempts running on the node
 */
public record NodeState(String nodeId, Instant time, String rack, List<String> labels, CpuMemory capacity,
                        double speedGflops, int slots, CpuMemory free, int freeSlots, List<String> runningAttempts) {

    public NodeState {
        Objects.requireNonNull(nodeId, "nodeId");
        if (nodeId.isBlank()) {
            throw new IllegalArgumentException("nodeId must not be blank");
        }
        Objects.requireNonNull(time, "time");
        Objects.requireNonNull(rack, "rack");
        Objects.requireNonNull(capacity, "capacity");
        Objects.requireNonNull(free, "free");
        labels = List.copyOf(labels);
        runningAttempts = List.copyOf(runningAttempts);
        if (time.isBefore(Instant.EPOCH)) {
            throw new IllegalArgumentException("heartbeat time must not be before " + Instant.EPOCH + ", was " + time
                    + " for node " + nodeId);
        }
        if (!Double.isFinite(speedGflops) || speedGflops <= 0) {
            throw new IllegalArgumentException("speedGflops must be finite and > 0, was " + speedGflops
                    + " for node " + nodeId);
        }
        if (slots < 0) {
            throw new IllegalArgumentException("slots must be >= 0, was " + slots + " for node " + nodeId);
        }
        if (freeSlots < 0 || freeSlots > slots) {
            throw new IllegalArgumentException("freeSlots must be in 0.." + slots + ", was " + freeSlots
                    + " for node " + nodeId);
        }
    }

    /** This heartbeat offering {@code resources} and {@code slots} free instead of what it sent. */
    NodeState withFree(CpuMemory resources, int slots) {
        return new NodeState(nodeId, time, rack, labels, capacity, speedGflops, this.slots, resources, slots,
                runningAttempts);
    }

    /** This heartbeat with other {@link #runningAttempts()}. */
    public NodeState withRunningAttempts(List<String> value) {
        return new NodeState(nodeId, time, rack, labels, capacity, speedGflops, slots, free, freeSlots, value);
    }
}
