/**
 * The forecaster's pure core: {@link io.gleaner.forecaster.core.Forecaster} learners over a host's
 * {@link io.gleaner.forecaster.core.Series}, giving {@link io.gleaner.forecaster.core.QuantileForecast}s (Salamander
 * section II-C, Eq. 1; Dartois et al., CloudCom 2018). No Kafka, no clock, no I/O.
 *
 * <p>Learners: {@link io.gleaner.forecaster.core.QuantileRegressionForecaster} (linear quantile regression, direct
 * strategy, solved by {@link io.gleaner.forecaster.core.QuantileRegression}, Hunter and Lange's MM algorithm, which
 * the tests check against {@link io.gleaner.forecaster.core.ExactQuantileRegression}, ojAlgo's LP); the
 * {@link io.gleaner.forecaster.core.Baselines}; {@link io.gleaner.forecaster.core.CalibratedForecaster}, which
 * shifts any of them by split-conformal calibration; and {@link io.gleaner.forecaster.core.EnvelopeForecaster}, the
 * step-wise maximum of several of them plus a fixed headroom ({@code Baselines.maxLast} as a member makes it follow a
 * level shift at once); {@link io.gleaner.forecaster.core.BurstDiscountForecaster}, the largest use of the last
 * day that takes a burst that has passed out of the next hour;
 * {@link io.gleaner.forecaster.core.MetricRoutedForecaster} picks a learner by the
 * {@link io.gleaner.forecaster.core.ResourceMetric} the {@link io.gleaner.forecaster.core.ForecastRequest} names.
 *
 * <p>The life of a forecast series, once for the stage, the simulator and the evaluations:
 * {@link io.gleaner.forecaster.core.SeriesLife} (refits on the event-time schedule, the miss reaction, staleness,
 * forgetting, the spare capacity of Salamander Eq. 1) over a {@link io.gleaner.forecaster.core.SeriesStore}, with
 * its {@link io.gleaner.forecaster.core.ForecastSettings}.
 */
package io.gleaner.forecaster.core;
