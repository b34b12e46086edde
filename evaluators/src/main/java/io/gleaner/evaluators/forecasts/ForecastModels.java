package io.gleaner.evaluators.forecasts;

import io.gleaner.forecaster.Forecasters;
import io.gleaner.forecaster.core.Baselines;
import io.gleaner.forecaster.core.BurstDiscountForecaster;
import io.gleaner.forecaster.core.CalibratedForecaster;
import io.gleaner.forecaster.core.EnvelopeForecaster;
import io.gleaner.forecaster.core.Forecaster;
import io.gleaner.forecaster.core.QrSettings;
import io.gleaner.forecaster.core.QuantileRegressionForecaster;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The forecasters {@code gleaner forecast-eval --models} can name, in table order: the fixed names of
 * {@link #names()}, the first of them {@value StageDefault#NAME}, what the stage runs by default ({@link StageDefault});
 * for sweeps, any name of the patterns {@link #SWEEPS} ({@link Forecasters#envelope(int, double)},
 * {@link BurstDiscountForecaster}); and the bound {@value DayOracle#NAME} ({@link DayOracle}), which is not run unless
 * named.
 */
public final class ForecastModels {

    /** The name patterns of the sweeps, as help and error messages give them. */
    public static final String SWEEPS = "qr|sq+<headroom>, qr|sq|max-<hours>h+<headroom>, "
            + "burst-<hours>h-<gap>x<share>+<headroom>, max-<hours>h+<headroom>";

    /** Steps either side of the time of day for the seasonal quantile baseline (30 min of 3 min). */
    public static final int SEASONAL_WINDOW = 10;

    /** Horizons held out by the calibrated models ({@link CalibratedForecaster}). */
    public static final int CALIBRATION_DAYS = 3;

    /** Fit tail factor of the {@code qr-lo} member: fitted at 0.98 for 0.99. */
    public static final double LOW_TAIL_FACTOR = 2.0;

    /** {@code qr|sq+<headroom>} or {@code qr|sq|max-<hours>h+<headroom>}. */
    private static final Pattern ENVELOPE = Pattern.compile("qr\\|sq(?:\\|max-(\\d{1,3})h)?\\+(0(?:\\.\\d+)?)");

    /** {@code burst-<hours>h-<gap>x<share>+<headroom>} ({@link BurstDiscountForecaster}). */
    private static final Pattern BURST = Pattern.compile(
            "burst-(\\d{1,2})h-([01](?:\\.\\d+)?)x([01](?:\\.\\d+)?)\\+(0(?:\\.\\d+)?)");

    /** {@code max-<hours>h+<headroom>} ({@link Forecasters#recentPeak(int, double)}). */
    private static final Pattern RECENT_PEAK = Pattern.compile("max-(\\d{1,2})h\\+(0(?:\\.\\d+)?)");

    private ForecastModels() {
    }

    /** Every fixed name, in table order (the default of {@code --models}). */
    public static List<String> names() {
        return List.of(StageDefault.NAME, "last-value", "max-24h", "seasonal-naive", "seasonal-quantile", "seasonal-quantile+cal", "qr",
                "qr+cal", "qr|sq", Forecasters.SEASONAL_ENVELOPE_NAME, "qr-lo|sq+h", Forecasters.BY_METRIC_NAME,
                Forecasters.envelopeName(Forecasters.RECENT_PEAK_HOURS, Forecasters.LEVEL_AWARE_HEADROOM),
                Forecasters.BURST_DISCOUNT_NAME);
    }

    /** Whether {@link #of(String)} knows the name: a fixed name, the bound, or a name of a sweep pattern. */
    public static boolean isKnown(String name) {
        return names().contains(name) || name.equals(DayOracle.NAME) || sweep(name) != null;
    }

    /** The forecaster of a name. */
    public static Forecaster of(String name) {
        Supplier<Forecaster> s = switch (name) {
            case StageDefault.NAME -> StageDefault::new;
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
            case Forecasters.SEASONAL_ENVELOPE_NAME -> Forecasters::seasonalEnvelope;
            case "qr-lo|sq+h" -> () -> new EnvelopeForecaster("qr-lo|sq+h", List.of(
                    new QuantileRegressionForecaster(QrSettings.defaults().withFitTailFactor(LOW_TAIL_FACTOR)),
                    Baselines.seasonalQuantile(SEASONAL_WINDOW)), Forecasters.HEADROOM);
            case Forecasters.BY_METRIC_NAME -> Forecasters::byMetric;
            case Forecasters.BURST_DISCOUNT_NAME -> Forecasters::burstDiscount;
            case DayOracle.NAME -> DayOracle::new;
            default -> sweep(name);
        };
        if (s == null) {
            throw new IllegalArgumentException("unknown model '" + name + "'; known: " + names()
                    + ", " + SWEEPS + " and " + DayOracle.NAME);
        }
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

    /** The forecaster a sweep name describes, or null when the name is of no sweep pattern or out of range. */
    private static Supplier<Forecaster> sweep(String name) {
        Matcher burst = BURST.matcher(name);
        if (!burst.matches()) {
            return envelope(name);
        }
        BurstDiscountForecaster forecaster;
        try {
            // The forecaster's own checks say which parameters are in range.
            forecaster = new BurstDiscountForecaster(Integer.parseInt(burst.group(1)),
                    Double.parseDouble(burst.group(2)), Double.parseDouble(burst.group(3)),
                    Double.parseDouble(burst.group(4)));
        } catch (IllegalArgumentException e) {
            return null;
        }
        return () -> forecaster;
    }

    /** The envelope a sweep name describes, or null when the name is not of that pattern. */
    private static Supplier<Forecaster> envelope(String name) {
        Matcher m = ENVELOPE.matcher(name);
        if (!m.matches()) {
            return recentPeak(name);
        }
        // The pattern keeps the headroom in [0, 1); 0 hours is envelope()'s "no recent peak", not a name of its own.
        int hours = m.group(1) == null ? 0 : Integer.parseInt(m.group(1));
        double headroom = Double.parseDouble(m.group(2));
        if (m.group(1) != null && hours < 1) {
            return null;
        }
        return () -> Forecasters.envelope(hours, headroom);
    }

    /** The recent peak a sweep name describes, or null when the name is not of that pattern or out of range. */
    private static Supplier<Forecaster> recentPeak(String name) {
        Matcher m = RECENT_PEAK.matcher(name);
        if (!m.matches()) {
            return null;
        }
        int hours = Integer.parseInt(m.group(1));
        double headroom = Double.parseDouble(m.group(2));
        return hours < 1 ? null : () -> Forecasters.recentPeak(hours, headroom);
    }
}
