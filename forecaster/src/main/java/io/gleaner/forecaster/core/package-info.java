/**
 * The forecaster's pure core: {@link io.gleaner.forecaster.core.Forecaster} learners over a host's
 * {@link io.gleaner.forecaster.core.Series}, giving {@link io.gleaner.forecaster.core.QuantileForecast}s (Salamander
 * section II-C, Eq. 1; Dartois et al., CloudCom 2018). No Kafka, no clock.
 */
package io.gleaner.forecaster.core;
