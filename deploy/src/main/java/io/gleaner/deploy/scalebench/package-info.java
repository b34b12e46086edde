/**
 * {@code gleaner bench-scale}: the stages at many nodes through Kafka. The nodes, jobs and placement latencies are
 * {@link io.gleaner.deploy.executorbench.ExecutorBench}'s; this package adds the utilization samples the forecaster
 * and QoS stages read ({@link io.gleaner.deploy.scalebench.UtilizationFeed}), each stage's consumer group read
 * through the Admin client ({@link io.gleaner.deploy.scalebench.GroupOffsets}) and the rates between two readings
 * ({@link io.gleaner.deploy.scalebench.ScaleInterval}, no Kafka). How to run and read it: docs/scale.md.
 */
package io.gleaner.deploy.scalebench;
