package io.gleaner.planner.core.salamander.solver;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;

/**
 * A bound on the best lexicographic objective of Salamander §III-B1 (Eqs. 2–3) that exists at any size: the quality
 * reference where {@link TimeIndexedMip} cannot go (it is proven optimal up to about a dozen tasks). No schedule of
 * the instance schedules more than {@link #scheduledTasks} tasks, and none that schedules exactly that many has a
 * makespan below {@link #makespan}; so, in {@link Objective}'s order, {@code objective()} is at least as good as the
 * optimum, and a solver's result can be scored against it ({@link #makespanGap}).
 *
 * <p>How it is computed ({@link #of}); A(k, m, t) of Eq. 1 less the pinned tasks' load is the residual capacity:
 * <ol>
 * <li><b>Earliest end alone.</b> For each unpinned task i and node n, the earliest step e(i, n) by which i can end on
 * n if it ran alone, starting no earlier than its job allows (Eq. 5: a reduce after the latest of its maps' earliest
 * ends) and ending inside the window (Eq. 4), with Rq(i, m) ≤ residual on every step it runs (Eq. 6 for one task).
 * Any feasible schedule has ts(i) + Te(i, n(i)) ≥ e(i, n(i)).
 * <li><b>First objective (Eq. 2).</b> A job is admissible if each of its unpinned tasks has some node with e(i, n) ≤
 * T − (the time its job's reduces still need after it); a job that is not can only be held (pinned tasks) or
 * rejected (Eq. 5, all or nothing). The admissible jobs' tasks plus the other jobs' pinned tasks bound Eq. 2. If the
 * {@link EnergyRelaxation} proves that not all admissible jobs fit in the whole window, its certificate's multipliers
 * turn each job into a weight and the capacity into a knapsack; the fractional knapsack (by tasks per weight) bounds
 * how many tasks fit, rounded down.
 * <li><b>Second objective (Eq. 3), when every admissible job is counted.</b> The largest of: the pinned tasks' ends;
 * the <em>critical path</em>, max over jobs of max over their tasks of min over n of e(i, n) (a job cannot finish
 * before its maps' earliest ends plus its reduces' fastest run, from the earliest step any node can host them); and
 * the <em>energy bound</em>, the smallest M that {@link EnergyRelaxation} cannot rule out: first with Eq. 6 summed
 * per node over [0, M) (the area bound: the tasks' core-steps and RAM-steps against the nodes' spare capacity, each
 * task at a node where it can run), then, when the horizon is short enough, with Eq. 6 per node and step (each task
 * at one of the runs where it fits alone), one M at a time. When the knapsack leaves some admissible job out, which
 * jobs are scheduled is open, and the makespan bound falls back to the pinned ends and the smallest critical path of
 * a job that must then be there (at least one, if more tasks than the pins are counted).
 * </ol>
 * Each part only drops constraints of the model, and every infeasibility is proven by a certificate that must clear
 * a relative margin of 10⁻⁹ (far above the rounding of its sums), so the bound holds for every instance;
 * {@code ObjectiveBoundTest} compares it with the MIP's proven optima.
 * What the relaxations drop is where the bound is loose: a job's reduces wait for its maps' actual ends, not their
 * earliest; per-step packing on a node is only summed (per-node relaxation) or fractional (per-step relaxation);
 * and a task is split over nodes.
 *
 * @param scheduledTasks upper bound on Eq. 2
 * @param makespan lower bound on Eq. 3 among schedules with {@code scheduledTasks} tasks
 * @param admissibleTasks tasks of admissible jobs plus the pins of the others (the bound on Eq. 2 before capacity)
 * @param criticalPath the critical-path part of the makespan bound (0 when not computed)
 * @param energy the energy part of the makespan bound (0 when not computed)
 */
public record ObjectiveBound(int scheduledTasks, int makespan, int admissibleTasks, int criticalPath, int energy) {

    public ObjectiveBound {
        if (scheduledTasks < 0 || makespan < 0 || admissibleTasks < scheduledTasks || criticalPath < 0
                || energy < 0) {
            throw new IllegalArgumentException("bound values must be >= 0 and admissibleTasks >= scheduledTasks, were "
                    + scheduledTasks + ", " + makespan + ", " + admissibleTasks + ", " + criticalPath + ", " + energy);
        }
    }

    /** The bound as an objective: no schedule's objective is better ({@link Objective#isBetterThan}). */
    public Objective objective() {
        return new Objective(scheduledTasks, makespan);
    }

    /**
     * The relative makespan gap (achieved − bound) / bound of a schedule that schedules as many tasks as the bound,
     * or empty when it schedules fewer (its shortfall in tasks is the gap then).
     *
     * @throws IllegalArgumentException if {@code achieved} beats the bound, which would mean a bug in the bound or in
     *     the solver that produced it
     */
    public OptionalDouble makespanGap(Objective achieved) {
        if (achieved.isBetterThan(objective())) {
            throw new IllegalArgumentException("objective " + achieved + " beats the bound " + objective());
        }
        if (achieved.scheduledTasks() < scheduledTasks) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.of(makespan == 0 ? 0 : (achieved.makespan() - makespan) / (double) makespan);
    }

    /** Computes the bound (see the class comment). */
    public static ObjectiveBound of(Instance instance) {
        return new Computation(instance).run();
    }

    /** The steps of {@link #of}, one method each. */
    private static final class Computation {

        private final Instance instance;
        private final int steps;
        private final AloneFit fit;
        private final int[][] earliestEnd;
        private final int[] earliestStart;
        private final int[] tail;
        private final int[] jobCriticalPath;
        private final boolean[] admissible;
        private int pinnedEnd;
        private int pinnedTasks;

        Computation(Instance instance) {
            this.instance = instance;
            steps = instance.steps();
            fit = new AloneFit(instance);
            earliestEnd = new int[instance.taskCount()][];
            earliestStart = new int[instance.taskCount()];
            tail = new int[instance.taskCount()];
            jobCriticalPath = new int[instance.jobs().size()];
            admissible = new boolean[instance.jobs().size()];
        }

        ObjectiveBound run() {
            for (int i = 0; i < instance.taskCount(); i++) {
                if (instance.isPinned(i)) {
                    pinnedEnd = Math.max(pinnedEnd, instance.pinStart(i) + instance.te(i, instance.pinNode(i)));
                    pinnedTasks++;
                }
            }
            for (int j = 0; j < instance.jobs().size(); j++) {
                earliestEnds(j);
            }
            int admissibleTasks = pinnedTasks;
            var freeTasks = new ArrayList<Integer>();
            int criticalPath = pinnedEnd;
            for (int j = 0; j < admissible.length; j++) {
                if (!admissible[j]) {
                    continue;
                }
                criticalPath = Math.max(criticalPath, jobCriticalPath[j]);
                for (int i : tasksOf(j)) {
                    if (!instance.isPinned(i)) {
                        admissibleTasks++;
                        freeTasks.add(i);
                    }
                }
            }
            var relaxation = new EnergyRelaxation(instance, freeTasks, earliestStart, tail, earliestEnd, fit);
            var whole = relaxation.certify(steps);
            if (whole != null) {
                int scheduled = pinnedTasks + knapsack(whole);
                int makespan = pinnedEnd;
                if (scheduled > pinnedTasks) {
                    int smallest = Integer.MAX_VALUE;
                    for (int j = 0; j < admissible.length; j++) {
                        if (admissible[j] && hasFreeTask(j)) {
                            smallest = Math.min(smallest, jobCriticalPath[j]);
                        }
                    }
                    makespan = Math.max(makespan, smallest);
                }
                return new ObjectiveBound(scheduled, makespan, admissibleTasks, 0, 0);
            }
            int energy = freeTasks.isEmpty() ? 0 : energy(relaxation);
            return new ObjectiveBound(admissibleTasks, Math.max(criticalPath, energy), admissibleTasks, criticalPath,
                    energy);
        }

        /**
         * Step 1 for job j: e(i, n) of its tasks (maps from step 0, reduces from the latest of the maps' earliest
         * ends), its critical path, its maps' tails, and whether it is admissible.
         */
        private void earliestEnds(int j) {
            int mapsEnd = 0;
            boolean ok = true;
            for (int i : instance.jobMaps(j)) {
                int e = earliestEndsOf(i, 0);
                ok &= e >= 0;
                mapsEnd = Math.max(mapsEnd, e);
            }
            int reduceNeed = 0;
            int path = mapsEnd;
            for (int i : instance.jobReduces(j)) {
                int e = ok ? earliestEndsOf(i, mapsEnd) : -1;
                ok &= e >= 0;
                path = Math.max(path, e);
                reduceNeed = Math.max(reduceNeed, instance.minTe(i));
            }
            for (int i : instance.jobMaps(j)) {
                if (!instance.isPinned(i)) {
                    tail[i] = reduceNeed;
                    int best = Integer.MAX_VALUE;
                    for (int e : earliestEnd[i]) {
                        if (e >= 0) {
                            best = Math.min(best, e);
                        }
                    }
                    ok &= best <= steps - reduceNeed;
                }
            }
            admissible[j] = ok;
            jobCriticalPath[j] = path;
        }

        /** e(i, n) for every node into {@link #earliestEnd}; returns the smallest (−1 when none). */
        private int earliestEndsOf(int i, int from) {
            int nodes = instance.nodeCount();
            int[] ends = new int[nodes];
            java.util.Arrays.fill(ends, -1);
            earliestEnd[i] = ends;
            earliestStart[i] = from;
            if (instance.isPinned(i)) {
                int n = instance.pinNode(i);
                ends[n] = instance.pinStart(i) + instance.te(i, n);
                return ends[n];
            }
            int best = -1;
            for (int n = 0; n < nodes; n++) {
                ends[n] = fit.earliestEnd(i, n, from);
                if (ends[n] >= 0 && (best < 0 || ends[n] < best)) {
                    best = ends[n];
                }
            }
            return best;
        }

        /**
         * The smallest M the relaxations cannot rule out (at least 1: there is a task, and Te ≥ 1). First the
         * per-node relaxation, by a binary search between 1 and T that moves up only past an M with a certificate
         * (then no schedule ends by M, nor by any earlier step, since the relaxation at M' &lt; M has fewer options
         * and less capacity than at M); then, while it is affordable, the per-step relaxation at that M and the next
         * ones, one step up per certificate.
         */
        private int energy(EnergyRelaxation relaxation) {
            int lo = 1;
            int hi = steps;
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (relaxation.certify(mid) != null) {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            while (lo < steps && relaxation.stepRelaxationAffordable(lo) && relaxation.certifyByStep(lo)) {
                lo++;
            }
            return lo;
        }

        /**
         * Step 2's capacity cut: with the certificate's multipliers, job j weighs w(j) = Σ over its unpinned tasks of
         * min over their nodes of λ(n) · a(i, n) + μ(n) · r(i, n), and any set of fully scheduled jobs weighs at most
         * the capacity Σ_n λ(n) · B(n, T) + μ(n) · R(n, T). The fractional knapsack, by unpinned tasks per weight
         * (ties by job order), bounds the unpinned tasks of such a set.
         */
        private int knapsack(EnergyRelaxation.Certificate certificate) {
            var items = new ArrayList<double[]>();
            for (int j = 0; j < admissible.length; j++) {
                if (!admissible[j]) {
                    continue;
                }
                double weight = 0;
                int free = 0;
                for (int i : tasksOf(j)) {
                    if (!instance.isPinned(i)) {
                        weight += EnergyRelaxation.weight(instance, i, tail[i], earliestEnd[i], certificate);
                        free++;
                    }
                }
                if (free > 0) {
                    items.add(new double[] {free, weight, j});
                }
            }
            items.sort((x, y) -> {
                int c = Double.compare(y[0] * x[1], x[0] * y[1]);
                return c != 0 ? c : Double.compare(x[2], y[2]);
            });
            double left = certificate.capacity() * (1 + 1e-9);
            double value = 0;
            for (double[] item : items) {
                if (item[1] <= left) {
                    left -= item[1];
                    value += item[0];
                } else {
                    value += item[0] * left / item[1];
                    break;
                }
            }
            return (int) Math.floor(value + 1e-9);
        }

        private boolean hasFreeTask(int j) {
            for (int i : tasksOf(j)) {
                if (!instance.isPinned(i)) {
                    return true;
                }
            }
            return false;
        }

        private List<Integer> tasksOf(int j) {
            var out = new ArrayList<Integer>();
            for (int i : instance.jobMaps(j)) {
                out.add(i);
            }
            for (int i : instance.jobReduces(j)) {
                out.add(i);
            }
            return out;
        }
    }
}
