/**
 * The planner's pure core: plain records in, plain records out, no Kafka, no Avro, no clock. A
 * {@link io.gleaner.planner.core.PlacementPolicy} answers one node's heartbeat with placements: FIFO
 * ({@link io.gleaner.planner.core.FifoPolicy}) or the Fair scheduler with per-user pools, min shares, weights and
 * delay scheduling ({@link io.gleaner.planner.core.FairPolicy}, COSHH sections 2.1, 5.1 and 8; Zaharia et al. 2010)
 * or COSHH ({@link io.gleaner.planner.core.CoshhPolicy}, the routing of COSHH section 4, over the queuing process
 * of section 3 in {@link io.gleaner.planner.core.CoshhQueueing}: the classifier's k-means classes and the LP of
 * {@link io.gleaner.planner.core.ClassMatching}), each made by {@link io.gleaner.planner.core.PolicyName} from {@link io.gleaner.planner.core.PolicySettings}. The
 * {@link io.gleaner.planner.core.PlannerCell} applies jobs, task outcomes and heartbeats to a
 * {@link io.gleaner.planner.core.PlannerState} and calls the policy. The Kafka Streams topology and the simulator's
 * in-process mode drive the same cell, so both give the same decisions.
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
