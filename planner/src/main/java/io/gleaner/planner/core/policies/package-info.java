/**
 * The policies put together: {@link io.gleaner.planner.core.policies.PolicySettings} from configuration and
 * {@link io.gleaner.planner.core.policies.Policies}, which makes the policy a name names. The only package that knows
 * every policy, so that the shared model and the policies themselves know none.
 */
package io.gleaner.planner.core.policies;
