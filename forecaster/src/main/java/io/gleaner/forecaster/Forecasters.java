package io.gleaner.forecaster;

import io.gleaner.forecaster.core.Forecaster;
import io.gleaner.forecaster.core.QrSettings;
import io.gleaner.forecaster.core.QuantileRegressionForecaster;

/** The learner the stage runs when nobody names another. */
public final class Forecasters {

    private Forecasters() {
    }

    /**
     * The stage's default learner: quantile regression on the seasonal quantile feature (the choice of the
     * walk-forward ablation in the README), which forecasts the largest use of the last 24 h until it has history
     * enough to fit.
     */
    public static Forecaster standard() {
        return new QuantileRegressionForecaster(QrSettings.defaults());
    }
}
