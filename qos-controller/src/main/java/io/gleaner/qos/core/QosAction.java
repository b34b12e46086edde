package io.gleaner.qos.core;

import java.time.Instant;
import java.util.Objects;

/**
 * One thing the QoS controller tells a node to do, field for field the {@code QosAction} Avro record: a CPU limit
 * for {@code THROTTLE_CPU} and {@code RAISE_CPU_LIMIT}, a decision id for {@code KILL_TASK}, and a reason that names
 * the numbers behind it. Built with {@link #throttle}, {@link #raise} or {@link #kill}.
 *
 * @param nodeId        the node
 * @param time          event time of the tick that decided it
 * @param kind          what to do
 * @param cpuLimitCores the new CPU limit in cores for a throttle or a raise (finite, >= 0); {@code NaN} for a kill
 * @param decisionId    the attempt to kill; {@code null} for a throttle or a raise
 * @param reason        why, with the numbers
 */
public record QosAction(String nodeId, Instant time, QosActionKind kind, double cpuLimitCores, String decisionId,
                        String reason) {

    public QosAction {
        Objects.requireNonNull(nodeId, "nodeId");
        Objects.requireNonNull(time, "time");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(reason, "reason");
        if (kind == QosActionKind.KILL_TASK) {
            Objects.requireNonNull(decisionId, "decisionId of a kill");
            if (!Double.isNaN(cpuLimitCores)) {
                throw new IllegalArgumentException("a kill has no cpuLimitCores, was " + cpuLimitCores);
            }
        } else {
            if (decisionId != null) {
                throw new IllegalArgumentException(kind + " names no attempt, was " + decisionId);
            }
            if (!Double.isFinite(cpuLimitCores) || cpuLimitCores < 0) {
                throw new IllegalArgumentException("cpuLimitCores of " + kind + " must be finite and >= 0, was "
                        + cpuLimitCores);
            }
        }
    }

    /** Lower the tasks' CPU limit on {@code nodeId} to {@code cpuLimitCores}. */
    public static QosAction throttle(String nodeId, Instant time, double cpuLimitCores, String reason) {
        return new QosAction(nodeId, time, QosActionKind.THROTTLE_CPU, cpuLimitCores, null, reason);
    }

    /** Raise the tasks' CPU limit on {@code nodeId} to {@code cpuLimitCores}. */
    public static QosAction raise(String nodeId, Instant time, double cpuLimitCores, String reason) {
        return new QosAction(nodeId, time, QosActionKind.RAISE_CPU_LIMIT, cpuLimitCores, null, reason);
    }

    /** Kill the attempt {@code decisionId} on {@code nodeId}. */
    public static QosAction kill(String nodeId, Instant time, String decisionId, String reason) {
        return new QosAction(nodeId, time, QosActionKind.KILL_TASK, Double.NaN, decisionId, reason);
    }
}
