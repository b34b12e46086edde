package io.gleaner.forecaster;

import io.gleaner.forecaster.core.Baselines;
import io.gleaner.forecaster.core.EnvelopeForecaster;
import io.gleaner.forecaster.core.Forecaster;
import io.gleaner.forecaster.core.QrSettings;
import io.gleaner.forecaster.core.QuantileRegressionForecaster;
import java.util.List;

/** The learner the stage runs when nobody names another. */
public final class Forecasters {

    /** Steps either side of the time of day for the seasonal quantile member (30 min of 3 min). */
    public static final int SEASONAL_WINDOW = 10;

    /** Headroom of the default envelope, a fraction of capacity. */
    public static final double HEADROOM = 0.005;

    private Forecasters() {
    }

    /**
     * The stage's default learner, {@code qr|sq+h}: the upper envelope of quantile regression on the seasonal
     * quantile feature and the seasonal quantile itself, plus {@link #HEADROOM}. On the Bitbrains month (100 VMs,
     * q = 0.99) it violates less than {@code qr} alone, with a lower pinball loss, for a few percent less
     * reclaimable capacity (see the README's forecaster section). Until the regression has history enough to fit
     * it forecasts the largest use of the last 24 h (plus the headroom).
     */
    public static Forecaster standard() {
        return envelope("qr|sq+h", HEADROOM);
    }

    /** The envelope of {@code qr} (default settings) and {@code seasonal-quantile}, plus {@code headroom}. */
    public static Forecaster envelope(String name, double headroom) {
        return new EnvelopeForecaster(name, List.of(new QuantileRegressionForecaster(QrSettings.defaults()),
                Baselines.seasonalQuantile(SEASONAL_WINDOW)), headroom);
    }
}
