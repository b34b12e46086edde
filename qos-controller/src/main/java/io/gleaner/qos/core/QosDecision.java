package io.gleaner.qos.core;

import java.util.List;

/**
 * What a {@link QosPolicy} decided for one node at one tick.
 *
 * @param actions       the actions, in the order the node should apply them (CPU first, then kills in kill order)
 * @param cpuLimitCores the CPU limit on the tasks in force once the actions are applied (unchanged when no CPU
 *                      action was taken); {@link QosController} remembers it for the next tick
 */
public record QosDecision(List<QosAction> actions, double cpuLimitCores) {

    public QosDecision {
        actions = List.copyOf(actions);
        if (!Double.isFinite(cpuLimitCores) || cpuLimitCores < 0) {
            throw new IllegalArgumentException("cpuLimitCores must be finite and >= 0, was " + cpuLimitCores);
        }
    }
}
