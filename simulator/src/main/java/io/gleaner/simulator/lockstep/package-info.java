/**
 * The simulator's lockstep with the planner through Kafka (notes/lockstep.md):
 * {@link io.gleaner.simulator.lockstep.KafkaPlannerLink} produces each round's jobs, reports, heartbeats and
 * utilization, waits on the planner's committed offsets and reads its placements;
 * {@link io.gleaner.simulator.lockstep.AvroMapping} is the one place that maps Avro records to core records.
 */
package io.gleaner.simulator.lockstep;
