package io.gleaner.planner.core.salamander.solver;

/**
 * The seam the holistic scheduler's solving strategies plug into (Salamander §III-B2): an instance in, a schedule
 * out. Every implementation returns a schedule that {@link ScheduleChecker} finds feasible and that keeps every
 * pinned task where it is; when it finds nothing better it returns the pinned tasks alone.
 */
public interface ScheduleSolver {

    Schedule solve(Instance instance, SolverBudget budget);
}
