/**
 * The planner stage (DESIGN §3): placement policies answering node heartbeats with placements. The pure core
 * is in {@code io.gleaner.planner.core} (today the FIFO baseline), the Kafka Streams adapter in
 * {@code io.gleaner.planner.topology}; {@code PlannerConfig} and {@code PlannerApp} configure and run it.
 */
package io.gleaner.planner;
