package io.gleaner.forecaster.core;

/**
 * The features {@link QuantileRegressionForecaster} may use besides the intercept. Each is computed at a forecast
 * origin (the first step not in the history) for a target step, from the history only.
 */
public enum QrFeature {
    /** Mean of the last hour before the origin: the recent level. */
    LEVEL,
    /** Standard deviation of the last six hours before the origin: the recent spread. */
    SPREAD,
    /** Largest value of the 24 hours before the origin (the max-24h baseline as a feature). */
    MAX_24H,
    /** Largest value of the week before the origin (all of the history when it is shorter). */
    MAX_WEEK,
    /** The value at the target's time of day yesterday (the seasonal-naive baseline as a feature). */
    YESTERDAY,
    /**
     * The empirical quantile, at the forecast's level, of the values near the target's time of day on each of the
     * last seven days (the seasonal-quantile baseline as a feature).
     */
    SEASONAL_QUANTILE
}
