/**
 * COSHH (Rasooli and Down; docs/policies/coshh.md): the routing of section 4 ({@link
 * io.gleaner.planner.core.coshh.CoshhPolicy}) over the queuing process of section 3
 * ({@link io.gleaner.planner.core.coshh.CoshhQueueing}): the classifier's k-means classes and the LP of
 * {@link io.gleaner.planner.core.coshh.ClassMatching}.
 */
package io.gleaner.planner.core.coshh;
