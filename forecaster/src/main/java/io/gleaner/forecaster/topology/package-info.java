/**
 * The forecaster's Kafka Streams adapter: {@link io.gleaner.forecaster.topology.ForecasterTopology} keeps a rolling
 * window of each node's and metric's samples, drives each series' life ({@link io.gleaner.forecaster.core.SeriesLife})
 * and publishes {@code forecasts} with the spare capacity of Salamander Eq. 1.
 * The read side of {@code forecasts}, A(k,m,t), is {@link io.gleaner.schemas.forecasts.SpareCapacity}, with the
 * topic's contract in {@code schemas}.
 */
package io.gleaner.forecaster.topology;
