package io.gleaner.planner.core.salamander.solver;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Verifies a {@link Schedule} against every constraint of Salamander §III-B1 and computes its {@link Objective}
 * (Eqs. 2–3). It shares no code with the solvers beyond the {@link Instance}'s accessors, so a solver's bug cannot
 * hide behind it.
 *
 * <p>A task occupies the half-open steps [ts(i), ts(i) + Te(i, n(i))). The paper writes Eq. 6's range as
 * {@code 0 ≤ t − ts(i) ≤ Te(i, n(i))}, closed at both ends, which would hold every task one step longer than its
 * Te and contradict Eq. 5 (a reduce may start at ts(i) + Te(i, n(i)) of its maps, so it would overlap them) and
 * Eq. 4 (which lets a task end exactly at T); we read the upper bound as strict.
 */
public final class ScheduleChecker {

    private ScheduleChecker() {
    }

    /** Which constraint a {@link Violation} breaks. */
    public enum Constraint {
        /** The schedule names a task that no job has. */
        UNKNOWN_TASK,
        /** The schedule names a node that the instance does not have. */
        UNKNOWN_NODE,
        /** A pinned (running) task is missing or moved. */
        PIN,
        /** Eq. 4: the task ends after the window. */
        WINDOW,
        /** Eq. 5: a job is only partly scheduled. */
        ALL_OR_NOTHING,
        /** Eq. 5: a reduce starts before one of its job's maps ends, or without them. */
        PRECEDENCE,
        /** Eq. 6: the tasks on a node need more than its spare capacity at some step. */
        CAPACITY
    }

    /** One broken constraint, with the values that break it. */
    public record Violation(Constraint constraint, String detail) {
    }

    /** The violations (none when feasible) and the objective of the scheduled tasks. */
    public record Verdict(List<Violation> violations, Objective objective) {

        public Verdict {
            violations = List.copyOf(violations);
        }

        public boolean feasible() {
            return violations.isEmpty();
        }
    }

    /** Checks every constraint and computes the objective. */
    public static Verdict check(Instance instance, Schedule schedule) {
        var violations = new ArrayList<Violation>();
        int steps = instance.steps();
        int taskCount = instance.taskCount();
        int[] node = new int[taskCount];
        int[] start = new int[taskCount];
        java.util.Arrays.fill(node, -1);
        for (Map.Entry<String, Assignment> e : schedule.assignments().entrySet()) {
            Integer i = instance.taskIndexOf(e.getKey());
            if (i == null) {
                violations.add(new Violation(Constraint.UNKNOWN_TASK, "task " + e.getKey()));
                continue;
            }
            Integer n = instance.nodeIndexOf(e.getValue().nodeId());
            if (n == null) {
                violations.add(new Violation(Constraint.UNKNOWN_NODE, "task " + e.getKey() + " on node "
                        + e.getValue().nodeId()));
                continue;
            }
            node[i] = n;
            start[i] = e.getValue().start();
        }
        int scheduled = 0;
        int makespan = 0;
        for (int i = 0; i < taskCount; i++) {
            if (instance.isPinned(i) && (node[i] != instance.pinNode(i) || start[i] != instance.pinStart(i))) {
                violations.add(new Violation(Constraint.PIN, "task " + instance.task(i).id() + " pinned at node "
                        + instance.nodes().get(instance.pinNode(i)).id() + " step " + instance.pinStart(i)
                        + " but " + (node[i] < 0 ? "unscheduled"
                                : "at node " + instance.nodes().get(node[i]).id() + " step " + start[i])));
            }
            if (node[i] < 0) {
                continue;
            }
            int end = start[i] + instance.te(i, node[i]);
            if (end > steps) {
                violations.add(new Violation(Constraint.WINDOW, "task " + instance.task(i).id() + " ends at step "
                        + end + " > T = " + steps));
            }
            scheduled++;
            makespan = Math.max(makespan, end);
        }
        checkJobs(instance, node, start, violations);
        checkCapacity(instance, node, start, violations);
        return new Verdict(violations, new Objective(scheduled, makespan));
    }

    /** Eq. 5: all-or-nothing (a held job: exactly its pinned tasks) and reduces after all maps. */
    private static void checkJobs(Instance instance, int[] node, int[] start, List<Violation> violations) {
        for (int j = 0; j < instance.jobs().size(); j++) {
            int total = 0;
            int in = 0;
            int pinnedIn = 0;
            int pins = 0;
            for (int[] phase : new int[][] {instance.jobMaps(j), instance.jobReduces(j)}) {
                for (int i : phase) {
                    total++;
                    if (instance.isPinned(i)) {
                        pins++;
                    }
                    if (node[i] >= 0) {
                        in++;
                        if (instance.isPinned(i)) {
                            pinnedIn++;
                        }
                    }
                }
            }
            boolean held = pins > 0 && in == pinnedIn && pinnedIn == pins;
            if (in != 0 && in != total && !held) {
                violations.add(new Violation(Constraint.ALL_OR_NOTHING, "job " + instance.jobs().get(j).id() + " has "
                        + in + " of " + total + " tasks scheduled"));
            }
            for (int r : instance.jobReduces(j)) {
                if (node[r] < 0) {
                    continue;
                }
                for (int m : instance.jobMaps(j)) {
                    if (node[m] < 0) {
                        violations.add(new Violation(Constraint.PRECEDENCE, "reduce " + instance.task(r).id()
                                + " is scheduled but map " + instance.task(m).id() + " is not"));
                    } else if (start[m] + instance.te(m, node[m]) > start[r]) {
                        violations.add(new Violation(Constraint.PRECEDENCE, "reduce " + instance.task(r).id()
                                + " starts at step " + start[r] + " before map " + instance.task(m).id()
                                + " ends at step " + (start[m] + instance.te(m, node[m]))));
                    }
                }
            }
        }
    }

    /** Eq. 6: per node, metric and step, the sum of Rq over the tasks running then is at most A(k, m, t). */
    private static void checkCapacity(Instance instance, int[] node, int[] start, List<Violation> violations) {
        int steps = instance.steps();
        long[][][] used = new long[instance.nodeCount()][Metric.values().length][steps];
        for (int i = 0; i < instance.taskCount(); i++) {
            if (node[i] < 0) {
                continue;
            }
            int end = Math.min(steps, start[i] + instance.te(i, node[i]));
            for (Metric m : Metric.values()) {
                long rq = instance.task(i).requirement(m);
                for (int t = start[i]; t < end; t++) {
                    used[node[i]][m.ordinal()][t] += rq;
                }
            }
        }
        for (int n = 0; n < instance.nodeCount(); n++) {
            for (Metric m : Metric.values()) {
                for (int t = 0; t < steps; t++) {
                    long a = instance.spare(n, m, t);
                    if (used[n][m.ordinal()][t] > a) {
                        violations.add(new Violation(Constraint.CAPACITY, "node " + instance.nodes().get(n).id() + " "
                                + m + " at step " + t + ": " + used[n][m.ordinal()][t] + " > A = " + a));
                    }
                }
            }
        }
    }
}
