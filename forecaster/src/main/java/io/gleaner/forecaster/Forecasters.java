package io.gleaner.forecaster;

import io.gleaner.forecaster.core.Forecaster;

/** The learner the stage runs when nobody names another. */
public final class Forecasters {

    private Forecasters() {
    }

    /** The stage's default learner. */
    public static Forecaster standard() {
        return new RecentQuantileForecaster();
    }
}
