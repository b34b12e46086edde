/**
 * Workloads' users (COSHH sections 5.1-5.2, Tables 4 and 5): who submits jobs, with what minimum share and weight
 * ({@link io.gleaner.planner.core.Pool}), and which job category each user submits. {@link
 * io.gleaner.simulator.workload.Workloads} loads them from YAML files under {@code workloads/};
 * {@link io.gleaner.simulator.workload.UserAssignment} gives each job of a trace the user whose category it is
 * nearest to.
 */
package io.gleaner.simulator.workload;
