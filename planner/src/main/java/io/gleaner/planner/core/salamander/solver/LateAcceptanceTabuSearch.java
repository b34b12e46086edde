package io.gleaner.planner.core.salamander.solver;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.function.LongSupplier;

/**
 * The local search of Salamander §III-B2 (LS): start from {@link FirstFitDecreasing}, then explore with the paper's
 * operators under tabu search and late acceptance (history of 500), the OptaPlanner defaults the paper quotes in
 * §III-E. See {@link SearchMoves} for the moves.
 *
 * <p>The paper scores infeasible candidates by a hard score and lets the acceptor reject them. Starting from a
 * feasible schedule, late acceptance compares a candidate with the current score or one from its history, all
 * feasible, so an infeasible candidate is never accepted; we therefore test feasibility per move (Eqs. 4–6 on the
 * moved tasks) and undo the move at once, which is the same walk without scoring the violations. The best schedule
 * seen is returned, so the result is never worse than the start.
 *
 * <p>Two configurations. {@link #paperOperators()} is the search as the paper describes it: its operators (change,
 * swap, earlier, Algorithm 2's mutation, and an insert of unscheduled jobs by Algorithm 1), the lexicographic
 * objective (Eqs. 2–3) as the score, entity tabu ratio 0.2. The default adds what made it reach
 * {@link ObjectiveBound} on every Fig. 4 instance of {@code SalamanderSolverBenchmark} within the 5 s, where
 * the paper's configuration ends 1–7 steps (33–133%) above it:
 * <ul>
 * <li><b>A finer score.</b> The objective is flat under almost every move: moving any task but the last ones leaves
 * the makespan as it is, so late acceptance walks blind. The search compares, lexicographically, (scheduled tasks,
 * makespan, tasks ending at the makespan, capacity used ({@link Occupancy#work}), sum of ends): the first two are the
 * paper's and the others only break their ties, so a better score is never a worse objective.
 * <li><b>Moves aimed at the makespan</b> besides the paper's (which keep a tenth of the draws): a task ending at the
 * makespan to where it ends earliest ({@link SearchMoves#relocate}, 10%), a ruin and recreate of its job and up to
 * two jobs in its way or at random ({@link SearchMoves#ruinAndRecreate}, 40%), a random task to where it ends
 * earliest ({@link SearchMoves#reposition}, 5%), an ejection of the tasks in the way of a task onto a faster node
 * ({@link SearchMoves#eject}, 30%); for the first objective, an unscheduled job in after taking out a few others
 * ({@link SearchMoves#insertWithRuin}, 5%); and, once at the start, a rebuild of the FFD schedule as a list schedule
 * by earliest end ({@link SearchMoves#rebuild}), kept if it scores better.
 * <li><b>No tabu list.</b> With these moves, the paper's entity tabu (a task moved within the last 0.2 · tasks moves
 * may not move again) slows the search: on the benchmark's hardest 2,500-task instance ({@code Figure4Instances},
 * seed 2009), the mean time to reach the bound over six search seeds was 4.5 s without it, 7.6 s with ratio 0.02 and
 * 11.0 s with 0.2 (all reached it within 20 s).
 * </ul>
 *
 * <p>Budget ({@link SolverBudget}): the search stops after {@code moveLimit} moves (reproducible: same instance, seed
 * and move limit, same schedule) or when {@code timeLimit} of wall time has passed since {@link #run} was called,
 * FFD included, whichever comes first; a run stopped by time is not reproducible (the pattern of
 * {@code ClassMatching}'s iteration and time limits). It also stops once its best is as good as an optional goal
 * (such as {@link ObjectiveBound#objective()}: nothing better exists). The wall time is read from
 * {@link System#nanoTime()} once per move, the only clock this package reads.
 */
public final class LateAcceptanceTabuSearch implements ScheduleSolver {

    static final int LATE_ACCEPTANCE_SIZE = 500;
    static final double ENTITY_TABU_RATIO = 0.2;

    /** Why a run stopped. */
    public enum Stop {
        /** The budget's move limit was reached: the run is reproducible. */
        MOVE_LIMIT,
        /** The budget's time limit passed first: the run is not reproducible. */
        TIME_LIMIT,
        /** The best schedule reached the goal given to {@link #run(Instance, SolverBudget, Objective)}. */
        GOAL
    }

    /**
     * What a run found and spent.
     *
     * @param schedule the best schedule seen (feasible, never worse than {@code start})
     * @param start the objective of the FFD start
     * @param objective the objective of {@code schedule}
     * @param moves the moves tried (at most the budget's move limit)
     * @param stop why it stopped
     */
    public record Run(Schedule schedule, Objective start, Objective objective, long moves, Stop stop) {
    }

    private final boolean ours;
    private final double tabuRatio;
    private final LongSupplier nanoTime;

    /** The search with the finer score, the makespan moves and no tabu list. */
    public LateAcceptanceTabuSearch() {
        this(true, 0, System::nanoTime);
    }

    /**
     * For tests and measurements: {@code ours} switches the finer score and moves; {@code tabuRatio}, the entity tabu
     * tenure as a share of the tasks (0: none); {@code nanoTime} is the wall clock.
     */
    LateAcceptanceTabuSearch(boolean ours, double tabuRatio, LongSupplier nanoTime) {
        this.ours = ours;
        this.tabuRatio = tabuRatio;
        this.nanoTime = nanoTime;
    }

    /** The search as the paper describes it: its operators, the lexicographic objective as the score, tabu 0.2. */
    public static LateAcceptanceTabuSearch paperOperators() {
        return new LateAcceptanceTabuSearch(false, ENTITY_TABU_RATIO, System::nanoTime);
    }

    @Override
    public Schedule solve(Instance instance, SolverBudget budget) {
        return run(instance, budget).schedule();
    }

    /** Searches within the budget and reports what it spent. */
    public Run run(Instance instance, SolverBudget budget) {
        return run(instance, budget, null);
    }

    /**
     * Searches within the budget, stopping early once the best schedule's objective is at least as good as
     * {@code goal} (null: no goal), and reports what it spent.
     */
    public Run run(Instance instance, SolverBudget budget, Objective goal) {
        long deadline = nanoTime.getAsLong() + budget.timeLimit().toNanos();
        var random = new SplittableRandom(budget.seed());
        var current = FirstFitDecreasing.construct(instance, random.split());
        return search(instance, budget, goal, current, random, deadline, true);
    }

    /**
     * Not in the paper: the search started from {@link FirstFitDecreasing#repair} of {@code previous} instead of from
     * scratch, without the {@link SearchMoves#rebuild} (the previous plan had it), for {@code budget}'s moves.
     */
    public Run repair(Instance instance, Schedule previous, SolverBudget budget) {
        long deadline = nanoTime.getAsLong() + budget.timeLimit().toNanos();
        var random = new SplittableRandom(budget.seed());
        var current = FirstFitDecreasing.repair(instance, previous, random.split());
        return search(instance, budget, null, current, random, deadline, false);
    }

    private Run search(Instance instance, SolverBudget budget, Objective goal, Occupancy current,
                       SplittableRandom random, long deadline, boolean rebuild) {
        var moves = new SearchMoves(current, random);
        Objective start = current.objective();
        if (ours && rebuild) {
            long[] before = score(current, new long[SCORE_SIZE]);
            moves.begin();
            if (moves.rebuild() && compare(score(current, new long[SCORE_SIZE]), before) <= 0) {
                moves.undo();
            }
        }
        int tasks = instance.taskCount();
        int[] bestNode = current.node.clone();
        int[] bestStart = current.start.clone();
        long[] best = score(current, new long[SCORE_SIZE]);
        long[] now = best.clone();
        long[] candidate = new long[SCORE_SIZE];
        long[][] history = new long[LATE_ACCEPTANCE_SIZE][];
        for (int k = 0; k < LATE_ACCEPTANCE_SIZE; k++) {
            history[k] = now.clone();
        }
        int tenure = tabuRatio > 0 ? Math.max(1, (int) (tabuRatio * tasks)) : 0;
        long[] lastMoved = new long[tasks];
        Arrays.fill(lastMoved, Long.MIN_VALUE / 2);
        Stop stop = Stop.MOVE_LIMIT;
        long it = 0;
        for (; it < budget.moveLimit(); it++) {
            if (goal != null && !goal.isBetterThan(objective(best))) {
                stop = Stop.GOAL;
                break;
            }
            if (nanoTime.getAsLong() - deadline > 0) {
                stop = Stop.TIME_LIMIT;
                break;
            }
            moves.begin();
            if (!move(moves, random)) {
                continue;
            }
            score(current, candidate);
            boolean aspiration = compare(candidate, best) > 0;
            boolean tabu = false;
            for (int k = 0; k < moves.touchedCount() && !tabu && tenure > 0; k++) {
                tabu = it - lastMoved[moves.touched(k)] < tenure;
            }
            int slot = (int) (it % LATE_ACCEPTANCE_SIZE);
            boolean accept = aspiration
                    || (!tabu && (compare(candidate, now) >= 0 || compare(candidate, history[slot]) >= 0));
            if (accept) {
                System.arraycopy(candidate, 0, now, 0, SCORE_SIZE);
                for (int k = 0; k < moves.touchedCount() && tenure > 0; k++) {
                    lastMoved[moves.touched(k)] = it;
                }
                if (aspiration) {
                    System.arraycopy(current.node, 0, bestNode, 0, tasks);
                    System.arraycopy(current.start, 0, bestStart, 0, tasks);
                    System.arraycopy(candidate, 0, best, 0, SCORE_SIZE);
                }
            } else {
                moves.undo();
            }
            System.arraycopy(now, 0, history[slot], 0, SCORE_SIZE);
        }
        if (stop == Stop.MOVE_LIMIT && goal != null && !goal.isBetterThan(objective(best))) {
            stop = Stop.GOAL;
        }
        var schedule = Occupancy.toSchedule(instance, bestNode, bestStart);
        return new Run(schedule, start, objective(best), it, stop);
    }

    /** One move, drawn by the operators' weights (see the class comment); false when it changed nothing. */
    private boolean move(SearchMoves moves, SplittableRandom random) {
        int draw = random.nextInt(100);
        if (ours) {
            if (draw < 10) {
                return moves.relocate();
            }
            if (draw < 50) {
                return moves.ruinAndRecreate(random.nextInt(3));
            }
            if (draw < 55) {
                return moves.insertWithRuin(random.nextInt(3));
            }
            if (draw < 60) {
                return moves.reposition();
            }
            if (draw < 90) {
                return moves.eject();
            }
        }
        return switch (draw % 5) {
            case 0 -> moves.change();
            case 1 -> moves.swap();
            case 2 -> moves.earlier();
            case 3 -> moves.insert();
            default -> moves.mutate();
        };
    }

    static final int SCORE_SIZE = 5;

    /**
     * The search score, compared lexicographically, higher better: scheduled tasks, −makespan (the paper's two), then
     * ours when on: −tasks ending at the makespan, −capacity used, −sum of ends.
     */
    private long[] score(Occupancy occupancy, long[] into) {
        into[0] = occupancy.scheduled();
        into[1] = -occupancy.makespan();
        into[2] = ours ? -occupancy.endingAtMakespan() : 0;
        into[3] = ours ? -occupancy.work() : 0;
        into[4] = ours ? -occupancy.endSum() : 0;
        return into;
    }

    private static Objective objective(long[] score) {
        return new Objective((int) score[0], (int) -score[1]);
    }

    private static int compare(long[] a, long[] b) {
        for (int k = 0; k < SCORE_SIZE; k++) {
            if (a[k] != b[k]) {
                return a[k] > b[k] ? 1 : -1;
            }
        }
        return 0;
    }
}
