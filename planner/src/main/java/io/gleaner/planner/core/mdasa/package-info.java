/**
 * Deadline-aware policies of seed 002 chapter 4 (Vishal 2015):
 * {@link io.gleaner.planner.core.mdasa.DeadlineAwarePolicy} as MDASA (Algorithm 2, malleable: queues tasks on slots that free before the job's end) and NDASA (Algorithm 1,
 * moldable: claims its slots for the whole phase), both sizing a job by the wave model and the Lagrange sizing
 * (Eqs. 3.14–3.18, {@code classifier/estimate}) and answering it on {@code jobs.admissions}; and their baseline
 * {@link io.gleaner.planner.core.mdasa.EdfPolicy}, earliest deadline first, event- or epoch-based. The deviations
 * from the thesis and why: docs/policies/mdasa.md.
 */
package io.gleaner.planner.core.mdasa;
