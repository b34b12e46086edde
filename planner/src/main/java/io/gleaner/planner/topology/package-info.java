/**
 * The planner's Kafka Streams adapter: {@link io.gleaner.planner.topology.PlannerTopology} decodes jobs,
 * heartbeats and task reports (dead-lettering what it cannot use), applies them one at a time to the core's
 * {@link io.gleaner.planner.core.PlannerCell} over state stores, and publishes its placements keyed by node.
 * {@link io.gleaner.planner.topology.AvroMapping} is the one place that maps Avro events to core records.
 */
package io.gleaner.planner.topology;
