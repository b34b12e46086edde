package io.gleaner.simulator.core;

import io.gleaner.qos.core.NodeControl;
import io.gleaner.qos.core.QosAction;
import io.gleaner.qos.core.QosActionKind;
import io.gleaner.qos.core.QosController;
import io.gleaner.qos.core.QosMode;
import io.gleaner.qos.core.QosSettings;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * The QoS controller over the simulated nodes, in event time on its grid
 * (docs/simulator.md#qos-controller-in-the-simulator): which nodes have a tick due, each tick through
 * {@link QosController#tick} (Salamander §III-D), what the controller remembers of each node ({@link NodeControl},
 * kept here as the QoS stage keeps it in its store) and the counts of what it did. The {@link Simulation} schedules
 * the ticks and applies their actions.
 */
final class QosTicks {

    private final QosController controller;
    private final long period;
    private final QosTally tally;
    private final Map<String, NodeControl> controls = new HashMap<>();
    private final Set<String> due = new HashSet<>();

    /** Ticks under a controller of {@code mode} with {@code settings}, counted in {@code tally}. */
    QosTicks(QosMode mode, QosSettings settings, QosTally tally) {
        this.controller = QosController.of(mode, settings);
        this.period = settings.period().toMillis();
        this.tally = Objects.requireNonNull(tally, "tally");
    }

    /**
     * The state of {@code nodeId} changed at {@code time}: the grid point of its next tick, the first strictly after
     * {@code time}; empty when a tick of the node is already due (at or after {@code time}: it will see the change).
     */
    OptionalLong due(String nodeId, long time) {
        if (!due.add(nodeId)) {
            return OptionalLong.empty();
        }
        return OptionalLong.of(Math.floorDiv(time, period) * period + period);
    }

    /** The node's due tick comes to nothing (the node failed). */
    void drop(String nodeId) {
        due.remove(nodeId);
    }

    /**
     * Ticks {@code node} at {@code time}: the actions for it to apply, in order, counted; empty when the controller
     * did not act (nothing to do, or within a period of the node's last tick).
     */
    List<QosAction> tick(NodeRuntime node, long time) {
        var nodeId = node.spec().nodeId();
        due.remove(nodeId);
        tally.ticks++;
        var tick = controller.tick(node.observation(time), Optional.ofNullable(controls.get(nodeId)));
        if (tick.isEmpty()) {
            return List.of();
        }
        controls.put(nodeId, tick.get().control());
        var actions = tick.get().actions();
        for (var action : actions) {
            if (action.kind() == QosActionKind.KILL_TASK) {
                tally.controllerKills++;
            } else if (action.kind() == QosActionKind.THROTTLE_CPU) {
                tally.throttles++;
            } else {
                tally.raises++;
            }
        }
        return actions;
    }
}
