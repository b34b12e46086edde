package io.gleaner.planner.core.salamander.solver;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Random First Fit Decreasing, Salamander §III-B2 Algorithm 1: the constructive heuristic that starts the local
 * search, usable alone as a fast solver.
 *
 * <ul>
 * <li>Line 1, {@code jobs.sort()}: "the jobs with the longest execution time first". The paper does not say how a
 * job's execution time is measured before it is placed; we take its work, the sum over its tasks of the shortest
 * Te(i, n) over nodes (node-independent, the same minimum the paper uses for tsMax), longest first, ties by job id.
 * Jobs that have pinned tasks go before all others (they are already admitted), in job-id order.
 * <li>Lines 2–3: a job's tasks, maps first, then reduces, each phase in the job's order.
 * <li>Line 4: tsMin is the earliest start the dependencies allow (0 for a map, the latest end of the job's maps for a
 * reduce, Eq. 5); tsMax = T − min over n of Te(i, n) (Eq. 4).
 * <li>Lines 5–12: for t from tsMin to tsMax, try the nodes in a fresh random order; the first t on which the task
 * fits some node for its whole run (Eqs. 4 and 6) wins (earliest start). Among the nodes it fits at that t we take
 * the one with the least Te(i, n), the first in the random order among equals, where Algorithm 1 takes the first
 * that fits: on heterogeneous nodes, and with a chunk's copy counted into the Te of a map away from its data, the
 * random first fit sent most maps to a node without their chunk (43,869 chunk copies for the first 1,000 FB-2009
 * jobs on PC-1, against 6,644; mean completion 2,046 s against 1,746 s; docs/results/2026-11-27-salamander-bench.md).
 * <li>Not in Algorithm 1: when a task of a job finds no (t, node), the job's tasks placed so far are taken out
 * again, so the job is rejected whole (Eq. 5); the pseudo-code is silent on this, and without it the result would be
 * infeasible.
 * </ul>
 *
 * <p>Random draws come from a {@link SplittableRandom} seeded with {@link SolverBudget#seed()}, so a seed gives one
 * schedule.
 */
public final class FirstFitDecreasing implements ScheduleSolver {

    @Override
    public Schedule solve(Instance instance, SolverBudget budget) {
        return construct(instance, new SplittableRandom(budget.seed())).toSchedule();
    }

    /** Algorithm 1 into a fresh {@link Occupancy}, pins placed first. */
    static Occupancy construct(Instance instance, SplittableRandom random) {
        var occupancy = new Occupancy(instance);
        occupancy.placePins();
        int[] order = new int[instance.nodeCount()];
        for (int n = 0; n < order.length; n++) {
            order[n] = n;
        }
        for (int j : jobOrder(instance)) {
            placeJob(occupancy, j, random, order);
        }
        return occupancy;
    }

    /**
     * Not in the paper, which plans each instance from scratch: a repair of {@code previous} (assignments in this
     * instance's steps) for what changed. Pins first; then, job by job in Algorithm 1's order, a job's tasks go back
     * where {@code previous} had them if every one still fits there (Eqs. 4–6 against what is placed so far, reduces
     * after the job's maps); a job with a task new, moved off a lost node or no longer fitting, is placed by
     * Algorithm 1 after all kept jobs, so a change disturbs the jobs it touches only.
     */
    static Occupancy repair(Instance instance, Schedule previous, SplittableRandom random) {
        var occupancy = new Occupancy(instance);
        occupancy.placePins();
        var order = jobOrder(instance);
        var toPlace = new ArrayList<Integer>();
        for (int j : order) {
            if (!keepJob(occupancy, j, previous)) {
                toPlace.add(j);
            }
        }
        int[] nodes = new int[instance.nodeCount()];
        for (int n = 0; n < nodes.length; n++) {
            nodes[n] = n;
        }
        for (int j : toPlace) {
            placeJob(occupancy, j, random, nodes);
        }
        return occupancy;
    }

    /** Job {@code j}'s unpinned tasks where {@code previous} had them, all or none. */
    private static boolean keepJob(Occupancy occupancy, int j, Schedule previous) {
        Instance instance = occupancy.instance;
        var placed = new ArrayList<Integer>();
        boolean kept = true;
        for (int[] phase : new int[][] {instance.jobMaps(j), instance.jobReduces(j)}) {
            for (int i = 0; i < phase.length && kept; i++) {
                int task = phase[i];
                if (occupancy.isPlaced(task)) {
                    continue;
                }
                var was = previous.of(instance.task(task).id());
                Integer n = was == null ? null : instance.nodeIndexOf(was.nodeId());
                kept = n != null && (!instance.isReduce(task) || was.start() >= occupancy.mapsEnd(j))
                        && occupancy.fits(task, n, was.start());
                if (kept) {
                    occupancy.place(task, n, was.start());
                    placed.add(task);
                }
            }
        }
        if (!kept) {
            placed.forEach(occupancy::remove);
        }
        return kept;
    }

    /** Line 1: pinned jobs first by id, then by decreasing work, ties by job id. */
    static List<Integer> jobOrder(Instance instance) {
        var jobs = new ArrayList<Integer>();
        long[] work = new long[instance.jobs().size()];
        for (int j = 0; j < work.length; j++) {
            jobs.add(j);
            for (int[] phase : new int[][] {instance.jobMaps(j), instance.jobReduces(j)}) {
                for (int i : phase) {
                    work[j] += instance.minTe(i);
                }
            }
        }
        jobs.sort(Comparator.<Integer, Boolean>comparing(j -> !instance.jobHasPins(j))
                .thenComparing(j -> instance.jobHasPins(j) ? 0 : -work[j])
                .thenComparing(j -> instance.jobs().get(j).id()));
        return jobs;
    }

    /**
     * Lines 2–14 for one job; takes the job's new placements out again if one task does not fit.
     *
     * @return whether every task of the job is placed
     */
    static boolean placeJob(Occupancy occupancy, int job, SplittableRandom random, int[] order) {
        Instance instance = occupancy.instance;
        var placed = new ArrayList<Integer>();
        for (int[] phase : new int[][] {instance.jobMaps(job), instance.jobReduces(job)}) {
            for (int i : phase) {
                if (occupancy.isPlaced(i)) {
                    continue;
                }
                int tsMin = instance.isReduce(i) ? occupancy.mapsEnd(job) : 0;
                int tsMax = instance.steps() - instance.minTe(i);
                if (!instance.isReduce(i)) {
                    // a map must end before any reduce already placed (pinned reduces are refused unless their
                    // maps are pinned, so this only binds when the local search re-inserts a job's maps)
                    tsMax = Math.min(tsMax, occupancy.reducesStart(job) - instance.minTe(i));
                }
                boolean found = false;
                for (int t = tsMin; t <= tsMax && !found; t++) {
                    int n = selectRandomValidNode(occupancy, i, t, random, order);
                    if (n >= 0 && (instance.isReduce(i) || t + instance.te(i, n) <= occupancy.reducesStart(job))) {
                        occupancy.place(i, n, t);
                        placed.add(i);
                        found = true;
                    }
                }
                if (!found) {
                    for (int p : placed) {
                        occupancy.remove(p);
                    }
                    return false;
                }
            }
        }
        return true;
    }

    /**
     * Line 6: the nodes in a random order (a Fisher–Yates shuffle drawn as it goes); of those the task fits, the one
     * with the least Te, the first among equals.
     */
    private static int selectRandomValidNode(Occupancy occupancy, int i, int t, SplittableRandom random,
            int[] order) {
        int best = -1;
        for (int k = 0; k < order.length; k++) {
            int swap = k + random.nextInt(order.length - k);
            int n = order[swap];
            order[swap] = order[k];
            order[k] = n;
            var instance = occupancy.instance;
            if (occupancy.fits(i, n, t) && (best < 0 || instance.te(i, n) < instance.te(i, best))) {
                best = n;
            }
        }
        return best;
    }
}
