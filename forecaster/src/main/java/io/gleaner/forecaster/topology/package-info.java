/**
 * The forecaster's Kafka Streams adapter: {@link io.gleaner.forecaster.topology.ForecasterTopology} keeps a rolling
 * window of each node's and metric's samples, refits a {@link io.gleaner.forecaster.core.Forecaster} on an event-time
 * schedule and publishes {@code forecasts} with the spare capacity of Salamander Eq. 1;
 * {@link io.gleaner.forecaster.topology.SpareCapacity} is the planner's read side, A(k,m,t).
 */
package io.gleaner.forecaster.topology;
