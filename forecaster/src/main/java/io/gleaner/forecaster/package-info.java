/**
 * Will hold the forecaster stage: per node and metric quantile forecasts of utilization over a horizon
 * (Salamander section II-C and Eq. 1), and the spare capacity they leave, published on {@code forecasts}.
 * Nothing lives here yet.
 */
package io.gleaner.forecaster;
