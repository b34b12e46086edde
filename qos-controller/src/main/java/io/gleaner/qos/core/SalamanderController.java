package io.gleaner.qos.core;

import static io.gleaner.qos.core.Numbers.bytes;
import static io.gleaner.qos.core.Numbers.cores;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Salamander's QoS controller for one node (Salamander §III-D, Algorithm 3): CPU is compressible, so tasks that use
 * more than the owners leave are throttled and the limit is raised again when the owners back off; RAM is not, so
 * tasks are killed, latest-scheduled first, once they eat into more than half the safety margin, and all of them
 * when the owners leave less than the margin itself.
 *
 * <p>The formulas, with C the node's capacity, O the owners' use, T the tasks' use, S the safety margin of
 * {@link QosSettings} (per metric):
 * <ul>
 *   <li>CPU limit (line 1): {@code A = clamp(C − O − S·C, 0, C)}, rounded down to a CPU step ({@link TaskLimits}).
 *   <li>Throttle (line 5): if {@code T > A}, the limit becomes A ({@code THROTTLE_CPU}), re-asserted every tick while
 *       the tasks exceed it (idempotent for the node).
 *   <li>Raise (line 6): otherwise, if {@code A} is above the limit in force L, the limit becomes
 *       {@code min(A, L + maxCpuRaiseCores)} ({@code RAISE_CPU_LIMIT}; by default straight to A). If A is below L but
 *       the tasks do not exceed A, the limit stays: the paper only increases here, and a CPU burst above A costs the
 *       owners at most one period before line 5 throttles it.
 *   <li>RAM: {@code sm = floor(S·C)}, {@code ramLimit = C − O − sm} (line 2), {@code smThreshold =
 *       floor(ramThresholdShare · sm)} (line 8). While {@code T > ramLimit + smThreshold}, i.e. while the node's free
 *       RAM {@code C − O − T} is below {@code sm − smThreshold}, kill the latest-scheduled attempt and subtract its
 *       RAM (lines 9–12); stop when no attempt is left (T may include RAM no listed attempt accounts for).
 *   <li>Kill all (line 14) when the owners leave less RAM than the margin: {@code C − O < sm}, i.e.
 *       {@code ramLimit < 0}.
 * </ul>
 *
 * <p>Line 7 of the pseudo-code reads {@code if ramLimit >= sm}; taken literally with line 2's limit (which must
 * already exclude the margin, or line 9 could never fire on physical RAM: T cannot exceed C − O + sm/2) that would
 * kill every task as soon as the owners leave less than two margins (with S = 10 %, whenever they use more than
 * 80 % of the RAM), however little the tasks hold. We follow the prose instead: "If the available RAM space is lower
 * than the safety margin, then all tasks should be killed (line 14)", the available RAM space being what the owners
 * leave, {@code C − O}.
 */
public final class SalamanderController implements QosPolicy {

    private final QosSettings settings;

    public SalamanderController(QosSettings settings) {
        this.settings = Objects.requireNonNull(settings, "settings");
    }

    @Override
    public QosDecision decide(NodeObservation observation) {
        var limits = TaskLimits.of(observation, settings);
        var actions = new ArrayList<QosAction>(2);
        double cpuLimit = controlCpu(observation, limits, actions);
        controlRam(observation, limits, actions);
        return new QosDecision(actions, cpuLimit);
    }

    /** Algorithm 3 lines 1, 4–6; returns the limit in force afterwards. */
    private double controlCpu(NodeObservation observation, TaskLimits limits, List<QosAction> actions) {
        double available = limits.cpuLimitCores();
        double current = Math.min(observation.cpuLimitCores(), observation.capacity().cpus());
        double used = observation.tasks().cpus();
        if (used > available) {
            actions.add(QosAction.throttle(observation.nodeId(), observation.time(), available,
                    "tasks use " + cores(used) + " cores > " + cores(available) + " cores the owners leave ("
                            + cpuTerms(observation, limits) + "); limit " + cores(current) + " -> "
                            + cores(available)));
            return available;
        }
        if (available > current) {
            double raised = settings.floorToCpuStep(Math.min(available, current + settings.maxCpuRaiseCores()));
            if (raised > current) {
                actions.add(QosAction.raise(observation.nodeId(), observation.time(), raised,
                        "tasks use " + cores(used) + " cores <= " + cores(available) + " cores the owners leave ("
                                + cpuTerms(observation, limits) + "); limit " + cores(current) + " -> "
                                + cores(raised)));
                return raised;
            }
        }
        return current;
    }

    /** Algorithm 3 lines 2–3, 7–15. */
    private void controlRam(NodeObservation observation, TaskLimits limits, List<QosAction> actions) {
        if (observation.attempts().isEmpty()) {
            return;
        }
        long capacity = observation.capacity().ramBytes();
        long owners = observation.owners().ramBytes();
        long margin = limits.ramMarginBytes();
        if (limits.ramLeftBytes() < margin) {
            var reason = "owners leave " + bytes(limits.ramLeftBytes()) + " of RAM (capacity " + bytes(capacity)
                    + " - owners " + bytes(owners) + "), below the safety margin " + bytes(margin)
                    + ": killing every attempt";
            for (var attempt : killOrder(observation)) {
                actions.add(QosAction.kill(observation.nodeId(), observation.time(), attempt.decisionId(), reason));
            }
            return;
        }
        long threshold = (long) Math.floor(settings.ramThresholdShare() * margin);
        long bound = limits.ramLimitBytes() + threshold;
        long used = observation.tasks().ramBytes();
        if (used <= bound) {
            return;
        }
        for (var attempt : killOrder(observation)) {
            if (used <= bound) {
                break;
            }
            actions.add(QosAction.kill(observation.nodeId(), observation.time(), attempt.decisionId(),
                    "tasks use " + bytes(used) + " of RAM > limit " + bytes(limits.ramLimitBytes()) + " + threshold "
                            + bytes(threshold) + " (capacity " + bytes(capacity) + " - owners " + bytes(owners)
                            + " - margin " + bytes(margin) + "); killing the latest-scheduled attempt (scheduled "
                            + attempt.scheduledAt() + ", " + bytes(attempt.ramBytes()) + ")"));
            used -= attempt.ramBytes();
        }
    }

    private static List<RunningAttempt> killOrder(NodeObservation observation) {
        var order = new ArrayList<>(observation.attempts());
        order.sort(RunningAttempt.LATEST_SCHEDULED_FIRST);
        return order;
    }

    private static String cpuTerms(NodeObservation observation, TaskLimits limits) {
        return "capacity " + cores(observation.capacity().cpus()) + " - owners " + cores(observation.owners().cpus())
                + " - margin " + cores(limits.cpuMarginCores());
    }
}
