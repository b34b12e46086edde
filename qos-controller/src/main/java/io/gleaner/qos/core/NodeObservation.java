package io.gleaner.qos.core;

import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;

/**
 * What the QoS controller knows about one node at one period tick: the inputs of Algorithm 3 lines 1–4
 * (Salamander §III-D). The adapter builds it from the node's heartbeat ({@code NodeHeartbeat}: capacity, running
 * attempts) and its latest utilization samples ({@code UtilizationSample}, {@code REGULAR} and {@code EPHEMERAL},
 * fractions of capacity turned into cores and bytes).
 *
 * @param nodeId     the node
 * @param time       event time of the tick; every action decided from this observation carries it
 * @param capacity   the node's total CPU and RAM, both > 0 (C(k, m) of Eq. 1)
 * @param owners     what the owners' (regular) workload uses now; may exceed {@code capacity} (noisy samples), the
 *                   controller then leaves the tasks nothing
 * @param tasks      what Gleaner's (ephemeral) tasks use now, in total; Algorithm 3 lines 3–4
 * @param attempts   the attempts running on the node, in any order, decision ids unique
 * @param cpuLimitCores the CPU limit on the tasks in force before this tick, in cores, finite and >= 0; a node whose
 *                   tasks were never limited reports its capacity
 */
public record NodeObservation(String nodeId, Instant time, CpuRam capacity, CpuRam owners, CpuRam tasks,
                              List<RunningAttempt> attempts, double cpuLimitCores) {

    public NodeObservation {
        Objects.requireNonNull(nodeId, "nodeId");
        Objects.requireNonNull(time, "time");
        Objects.requireNonNull(capacity, "capacity");
        Objects.requireNonNull(owners, "owners");
        Objects.requireNonNull(tasks, "tasks");
        attempts = List.copyOf(attempts);
        if (nodeId.isBlank()) {
            throw new IllegalArgumentException("nodeId must not be blank");
        }
        if (capacity.cpus() <= 0 || capacity.ramBytes() <= 0) {
            throw new IllegalArgumentException("capacity of node " + nodeId + " must be > 0 in cpus and RAM, was "
                    + capacity);
        }
        if (!Double.isFinite(cpuLimitCores) || cpuLimitCores < 0) {
            throw new IllegalArgumentException("cpuLimitCores of node " + nodeId + " must be finite and >= 0, was "
                    + cpuLimitCores);
        }
        if (attempts.size() > 1) {
            var ids = new HashSet<String>();
            for (var attempt : attempts) {
                if (!ids.add(attempt.decisionId())) {
                    throw new IllegalArgumentException("attempt " + attempt.decisionId() + " is listed twice on node "
                            + nodeId);
                }
            }
        }
    }

    /** This observation with another CPU limit in force (what {@link QosController} remembers it set). */
    public NodeObservation withCpuLimit(double value) {
        return new NodeObservation(nodeId, time, capacity, owners, tasks, attempts, value);
    }
}
