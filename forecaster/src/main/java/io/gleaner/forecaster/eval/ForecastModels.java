package io.gleaner.forecaster.eval;

import io.gleaner.forecaster.Forecasters;
import io.gleaner.forecaster.core.Baselines;
import io.gleaner.forecaster.core.CalibratedForecaster;
import io.gleaner.forecaster.core.EnvelopeForecaster;
import io.gleaner.forecaster.core.Forecaster;
import io.gleaner.forecaster.core.QrSettings;
import io.gleaner.forecaster.core.QuantileRegressionForecaster;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/** The forecasters {@code gleaner forecast-eval --models} can name, in table order. */
public final class ForecastModels {

    /** Steps either side of the time of day for the seasonal quantile baseline (30 min of 3 min). */
    public static final int SEASONAL_WINDOW = 10;

    /** Horizons held out by the calibrated models ({@link CalibratedForecaster}). */
    public static final int CALIBRATION_DAYS = 3;

    /** Fit tail factor of the {@code qr-lo} member: fitted at 0.98 for 0.99. */
    public static final double LOW_TAIL_FACTOR = 2.0;

    private ForecastModels() {
    }

    /** Every name, in table order. */
    public static List<String> names() {
        return List.of("last-value", "max-24h", "seasonal-naive", "seasonal-quantile", "seasonal-quantile+cal", "qr",
                "qr+cal", "qr|sq", "qr|sq+h", "qr-lo|sq+h");
    }

    /** The forecaster of a name. */
    public static Forecaster of(String name) {
        Supplier<Forecaster> s = switch (name) {
            case "last-value" -> Baselines::lastValue;
            case "max-24h" -> Baselines::maxLastDay;
            case "seasonal-naive" -> Baselines::seasonalNaive;
            case "seasonal-quantile" -> () -> Baselines.seasonalQuantile(SEASONAL_WINDOW);
            case "qr" -> () -> new QuantileRegressionForecaster(QrSettings.defaults());
            case "seasonal-quantile+cal" -> () -> new CalibratedForecaster(
                    Baselines.seasonalQuantile(SEASONAL_WINDOW), CALIBRATION_DAYS);
            case "qr+cal" -> () -> new CalibratedForecaster(new QuantileRegressionForecaster(QrSettings.defaults()),
                    CALIBRATION_DAYS);
            case "qr|sq" -> () -> Forecasters.envelope("qr|sq", 0);
            case "qr|sq+h" -> () -> Forecasters.envelope("qr|sq+h", Forecasters.HEADROOM);
            case "qr-lo|sq+h" -> () -> new EnvelopeForecaster("qr-lo|sq+h", List.of(
                    new QuantileRegressionForecaster(QrSettings.defaults().withFitTailFactor(LOW_TAIL_FACTOR)),
                    Baselines.seasonalQuantile(SEASONAL_WINDOW)), Forecasters.HEADROOM);
            default -> throw new IllegalArgumentException("unknown model '" + name + "'; known: " + names());
        };
        return s.get();
    }

    /** The forecasters of the names, in the order given. */
    public static List<Forecaster> of(List<String> names) {
        List<Forecaster> out = new ArrayList<>();
        for (String name : names) {
            out.add(of(name));
        }
        return out;
    }
}
