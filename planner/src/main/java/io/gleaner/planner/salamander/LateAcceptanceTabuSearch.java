package io.gleaner.planner.salamander;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The local search of Salamander §III-B2 (LS): start from {@link FirstFitDecreasing}, then explore with the paper's
 * operators under tabu search (entity tabu ratio 0.2) and late acceptance (history of 500), the OptaPlanner defaults
 * the paper quotes in §III-E. Operators: change (a random task to a random node or start), swap (the nodes or the
 * starts of two random tasks), earlier (a random task to its earliest feasible start on its node), insert (an
 * unscheduled job by Algorithm 1, since Eq. 5 makes a single task of it infeasible), and the mutation of Algorithm 2
 * (reassign a random subset within the current makespan, then move every task as early as it goes).
 *
 * <p>The paper scores infeasible candidates by a hard score and lets the acceptor reject them. Starting from a
 * feasible schedule, late acceptance compares a candidate with the current score or one from its history, all
 * feasible, so an infeasible candidate is never accepted; we therefore test feasibility per move (Eqs. 4–6 on the
 * moved tasks) and undo the move at once, which is the same walk without scoring the violations. The best schedule
 * seen is returned, so the result is never worse than the start. Deterministic for a seed and a move limit; the
 * budget's time limit stops the walk early (not reproducible then).
 */
public final class LateAcceptanceTabuSearch implements ScheduleSolver {

    static final int LATE_ACCEPTANCE_SIZE = 500;
    static final double ENTITY_TABU_RATIO = 0.2;

    @Override
    public Schedule solve(Instance instance, SolverBudget budget) {
        return search(instance, budget).toSchedule();
    }

    Occupancy search(Instance instance, SolverBudget budget) {
        var random = new SplittableRandom(budget.seed());
        var current = FirstFitDecreasing.construct(instance, random.split());
        var best = current.copy();
        Objective bestObjective = best.objective();
        Objective currentObjective = bestObjective;
        var history = new Objective[LATE_ACCEPTANCE_SIZE];
        Arrays.fill(history, currentObjective);
        int tasks = instance.taskCount();
        int tenure = Math.max(1, (int) (ENTITY_TABU_RATIO * tasks));
        long[] lastMoved = new long[tasks];
        Arrays.fill(lastMoved, Long.MIN_VALUE / 2);
        int[] order = new int[instance.nodeCount()];
        for (int n = 0; n < order.length; n++) {
            order[n] = n;
        }
        long deadline = System.nanoTime() + budget.timeLimit().toNanos();
        for (long it = 0; it < budget.moveLimit(); it++) {
            if ((it & 1023) == 0 && System.nanoTime() > deadline) {
                break;
            }
            var move = new Move(current);
            boolean done = switch (random.nextInt(5)) {
                case 0 -> change(move, random);
                case 1 -> swap(move, random);
                case 2 -> earlier(move, random);
                case 3 -> insert(move, random, order);
                default -> mutate(move, random);
            };
            if (!done) {
                continue;
            }
            Objective candidate = current.objective();
            boolean aspiration = candidate.isBetterThan(bestObjective);
            boolean tabu = false;
            for (int i : move.touched) {
                tabu |= it - lastMoved[i] < tenure;
            }
            Objective late = history[(int) (it % LATE_ACCEPTANCE_SIZE)];
            if (aspiration || (!tabu && (candidate.compareTo(currentObjective) >= 0 || candidate.compareTo(late) >= 0))) {
                currentObjective = candidate;
                for (int i : move.touched) {
                    lastMoved[i] = it;
                }
                if (aspiration) {
                    best = current.copy();
                    bestObjective = candidate;
                }
            } else {
                move.undo();
            }
            history[(int) (it % LATE_ACCEPTANCE_SIZE)] = currentObjective;
        }
        return best;
    }

    /** The changes a move made, so that it can be undone. */
    private static final class Move {
        final Occupancy occupancy;
        final List<int[]> before = new ArrayList<>();
        final List<Integer> touched = new ArrayList<>();

        Move(Occupancy occupancy) {
            this.occupancy = occupancy;
        }

        /** Takes task i out, remembering where it was (or that it was unscheduled). */
        void lift(int i) {
            before.add(new int[] {i, occupancy.node[i], occupancy.start[i]});
            touched.add(i);
            if (occupancy.isPlaced(i)) {
                occupancy.remove(i);
            }
        }

        /** Places i at (n, s) if Eqs. 4–6 and the job's precedence allow it. */
        boolean tryPlace(int i, int n, int s) {
            Instance in = occupancy.instance;
            int job = in.jobOf(i);
            boolean ordered = in.isReduce(i) ? s >= occupancy.mapsEnd(job)
                    : s + in.te(i, n) <= occupancy.reducesStart(job);
            if (ordered && occupancy.fits(i, n, s)) {
                occupancy.place(i, n, s);
                return true;
            }
            return false;
        }

        void undo() {
            for (int k = before.size() - 1; k >= 0; k--) {
                int i = before.get(k)[0];
                if (occupancy.isPlaced(i)) {
                    occupancy.remove(i);
                }
            }
            var restored = new java.util.HashSet<Integer>();
            for (int[] b : before) {
                // a task lifted twice (Algorithm 2 moves then shifts it) goes back to its first recorded place
                if (restored.add(b[0]) && b[1] >= 0) {
                    occupancy.place(b[0], b[1], b[2]);
                }
            }
        }
    }

    private static int randomMovable(Occupancy occupancy, SplittableRandom random) {
        int i = random.nextInt(occupancy.instance.taskCount());
        return occupancy.isPlaced(i) && !occupancy.instance.isPinned(i) ? i : -1;
    }

    private static boolean change(Move move, SplittableRandom random) {
        var occ = move.occupancy;
        int i = randomMovable(occ, random);
        if (i < 0) {
            return false;
        }
        int n = occ.node[i];
        int s = occ.start[i];
        if (random.nextBoolean()) {
            n = random.nextInt(occ.instance.nodeCount());
        } else {
            s = random.nextInt(occ.instance.steps());
        }
        move.lift(i);
        if (!move.tryPlace(i, n, s)) {
            move.undo();
            return false;
        }
        return true;
    }

    private static boolean swap(Move move, SplittableRandom random) {
        var occ = move.occupancy;
        int a = randomMovable(occ, random);
        int b = randomMovable(occ, random);
        if (a < 0 || b < 0 || a == b) {
            return false;
        }
        boolean nodes = random.nextBoolean();
        int na = nodes ? occ.node[b] : occ.node[a];
        int sa = nodes ? occ.start[a] : occ.start[b];
        int nb = nodes ? occ.node[a] : occ.node[b];
        int sb = nodes ? occ.start[b] : occ.start[a];
        move.lift(a);
        move.lift(b);
        if (!move.tryPlace(a, na, sa) || !move.tryPlace(b, nb, sb)) {
            move.undo();
            return false;
        }
        return true;
    }

    private static boolean earlier(Move move, SplittableRandom random) {
        int i = randomMovable(move.occupancy, random);
        return i >= 0 && moveEarlier(move, i);
    }

    /** The earliest feasible start of task i on its node, if earlier than now. */
    private static boolean moveEarlier(Move move, int i) {
        var occ = move.occupancy;
        int n = occ.node[i];
        int s = occ.start[i];
        move.lift(i);
        for (int t = 0; t < s; t++) {
            if (move.tryPlace(i, n, t)) {
                return true;
            }
        }
        occ.place(i, n, s);
        move.before.remove(move.before.size() - 1);
        move.touched.remove(move.touched.size() - 1);
        return false;
    }

    private static boolean insert(Move move, SplittableRandom random, int[] order) {
        var occ = move.occupancy;
        int j = random.nextInt(occ.instance.jobs().size());
        if (!hasUnplaced(occ, j)) {
            return false;
        }
        for (int[] phase : new int[][] {occ.instance.jobMaps(j), occ.instance.jobReduces(j)}) {
            for (int i : phase) {
                if (!occ.isPlaced(i)) {
                    move.before.add(new int[] {i, -1, -1});
                    move.touched.add(i);
                }
            }
        }
        return FirstFitDecreasing.placeJob(occ, j, random, order);
    }

    private static boolean hasUnplaced(Occupancy occ, int j) {
        for (int[] phase : new int[][] {occ.instance.jobMaps(j), occ.instance.jobReduces(j)}) {
            for (int i : phase) {
                if (!occ.isPlaced(i)) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * Algorithm 2: reassign a random subset of tasks (up to 4) to a random node and start that end no later than
     * the current makespan (line 5), then try to reduce the makespan by moving each task of the subset earlier on
     * its node (line 7; the paper's {@code tryReduceScheduleMakespan} over all jobs, narrowed to the moved tasks to
     * keep a move cheap).
     */
    private static boolean mutate(Move move, SplittableRandom random) {
        var occ = move.occupancy;
        int makespan = occ.objective().makespan();
        int count = 1 + random.nextInt(4);
        boolean any = false;
        for (int k = 0; k < count; k++) {
            int i = randomMovable(occ, random);
            if (i < 0 || move.touched.contains(i)) {
                continue;
            }
            int n = random.nextInt(occ.instance.nodeCount());
            int latest = makespan - occ.instance.te(i, n);
            if (latest < 0) {
                continue;
            }
            int s = random.nextInt(latest + 1);
            int oldN = occ.node[i];
            int oldS = occ.start[i];
            move.lift(i);
            if (move.tryPlace(i, n, s)) {
                any = true;
            } else {
                occ.place(i, oldN, oldS);
            }
        }
        for (int i : new ArrayList<>(move.touched)) {
            if (occ.isPlaced(i)) {
                any |= moveEarlier(move, i);
            }
        }
        return any;
    }
}
