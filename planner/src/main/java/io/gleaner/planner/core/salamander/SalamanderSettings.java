package io.gleaner.planner.core.salamander;

import io.gleaner.planner.core.salamander.solver.Window;

import java.time.Duration;
import java.util.Objects;

/**
 * What {@link SalamanderPolicy} needs.
 *
 * @param window       the planning window T (Salamander §III-B1, Table I: 480 steps of 3 minutes)
 * @param replanEvery  re-plan at least this often in event time, even when nothing arrived, so that the plan follows
 *                     refreshed forecasts and tasks that ran longer or shorter than estimated; > 0
 * @param taskBudget   the most tasks not yet running that one plan takes, jobs in arrival order (a job larger than
 *                     what is left gets a slice of at most half the budget and waits, unanswered, for later plans
 *                     for the rest); >= 1. The paper's largest instance had 2,500 tasks (§IV, Fig. 4).
 * @param moveLimit    local-search moves per plan made from scratch (the first plan, or when there is no earlier plan
 *                     to repair) after the first-fit-decreasing construction; 0 keeps Algorithm 1's schedule
 * @param repairMoveLimit local-search moves per plan repaired from the previous one (every later plan: the previous
 *                     plan's placements kept where they still fit, only what changed placed by Algorithm 1); counted
 *                     in moves, not time, so that the same events give the same plans; 0 keeps the repaired schedule
 * @param seed         seeds the construction's node order and the local search (mixed with the plan's time)
 * @param earlyRelease release a planned task as soon as its node has room for it now, in planned order, instead of
 *                     waiting for its planned start (the plan's step is minutes, tasks often run seconds)
 * @param linkBitsPerSecond the bandwidth a chunk is copied at between nodes: a map planned on a node without a
 *                     replica of its chunk has the copy added to its Te (Salamander §IV-B counts data transfers in
 *                     the job execution time); > 0
 */
public record SalamanderSettings(Window window, Duration replanEvery, int taskBudget, long moveLimit,
                                 long repairMoveLimit, long seed, boolean earlyRelease, long linkBitsPerSecond) {

    /** Default {@link #taskBudget()}: the paper's largest instance. */
    public static final int DEFAULT_TASK_BUDGET = 2_500;

    /** Default {@link #linkBitsPerSecond()}: 1 Gbit/s. */
    public static final long DEFAULT_LINK_BITS_PER_SECOND = 1_000_000_000L;

    /** Default {@link #moveLimit()}: a few thousand moves, a fraction of a second on 2,500 tasks. */
    public static final long DEFAULT_MOVE_LIMIT = 2_000;

    /**
     * Default {@link #repairMoveLimit()}: a tenth of {@link #DEFAULT_MOVE_LIMIT}; a repair starts from a plan that
     * was already searched, so it needs the moves for what changed only (docs/results/2026-11-28-salamander-fast.md).
     */
    public static final long DEFAULT_REPAIR_MOVE_LIMIT = 200;

    public SalamanderSettings {
        Objects.requireNonNull(window, "window");
        Objects.requireNonNull(replanEvery, "replanEvery");
        if (replanEvery.isNegative() || replanEvery.isZero()) {
            throw new IllegalArgumentException("replanEvery must be > 0, was " + replanEvery);
        }
        if (taskBudget < 1) {
            throw new IllegalArgumentException("taskBudget must be >= 1, was " + taskBudget);
        }
        if (moveLimit < 0) {
            throw new IllegalArgumentException("moveLimit must be >= 0, was " + moveLimit);
        }
        if (repairMoveLimit < 0) {
            throw new IllegalArgumentException("repairMoveLimit must be >= 0, was " + repairMoveLimit);
        }
        if (linkBitsPerSecond < 1) {
            throw new IllegalArgumentException("linkBitsPerSecond must be >= 1, was " + linkBitsPerSecond);
        }
    }

    /** The paper's window, a re-plan every step, the default budgets, seed 0, early release on. */
    public static SalamanderSettings defaults() {
        var window = Window.DAY_OF_3_MINUTE_STEPS;
        return new SalamanderSettings(window, window.step(), DEFAULT_TASK_BUDGET, DEFAULT_MOVE_LIMIT,
                DEFAULT_REPAIR_MOVE_LIMIT, 0, true,
                DEFAULT_LINK_BITS_PER_SECOND);
    }

    /** These settings with another seed. */
    public SalamanderSettings withSeed(long value) {
        return new SalamanderSettings(window, replanEvery, taskBudget, moveLimit, repairMoveLimit, value, earlyRelease,
                linkBitsPerSecond);
    }

    /** These settings with early release on or off. */
    public SalamanderSettings withEarlyRelease(boolean value) {
        return new SalamanderSettings(window, replanEvery, taskBudget, moveLimit, repairMoveLimit, seed, value,
                linkBitsPerSecond);
    }

    /** These settings with another local-search move limit. */
    public SalamanderSettings withMoveLimit(long value) {
        return new SalamanderSettings(window, replanEvery, taskBudget, value, repairMoveLimit, seed, earlyRelease,
                linkBitsPerSecond);
    }

    /** These settings with another repair move limit. */
    public SalamanderSettings withRepairMoveLimit(long value) {
        return new SalamanderSettings(window, replanEvery, taskBudget, moveLimit, value, seed, earlyRelease,
                linkBitsPerSecond);
    }

    /** These settings with another link bandwidth. */
    public SalamanderSettings withLinkBitsPerSecond(long value) {
        return new SalamanderSettings(window, replanEvery, taskBudget, moveLimit, repairMoveLimit, seed, earlyRelease,
                value);
    }

    /** These settings with another window; the re-plan period stays. */
    public SalamanderSettings withWindow(Window value) {
        return new SalamanderSettings(value, replanEvery, taskBudget, moveLimit, repairMoveLimit, seed, earlyRelease,
                linkBitsPerSecond);
    }
}
