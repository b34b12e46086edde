/**
 * Makespan ordering for batches of jobs without deadlines (2015 thesis, ch. 5; seed-002-notes §4.A): each job as a
 * two-stage map/reduce flow shop job (M_j, R_j) from the wave model ({@link StageLengths}, {@link BatchJob}), the
 * flow-shop makespan of an order ({@link FlowShop}), Johnson's rule ({@link JohnsonRule}), BalancedPools (Verma et
 * al., MASCOTS 2012, as ch. 5 describes it: {@link BalancedPools}), and the policy that places tasks in the order
 * they give, one batch of queued jobs after another ({@link MakespanPolicy}). See docs/policies/makespan.md.
 */
package io.gleaner.planner.core.makespan;
