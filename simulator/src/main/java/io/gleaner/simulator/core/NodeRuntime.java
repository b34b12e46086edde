package io.gleaner.simulator.core;

import io.gleaner.planner.core.NodeState;
import io.gleaner.planner.core.Resources;
import java.time.Instant;
import io.gleaner.planner.core.Placement;
import java.util.Collection;
import java.util.List;
import java.util.TreeMap;

/** One node during a run: what its running attempts hold. */
final class NodeRuntime {

    private final NodeSpec spec;
    private final Resources capacity;
    private final TreeMap<String, Placement> running = new TreeMap<>();
    private Resources held = Resources.NONE;

    NodeRuntime(NodeSpec spec) {
        this.spec = spec;
        this.capacity = new Resources(spec.cpus(), spec.memoryBytes());
    }

    NodeSpec spec() {
        return spec;
    }

    /** Whether an attempt holding {@code demand} fits now: a free slot, and the cpus and memory. */
    boolean fits(Resources demand) {
        return running.size() < spec.slots() && free().fits(demand);
    }

    void hold(Placement placement) {
        if (!fits(placement.demand())) {
            throw new IllegalStateException(placement.decisionId() + " does not fit node " + spec.nodeId());
        }
        running.put(placement.decisionId(), placement);
        held = held.plus(placement.demand());
    }

    void release(Placement placement) {
        if (running.remove(placement.decisionId()) == null) {
            throw new IllegalStateException(placement.decisionId() + " is not running on node " + spec.nodeId());
        }
        held = held.minus(placement.demand());
    }

    /** The attempts holding the node, by decision id. */
    Collection<Placement> running() {
        return running.values();
    }

    /** The node's heartbeat at {@code time}: capacity, what is free, and the running attempts by decision id. */
    NodeState heartbeat(Instant time) {
        return new NodeState(spec.nodeId(), time, spec.rack(), spec.labels(), capacity, spec.speedGflops(),
                spec.slots(), free(), spec.slots() - running.size(), List.copyOf(running.keySet()));
    }

    /**
     * CPU and memory held by Gleaner's attempts as a share of capacity (source EPHEMERAL). The owners' workload
     * (REGULAR) is not modelled yet, so the node's whole capacity is spare.
     */
    List<Utilization> utilization(Instant time) {
        return List.of(
                new Utilization(spec.nodeId(), time, Utilization.Metric.CPU, Utilization.Source.EPHEMERAL,
                        share(held.cpus(), capacity.cpus())),
                new Utilization(spec.nodeId(), time, Utilization.Metric.MEMORY, Utilization.Source.EPHEMERAL,
                        share(held.memoryBytes(), capacity.memoryBytes())));
    }

    private Resources free() {
        return capacity.minus(held);
    }

    private static double share(double used, double total) {
        // Sums of fractional cpus can pass the capacity by a rounding error (Resources.CPU_TOLERANCE).
        return Math.min(1.0, Math.max(0.0, used / total));
    }
}
