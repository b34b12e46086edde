package io.gleaner.qos.core;

import java.time.Instant;
import java.util.Objects;

/**
 * What the controller remembers of one node across periods (Salamander §III-D, Algorithm 3): when it last ticked the
 * node and the CPU limit that tick left in force. A value: the QoS stage keeps it in its state store (restored from
 * the changelog after a restart), the simulator in memory by node; {@link QosController} takes it in and gives the
 * next one back.
 *
 * @param lastTick      event time of the last tick
 * @param cpuLimitCores the CPU limit on the node's tasks in force after it, in cores, finite and &gt;= 0
 */
public record NodeControl(Instant lastTick, double cpuLimitCores) {

    public NodeControl {
        Objects.requireNonNull(lastTick, "lastTick");
        if (!Double.isFinite(cpuLimitCores) || cpuLimitCores < 0) {
            throw new IllegalArgumentException("cpuLimitCores must be finite and >= 0, was " + cpuLimitCores);
        }
    }
}
