/**
 * Hadoop's Fair scheduler: per-user pools with min shares and weights, and delay scheduling (COSHH sections 2.1,
 * 5.1 and 8; Zaharia et al. 2010; docs/policies/fair.md).
 */
package io.gleaner.planner.core.fair;
