package io.gleaner.qos.core;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Runs a {@link QosPolicy} node by node on event time and remembers what Algorithm 3 needs across periods
 * (Salamander §III-D): per node, the CPU limit it last set and the time of its last tick. Pure: no clock, no
 * threads; "now" is each observation's time. A node that stops reporting is simply not ticked; {@link #forget}
 * drops it. Not thread-safe: one instance per stream task or simulator.
 */
public final class QosController {

    /** Ticks in (time, node id) order, so a batch's actions never depend on how it was listed. */
    private static final Comparator<NodeObservation> TICK_ORDER =
            Comparator.comparing(NodeObservation::time).thenComparing(NodeObservation::nodeId);

    private final QosPolicy policy;
    private final Duration period;
    private final Map<String, NodeMemory> nodes = new HashMap<>();

    /** What the controller remembers of one node. */
    private static final class NodeMemory {
        private Instant lastTick;
        private double cpuLimitCores;

        private NodeMemory(Instant lastTick, double cpuLimitCores) {
            this.lastTick = lastTick;
            this.cpuLimitCores = cpuLimitCores;
        }
    }

    /** A controller that ticks {@code policy} on each node at most once per {@code period} of event time. */
    public QosController(QosPolicy policy, Duration period) {
        this.policy = Objects.requireNonNull(policy, "policy");
        this.period = Objects.requireNonNull(period, "period");
        if (period.isZero() || period.isNegative()) {
            throw new IllegalArgumentException("period must be > 0, was " + period);
        }
    }

    /** A controller of {@code mode} with {@code settings}, ticking every {@link QosSettings#period()}. */
    public static QosController of(QosMode mode, QosSettings settings) {
        return new QosController(mode.create(settings), settings.period());
    }

    /**
     * One period tick of the observation's node, when it is due: the node was never ticked, or at least one period
     * has passed since its last tick. Otherwise (too early, or older than the last tick: a late record) nothing
     * happens and the list is empty. The CPU limit in force is the one this controller last set on the node; on a
     * node's first tick, the one the observation reports.
     */
    public List<QosAction> tick(NodeObservation observation) {
        var memory = nodes.get(observation.nodeId());
        NodeObservation current;
        if (memory == null) {
            current = observation;
        } else if (observation.time().isBefore(memory.lastTick.plus(period))) {
            return List.of();
        } else {
            current = observation.withCpuLimit(memory.cpuLimitCores);
        }
        var decision = policy.decide(current);
        if (memory == null) {
            nodes.put(observation.nodeId(), new NodeMemory(observation.time(), decision.cpuLimitCores()));
        } else {
            memory.lastTick = observation.time();
            memory.cpuLimitCores = decision.cpuLimitCores();
        }
        return decision.actions();
    }

    /** {@link #tick} on each observation in (time, node id) order; all actions, in that order. */
    public List<QosAction> tickAll(Collection<NodeObservation> observations) {
        var ordered = new ArrayList<>(observations);
        ordered.sort(TICK_ORDER);
        var actions = new ArrayList<QosAction>();
        for (var observation : ordered) {
            actions.addAll(tick(observation));
        }
        return actions;
    }

    /** The CPU limit this controller last left on {@code nodeId}; empty if it never ticked the node. */
    public OptionalDouble cpuLimit(String nodeId) {
        var memory = nodes.get(nodeId);
        return memory == null ? OptionalDouble.empty() : OptionalDouble.of(memory.cpuLimitCores);
    }

    /** When {@code nodeId} was last ticked; empty if never. */
    public Optional<Instant> lastTick(String nodeId) {
        var memory = nodes.get(nodeId);
        return memory == null ? Optional.empty() : Optional.of(memory.lastTick);
    }

    /**
     * Sets what is remembered of {@code nodeId}: its last tick and the CPU limit in force, as a stream processor
     * reads them back from its state store (so that the store, restored from its changelog after a restart, is the
     * one source of truth and the next {@link #tick} gates and limits exactly as before the restart).
     */
    public void remember(String nodeId, Instant lastTick, double cpuLimitCores) {
        Objects.requireNonNull(nodeId, "nodeId");
        Objects.requireNonNull(lastTick, "lastTick");
        if (!Double.isFinite(cpuLimitCores) || cpuLimitCores < 0) {
            throw new IllegalArgumentException("cpuLimitCores of node " + nodeId + " must be finite and >= 0, was "
                    + cpuLimitCores);
        }
        nodes.put(nodeId, new NodeMemory(lastTick, cpuLimitCores));
    }

    /** Drops what is remembered of {@code nodeId} (a node that left); its next observation is a first tick. */
    public void forget(String nodeId) {
        nodes.remove(nodeId);
    }

    /** How many nodes are remembered. */
    public int nodeCount() {
        return nodes.size();
    }
}
