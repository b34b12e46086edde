package io.gleaner.planner.core.salamander;

import io.gleaner.planner.core.Admission;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.TreeMap;

/**
 * What {@link SalamanderPolicy} planned at {@code start}: every task of the planned jobs on its node with its start
 * and end (Salamander §III-B1 outputs n(i) and ts(i)), and the answer to each job it considered.
 *
 * @param tasks      ordered by node, start, job, kind, index
 * @param admissions by job id order
 */
public record HolisticPlan(Instant start, Duration step, int steps, List<PlannedTask> tasks,
                           List<Admission> admissions) {

    /** Node, then start, then the task's identity: the order a node's tasks are released in. */
    static final Comparator<PlannedTask> ORDER = Comparator.comparing(PlannedTask::nodeId)
            .thenComparing(PlannedTask::start)
            .thenComparing(PlannedTask::jobId)
            .thenComparing(PlannedTask::kind)
            .thenComparingInt(PlannedTask::taskIndex);

    /** No plan yet. */
    public static final HolisticPlan EMPTY = new HolisticPlan(Instant.EPOCH, Duration.ofMinutes(3), 0, List.of(),
            List.of());

    public HolisticPlan {
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(step, "step");
        tasks = tasks.stream().sorted(ORDER).toList();
        admissions = admissions.stream().sorted(Comparator.comparing(Admission::jobId)).toList();
    }

    /** The planned tasks by node id, each list in release order. */
    public TreeMap<String, List<PlannedTask>> byNode() {
        var byNode = new TreeMap<String, List<PlannedTask>>();
        for (var task : tasks) {
            byNode.computeIfAbsent(task.nodeId(), id -> new ArrayList<>()).add(task);
        }
        return byNode;
    }

    /** The end of the last planned task, or {@link #start()} for an empty plan. */
    Instant makespanEnd() {
        return tasks.stream().map(PlannedTask::end).max(Comparator.naturalOrder()).orElse(start);
    }
}
