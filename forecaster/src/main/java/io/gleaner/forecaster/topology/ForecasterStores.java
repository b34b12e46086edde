package io.gleaner.forecaster.topology;

/** Names of the forecaster's state stores; their changelog topics are {@code <application.id>-<name>-changelog}. */
public final class ForecasterStores {

    /**
     * The samples of the rolling window: a window store keyed by series key
     * ({@link io.gleaner.schemas.forecasts.SeriesKey}), one entry per
     * sample at its event time (a second sample at the same time replaces the first), retained for the window.
     */
    public static final String SAMPLES = "forecaster-samples";

    /** Per series: last sample time, next refit boundary, stale flag ({@link io.gleaner.forecaster.core.SeriesState}). */
    public static final String SERIES = "forecaster-series";

    /**
     * Per series, when the stage reacts to misses: the forecast in force and the misses of the last day
     * ({@link io.gleaner.forecaster.core.ForecastInForce}).
     */
    public static final String IN_FORCE = "forecaster-in-force";

    private ForecasterStores() {
    }
}
