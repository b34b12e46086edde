/**
 * The planner's pure core, its shared model: plain records in, plain records out, no Kafka, no Avro, no clock. A
 * {@link io.gleaner.planner.core.PlacementPolicy} answers one node's heartbeat with placements and returns what else
 * it decided in {@link io.gleaner.planner.core.PolicyOutputs}. The
 * {@link io.gleaner.planner.core.PlannerCell} applies jobs, task outcomes and heartbeats to a
 * {@link io.gleaner.planner.core.PlannerState} and calls the policy. The Kafka Streams topology and the simulator's
 * in-process mode drive the same cell, so both give the same decisions.
 *
 * <p>Each policy has a package of its own below this one ({@code fifo}, {@code fair}, {@code coshh},
 * {@code salamander}, {@code cuckoo}), and {@code policies} makes them from a
 * {@link io.gleaner.planner.core.PolicyName}. This package knows none of them and no policy knows another (the
 * deploy module's {@code ArchitectureTest} checks both): what two policies share lives here, such as the task choice
 * of the job-first policies ({@link io.gleaner.planner.core.HeartbeatLaunches}), the per-user ledgers of Fair and
 * COSHH ({@link io.gleaner.planner.core.UserLedgers}) and the data placement of Cuckoo and COSHH
 * ({@link io.gleaner.planner.core.DataPlacements}).
 *
 * <p>A job's map group may carry a {@link io.gleaner.planner.core.ChunkLayout}, the replica locations of its chunks
 * known at submission, which tells a policy which maps are node-local without a scan of the tasks
 * ({@link io.gleaner.planner.core.IndexProgression}). {@link io.gleaner.planner.core.PhaseProgress} lets fresh tasks
 * be launched in any order (FIFO still launches them by index), keeping its launched and succeeded tasks in
 * immutable {@link io.gleaner.planner.core.TaskSet}s so that a change copies one bit set once. What a job keeps
 * between heartbeats, including delay scheduling's wait, is its {@link io.gleaner.planner.core.JobProgress}, which
 * the topology stores.
 */
package io.gleaner.planner.core;
