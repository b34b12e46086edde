/**
 * The forecaster stage: per node and metric quantile forecasts of the owners' utilization over a horizon
 * (Salamander section II-C and Eq. 1), and the spare capacity they leave, published on {@code forecasts}.
 * {@link io.gleaner.forecaster.ForecasterApp} is the composition root, {@link io.gleaner.forecaster.ForecasterConfig}
 * and {@link io.gleaner.forecaster.ForecastSettings} its validated settings.
 */
package io.gleaner.forecaster;
