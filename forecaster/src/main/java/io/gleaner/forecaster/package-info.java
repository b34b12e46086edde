/**
 * The forecaster stage: a Kafka Streams application ({@link io.gleaner.forecaster.ForecasterApp}) that turns the
 * owners' utilization samples into per node and metric quantile forecasts over a horizon and the spare capacity
 * they leave (Salamander section II-C, Eq. 1), published on {@code forecasts}; its settings
 * ({@link io.gleaner.forecaster.ForecasterConfig}) and default learner ({@link io.gleaner.forecaster.Forecasters}).
 * The learners are in {@code core}, the stream in {@code topology}, the walk-forward evaluation in {@code eval}.
 */
package io.gleaner.forecaster;
