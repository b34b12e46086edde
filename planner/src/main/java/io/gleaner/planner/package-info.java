/**
 * The planner stage (DESIGN §3): placement policies answering node heartbeats with placements. The pure core
 * is in {@code io.gleaner.planner.core} (the shared model and the planner cell, each policy in a package of its own
 * below it), the Kafka Streams adapter in {@code io.gleaner.planner.topology}, the mapping of its events
 * to core records (shared with the simulator) in {@code io.gleaner.planner.events}; {@code PlannerConfig} and
 * {@code PlannerApp} configure and run it ({@code gleaner.planner.policy=fair} with
 * {@code gleaner.planner.pools} and {@code gleaner.planner.locality-delay-ms} for the Fair scheduler; every setting is
 * declared in {@code PlannerSettingsDef}).
 */
package io.gleaner.planner;
