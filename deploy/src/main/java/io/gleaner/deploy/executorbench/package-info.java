/**
 * {@code gleaner bench-executor}: simulated nodes on real Kafka clients, seen from the executor's side, measuring the
 * time from a heartbeat to the placements that answer it and counting placements that do not fit the node they reach.
 * {@code SimulatedNode}, {@code LatencySummary} and {@code PlacementCounters} hold no Kafka; {@link
 * io.gleaner.deploy.executorbench.ExecutorBench} drives them through the topics.
 */
package io.gleaner.deploy.executorbench;
