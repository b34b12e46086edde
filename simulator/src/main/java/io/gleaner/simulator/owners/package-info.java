/**
 * The owners' (regular) workload of the simulated nodes from real VM utilization traces: {@link
 * io.gleaner.simulator.owners.OwnerTraces} reads Bitbrains GWA-T-12 VM files (a directory such as
 * {@code ../shared/data/bitbrains-rnd/2013-8}, or the excerpt bundled in {@code gleaner-ingest}), deals the VMs to
 * the cluster's nodes with a seed, aligns them on a common grid and gives each node the sum of its VMs' usage over
 * the sum of their capacity, as an {@link io.gleaner.simulator.owners.OwnerTrace} that yields the simulator's
 * {@link io.gleaner.simulator.core.OwnerLoad} (DESIGN.md section 4).
 */
package io.gleaner.simulator.owners;
