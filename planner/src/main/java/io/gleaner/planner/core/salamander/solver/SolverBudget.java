package io.gleaner.planner.core.salamander.solver;

import java.time.Duration;

/**
 * What a {@link ScheduleSolver} may spend: {@code seed} for every random draw (same seed, same schedule),
 * {@code moveLimit} for iterative solvers (local search moves, the MIP's iteration abort), and {@code timeLimit}, a
 * wall-time stop for the MIP solver (ojAlgo's {@code time_abort}) and a safety stop for the local search; a run
 * stopped by time is no longer reproducible, so tests and replay use the move limit.
 */
public record SolverBudget(long seed, long moveLimit, Duration timeLimit) {

    public SolverBudget {
        if (moveLimit < 0) {
            throw new IllegalArgumentException("moveLimit must be >= 0, was " + moveLimit);
        }
        if (timeLimit == null || timeLimit.isNegative() || timeLimit.isZero()) {
            throw new IllegalArgumentException("timeLimit must be a positive duration, was " + timeLimit);
        }
    }

    /** A budget with the given seed, 100,000 moves and 30 s (the paper's RQ1 solving limit, §IV). */
    public static SolverBudget seeded(long seed) {
        return new SolverBudget(seed, 100_000, Duration.ofSeconds(30));
    }

    /**
     * A budget of wall time only (no move limit): for a caller that has a deadline, such as issue 7's 5 s; the result
     * depends on the machine's speed, so it is not reproducible.
     */
    public static SolverBudget wallTime(long seed, Duration timeLimit) {
        return new SolverBudget(seed, Long.MAX_VALUE, timeLimit);
    }
}
