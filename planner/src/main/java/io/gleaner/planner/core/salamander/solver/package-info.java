/**
 * Salamander's holistic scheduler (Handaoui et al., CCGrid 2020, §III-B), pure core: a time-indexed
 * {@link io.gleaner.planner.core.salamander.solver.Instance} (nodes with spare capacity A(k, m, t) from forecast
 * utilisation and a safety margin, Eq. 1; jobs of map and reduce tasks with requirements and per-node estimated times;
 * pinned running tasks), a {@link io.gleaner.planner.core.salamander.solver.Schedule} and its independent
 * {@link io.gleaner.planner.core.salamander.solver.ScheduleChecker} (Eqs. 4–6, the lexicographic objective of
 * Eqs. 2–3), and solvers behind {@link io.gleaner.planner.core.salamander.solver.ScheduleSolver}: random first fit
 * decreasing ({@link io.gleaner.planner.core.salamander.solver.FirstFitDecreasing}, Algorithm 1), the local search of
 * §III-B2 with Algorithm 2 ({@link io.gleaner.planner.core.salamander.solver.LateAcceptanceTabuSearch}, with moves of
 * ours in {@code SearchMoves}) and an exact time-indexed MIP on ojAlgo
 * ({@link io.gleaner.planner.core.salamander.solver.TimeIndexedMip}, the quality reference in place of the paper's CP
 * model, for about a dozen tasks); and, where the MIP cannot go, a valid bound on the lexicographic objective
 * ({@link io.gleaner.planner.core.salamander.solver.ObjectiveBound}). No Kafka, no Avro; the only clock read is
 * {@link System#nanoTime()} for the local search's wall-time budget.
 */
package io.gleaner.planner.core.salamander.solver;
