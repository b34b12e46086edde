/**
 * The planner stage (DESIGN §3): placement policies answering node heartbeats with placements. The pure core
 * is in {@code io.gleaner.planner.core} (today the FIFO baseline), the Kafka Streams adapter in
 * {@code io.gleaner.planner.topology}, the mapping of its events to core records (shared with the simulator) in
 * {@code io.gleaner.planner.events}; {@code PlannerConfig} and {@code PlannerApp} configure and run it.
 */
package io.gleaner.planner;
