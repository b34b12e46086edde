package io.gleaner.planner.core.salamander;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;

/**
 * A {@link HolisticPlan} as text, one line per node: how many tasks the plan runs there in each stretch of the
 * window, so that an operator sees where and when the planner intends to work (issue 7: "the plan itself is
 * inspectable").
 *
 * <pre>
 * plan at 2009-05-01T00:30:00Z: 480 steps of PT3M, 212 tasks on 3 nodes (8 running), last ends 2009-05-01T01:39:00Z
 * jobs: 14 accepted, 1 rejected
 *   rejected j0042: a MAP task needs 131072 MiB of RAM; no node can spare more than 65536 MiB in the window
 * each column: 2 steps (PT6M); a digit is the most tasks at once in it, + for 10 or more, . for none
 * node        tasks |0h  |1h  |2h
 * n01            80 |98766543321.....
 * </pre>
 */
public final class PlanTimeline {

    private PlanTimeline() {
    }

    /** The plan in at most {@code columns} columns of steps (at least one step per column). */
    public static String render(HolisticPlan plan, int columns) {
        if (columns < 1) {
            throw new IllegalArgumentException("columns must be >= 1, was " + columns);
        }
        var out = new StringBuilder();
        var byNode = plan.byNode();
        long running = plan.tasks().stream().filter(PlannedTask::running).count();
        out.append("plan at ").append(plan.start()).append(": ").append(plan.steps()).append(" steps of ")
                .append(plan.step()).append(", ").append(plan.tasks().size()).append(" tasks on ")
                .append(byNode.size()).append(" nodes (").append(running).append(" running), last ends ")
                .append(plan.makespanEnd()).append('\n');
        var rejected = plan.admissions().stream().filter(admission -> !admission.accepted()).toList();
        out.append("jobs: ").append(plan.admissions().size() - rejected.size()).append(" accepted, ")
                .append(rejected.size()).append(" rejected\n");
        rejected.forEach(admission -> out.append("  rejected ").append(admission.jobId()).append(": ")
                .append(admission.reason().orElseThrow()).append('\n'));
        int used = usedSteps(plan);
        int perColumn = Math.max(1, (used + columns - 1) / columns);
        int width = Math.max(1, (used + perColumn - 1) / perColumn);
        out.append("each column: ").append(perColumn).append(perColumn == 1 ? " step (" : " steps (")
                .append(plan.step().multipliedBy(perColumn))
                .append("); a digit is the most tasks at once in it, + for 10 or more, . for none\n");
        out.append(String.format("%-10s %6s |%s%n", "node", "tasks", hours(plan, perColumn, width)));
        byNode.forEach((nodeId, tasks) -> out.append(String.format("%-10s %6d |%s%n", nodeId, tasks.size(),
                strip(plan, tasks, perColumn, width))));
        return out.toString();
    }

    /** Steps from the plan's start to the end of its last task, at least one. */
    private static int usedSteps(HolisticPlan plan) {
        return (int) Math.max(1, ceilSteps(Duration.between(plan.start(), plan.makespanEnd()), plan.step()));
    }

    private static long ceilSteps(Duration duration, Duration step) {
        long nanos = duration.toNanos();
        long per = step.toNanos();
        return (nanos + per - 1) / per;
    }

    private static String strip(HolisticPlan plan, List<PlannedTask> tasks, int perColumn, int width) {
        int steps = width * perColumn;
        var load = new int[steps];
        for (var task : tasks) {
            int from = (int) Math.min(steps, Duration.between(plan.start(), task.start()).toNanos()
                    / plan.step().toNanos());
            int to = (int) Math.min(steps, ceilSteps(Duration.between(plan.start(), task.end()), plan.step()));
            for (int t = Math.max(0, from); t < to; t++) {
                load[t]++;
            }
        }
        var line = new StringBuilder(width);
        for (int c = 0; c < width; c++) {
            int most = 0;
            for (int t = c * perColumn; t < (c + 1) * perColumn; t++) {
                most = Math.max(most, load[t]);
            }
            line.append(most == 0 ? '.' : most < 10 ? (char) ('0' + most) : '+');
        }
        return line.toString();
    }

    /** A ruler marking each whole hour from the plan's start, e.g. {@code 0h   |1h   |2h}. */
    private static String hours(HolisticPlan plan, int perColumn, int width) {
        var ruler = new char[width];
        Arrays.fill(ruler, ' ');
        long columnNanos = plan.step().toNanos() * perColumn;
        for (int hour = 0; ; hour++) {
            int column = (int) (Duration.ofHours(hour).toNanos() / columnNanos);
            if (column >= width) {
                break;
            }
            var label = (hour == 0 ? "" : "|") + hour + "h";
            for (int i = 0; i < label.length() && column + i < width; i++) {
                ruler[column + i] = label.charAt(i);
            }
        }
        return new String(ruler);
    }
}
