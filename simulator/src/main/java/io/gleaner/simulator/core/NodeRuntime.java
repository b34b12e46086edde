package io.gleaner.simulator.core;

import io.gleaner.planner.core.NodeState;
import io.gleaner.planner.core.Resources;
import java.time.Instant;
import java.util.List;
import java.util.TreeSet;

/** One node during a run: what its running attempts hold. */
final class NodeRuntime {

    private final NodeSpec spec;
    private final Resources capacity;
    private final TreeSet<String> running = new TreeSet<>();
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

    void hold(String decisionId, Resources demand) {
        if (!fits(demand)) {
            throw new IllegalStateException(decisionId + " does not fit node " + spec.nodeId());
        }
        running.add(decisionId);
        held = held.plus(demand);
    }

    void release(String decisionId, Resources demand) {
        if (!running.remove(decisionId)) {
            throw new IllegalStateException(decisionId + " is not running on node " + spec.nodeId());
        }
        held = held.minus(demand);
    }

    /** The node's heartbeat at {@code time}: capacity, what is free, and the running attempts by decision id. */
    NodeState heartbeat(Instant time) {
        return new NodeState(spec.nodeId(), time, spec.rack(), spec.labels(), capacity, spec.speedGflops(),
                spec.slots(), free(), spec.slots() - running.size(), List.copyOf(running));
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
