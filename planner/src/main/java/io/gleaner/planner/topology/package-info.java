/**
 * The planner's Kafka Streams adapter: {@link io.gleaner.planner.topology.PlannerTopology} decodes jobs,
 * heartbeats and task reports (dead-lettering what it cannot use), applies them one at a time to the core's
 * {@link io.gleaner.planner.core.PlannerCell} over state stores, and publishes its placements keyed by node.
 * Events map to core records through {@link io.gleaner.planner.events.EventMapping}; the store values through
 * {@link io.gleaner.planner.topology.AvroMapping}.
 */
package io.gleaner.planner.topology;
