package io.gleaner.qos.core;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Runs a {@link QosPolicy} node by node on event time, gating each node to one tick per period and carrying the CPU
 * limit it set from one period to the next (Salamander §III-D): state in ({@link NodeControl}), actions and the next
 * state out. Pure: no clock, no threads, no memory of its own; "now" is each observation's time, and each driver
 * keeps the nodes' {@link NodeControl} where it keeps its state (the QoS stage in its store, the simulator in memory
 * by node).
 */
public final class QosController {

    /** Ticks in (time, node id) order, so a batch's actions never depend on how it was listed. */
    private static final Comparator<NodeObservation> TICK_ORDER =
            Comparator.comparing(NodeObservation::time).thenComparing(NodeObservation::nodeId);

    private final QosPolicy policy;
    private final Duration period;

    /**
     * A tick that happened.
     *
     * @param actions what the node should apply, in order
     * @param control what the controller remembers of the node afterwards
     */
    public record Tick(List<QosAction> actions, NodeControl control) {
        public Tick {
            actions = List.copyOf(actions);
            Objects.requireNonNull(control, "control");
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
     * One period tick of the observation's node, when it is due: the node was never ticked ({@code control} empty),
     * or at least one period has passed since its last tick; otherwise (too early, or older than the last tick: a
     * late record) empty. The CPU limit in force is the one {@code control} remembers; on a node's first tick, the
     * one the observation reports.
     */
    public Optional<Tick> tick(NodeObservation observation, Optional<NodeControl> control) {
        NodeObservation current;
        if (control.isEmpty()) {
            current = observation;
        } else if (observation.time().isBefore(control.get().lastTick().plus(period))) {
            return Optional.empty();
        } else {
            current = observation.withCpuLimit(control.get().cpuLimitCores());
        }
        var decision = policy.decide(current);
        return Optional.of(new Tick(decision.actions(), new NodeControl(observation.time(), decision.cpuLimitCores())));
    }

    /**
     * {@link #tick} on each observation in (time, node id) order, the nodes' state in and out of {@code controls}
     * (node id to what is remembered of it); all actions, in that order.
     */
    public List<QosAction> tickAll(Collection<NodeObservation> observations, Map<String, NodeControl> controls) {
        var ordered = new ArrayList<>(observations);
        ordered.sort(TICK_ORDER);
        var actions = new ArrayList<QosAction>();
        for (var observation : ordered) {
            tick(observation, Optional.ofNullable(controls.get(observation.nodeId()))).ifPresent(tick -> {
                controls.put(observation.nodeId(), tick.control());
                actions.addAll(tick.actions());
            });
        }
        return actions;
    }
}
