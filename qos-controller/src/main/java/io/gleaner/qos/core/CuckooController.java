package io.gleaner.qos.core;

import static io.gleaner.qos.core.Numbers.bytes;
import static io.gleaner.qos.core.Numbers.cores;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The baseline: Cuckoo's QoS controller (Salamander §II-C; compared against in §IV RQ3), which treats CPU and RAM
 * alike and kills tasks on any violation of the safety margin, where Salamander's throttles the CPU.
 *
 * <p>Same limits as {@link SalamanderController} ({@link TaskLimits}, Eq. 1 with the owners' measured use): a
 * violation is {@code T(cpu) > A(cpu)} or {@code T(ram) > C(ram) − O(ram) − sm}, with no share of the margin
 * tolerated (Cuckoo has no 50 % threshold). On a violation it kills attempts latest-scheduled first (the same order,
 * {@link RunningAttempt#LATEST_SCHEDULED_FIRST}), subtracting each one's CPU and RAM, until neither resource is
 * violated or no attempt is left; the paper does not say which tasks Cuckoo kills, and using Salamander's order keeps
 * the comparison about throttling versus killing only. It never changes the CPU limit: the decision carries the
 * limit in force, clamped to the node's capacity. When the owners leave less RAM than the margin, no amount of task
 * RAM is within the limit, so every attempt is killed.
 */
public final class CuckooController implements QosPolicy {

    private final QosSettings settings;

    public CuckooController(QosSettings settings) {
        this.settings = Objects.requireNonNull(settings, "settings");
    }

    @Override
    public QosDecision decide(NodeObservation observation) {
        double limitInForce = Math.min(observation.cpuLimitCores(), observation.capacity().cpus());
        var limits = TaskLimits.of(observation, settings);
        double cpuUsed = observation.tasks().cpus();
        long ramUsed = observation.tasks().ramBytes();
        if (observation.attempts().isEmpty() || !violated(limits, cpuUsed, ramUsed)) {
            return new QosDecision(List.of(), limitInForce);
        }
        var order = new ArrayList<>(observation.attempts());
        order.sort(RunningAttempt.LATEST_SCHEDULED_FIRST);
        var actions = new ArrayList<QosAction>();
        for (var attempt : order) {
            if (!violated(limits, cpuUsed, ramUsed)) {
                break;
            }
            actions.add(QosAction.kill(observation.nodeId(), observation.time(), attempt.decisionId(),
                    "Cuckoo: tasks use " + cores(cpuUsed) + " cores (owners leave " + cores(limits.cpuLimitCores())
                            + ") and " + bytes(ramUsed) + " of RAM (owners leave " + bytes(limits.ramLimitBytes())
                            + " above the margin " + bytes(limits.ramMarginBytes())
                            + "); killing the latest-scheduled attempt (scheduled " + attempt.scheduledAt() + ", "
                            + cores(attempt.cpus()) + " cores, " + bytes(attempt.ramBytes()) + ")"));
            cpuUsed -= attempt.cpus();
            ramUsed -= attempt.ramBytes();
        }
        return new QosDecision(actions, limitInForce);
    }

    /** Any violation: more CPU than the owners leave, or more RAM than they leave above the margin. */
    private static boolean violated(TaskLimits limits, double cpuUsed, long ramUsed) {
        return cpuUsed > limits.cpuLimitCores() || ramUsed > limits.ramLimitBytes();
    }
}
