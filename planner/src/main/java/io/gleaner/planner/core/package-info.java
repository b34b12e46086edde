/**
 * The planner's pure core: plain records in, plain records out, no Kafka, no Avro, no clock. A
 * {@link io.gleaner.planner.core.PlacementPolicy} answers one node's heartbeat with placements; the
 * {@link io.gleaner.planner.core.PlannerCell} applies jobs, task outcomes and heartbeats to a
 * {@link io.gleaner.planner.core.PlannerState} and calls the policy. The Kafka Streams topology and the
 * simulator's in-process mode drive the same cell, so both give the same decisions.
 */
package io.gleaner.planner.core;
