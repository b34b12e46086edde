package io.gleaner.forecaster;

import io.gleaner.forecaster.core.Baselines;
import io.gleaner.forecaster.core.BurstDiscountForecaster;
import io.gleaner.forecaster.core.EnvelopeForecaster;
import io.gleaner.forecaster.core.Forecaster;
import io.gleaner.forecaster.core.MetricRoutedForecaster;
import io.gleaner.forecaster.core.QrSettings;
import io.gleaner.forecaster.core.QuantileRegressionForecaster;
import io.gleaner.forecaster.core.ResourceMetric;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The learner the stage runs when nobody names another, and the measured alternatives to it. */
public final class Forecasters {

    /** Steps either side of the time of day for the seasonal quantile member (30 min of 3 min). */
    public static final int SEASONAL_WINDOW = 10;

    /** Name of {@link #standard()}. */
    public static final String STANDARD_NAME = "max-1h+0.02";

    /** Hours of the recent peak of {@link #standard()}. */
    public static final int DEFAULT_PEAK_HOURS = 1;

    /** Headroom of {@link #standard()} over the recent peak, a fraction of capacity. */
    public static final double DEFAULT_PEAK_HEADROOM = 0.02;

    /** Name of {@link #seasonalEnvelope()}. */
    public static final String SEASONAL_ENVELOPE_NAME = "qr|sq+h";

    /** Headroom of {@link #seasonalEnvelope()}, a fraction of capacity. */
    public static final double HEADROOM = 0.005;

    /** Hours of the recent-peak member of {@link #levelAware()}. */
    public static final int RECENT_PEAK_HOURS = 6;

    /** Headroom of {@link #levelAware()} and of the memory route of {@link #byMetric()}, a fraction of capacity. */
    public static final double LEVEL_AWARE_HEADROOM = 0.01;

    /** Name of {@link #byMetric()}. */
    public static final String BY_METRIC_NAME = "by-metric";

    /** Name of {@link #burstDiscount()}. */
    public static final String BURST_DISCOUNT_NAME = "burst-discount";

    /** Hours of the recent peak of {@link #burstDiscount()}. */
    public static final int BURST_RECENT_HOURS = 3;

    private Forecasters() {
    }

    /**
     * The stage's default learner, {@code max-1h+0.02}: the largest use of the last {@link #DEFAULT_PEAK_HOURS} hour
     * plus {@link #DEFAULT_PEAK_HEADROOM} ({@link #recentPeak}), run with the stage's default reaction to misses
     * ({@code ForecastSettings#DEFAULT_MISS_ESCALATION}), without which it misses whenever use rises past the recent
     * peak. Chosen as the best measured learner at q = 0.99 on the bundled Bitbrains excerpt and the Alibaba sample,
     * and reported on the rest of the Bitbrains month (docs/results/2026-11-28-forecast-default.md).
     */
    public static Forecaster standard() {
        return recentPeak(DEFAULT_PEAK_HOURS, DEFAULT_PEAK_HEADROOM);
    }

    /**
     * {@code qr|sq+h}, the stage's default before 2026-11-28: the upper envelope of quantile regression on the
     * seasonal quantile feature and the seasonal quantile itself, plus {@link #HEADROOM}. On the Bitbrains month
     * (100 VMs, q = 0.99) it violates less than {@code qr} alone, with a lower pinball loss, for a few percent less
     * reclaimable capacity (see docs/results/2026-11-27-forecaster-accuracy.md#results-on-the-month). Until the
     * regression has history enough to fit it forecasts the largest use of the last 24 h (plus the headroom).
     *
     * <p>{@link #levelAware()} leaves fewer host-days over 1 - q for a little less reclaimable capacity (a different
     * point on the same trade-off, not a better model on both counts); docs/results/2026-11-27-forecaster-accuracy.md
     * has both.
     */
    public static Forecaster seasonalEnvelope() {
        return envelope(SEASONAL_ENVELOPE_NAME, HEADROOM);
    }

    /** The envelope of {@code qr} (default settings) and {@code seasonal-quantile}, plus {@code headroom}. */
    public static Forecaster envelope(String name, double headroom) {
        return new EnvelopeForecaster(name, List.of(new QuantileRegressionForecaster(QrSettings.defaults()),
                Baselines.seasonalQuantile(SEASONAL_WINDOW)), headroom);
    }

    /**
     * {@code qr|sq|max-<hours>h+<headroom>}: the envelope of {@code qr}, {@code seasonal-quantile} and the largest
     * use of the last {@code hours} hours ({@link Baselines#maxLast}), plus {@code headroom}; without the recent peak
     * when {@code hours} is 0 ({@code qr|sq+<headroom>}).
     *
     * <p>The recent-peak member is the level-shift guard: after use steps up, the seasonal quantile of a time of day
     * keeps the old level until that time of day has been seen at the new level, and the regression on it too; the
     * recent peak carries the new level over the whole horizon at once. It forgets within {@code hours} after a step
     * down.
     */
    public static Forecaster envelope(int hours, double headroom) {
        List<Forecaster> members = new ArrayList<>(List.of(new QuantileRegressionForecaster(QrSettings.defaults()),
                Baselines.seasonalQuantile(SEASONAL_WINDOW)));
        if (hours > 0) {
            members.add(Baselines.maxLast(hours));
        }
        return new EnvelopeForecaster(envelopeName(hours, headroom), members, headroom);
    }

    /** The name {@link #envelope(int, double)} gives, e.g. {@code qr|sq|max-6h+0.01} or {@code qr|sq+0.02}. */
    public static String envelopeName(int hours, double headroom) {
        String h = Forecaster.nameNumber(headroom);
        return hours > 0 ? "qr|sq|max-" + hours + "h+" + h : "qr|sq+" + h;
    }

    /**
     * {@code qr|sq|max-6h+0.01}: {@link #envelope(int, double)} with {@link #RECENT_PEAK_HOURS} and
     * {@link #LEVEL_AWARE_HEADROOM}, the point of the trade-off chosen on the first 40 Bitbrains VMs
     * (docs/results/2026-11-27-forecaster-accuracy.md#results-on-the-month).
     */
    public static Forecaster levelAware() {
        return envelope(RECENT_PEAK_HOURS, LEVEL_AWARE_HEADROOM);
    }

    /**
     * {@value #BY_METRIC_NAME}: CPU series (and series of no named metric) get {@link #seasonalEnvelope()}, memory
     * series get {@code max-24h+0.01}, the largest use of the last 24 h plus {@link #LEVEL_AWARE_HEADROOM}. Memory use on the
     * Bitbrains month has no daily cycle to learn and moves in level shifts; this route leaves fewer memory
     * host-days over 1 - q than {@code qr|sq+h} at the same reclaimable capacity, but violates more steps in all
     * (docs/results/2026-11-27-forecaster-accuracy.md#results-on-the-month).
     */
    public static Forecaster byMetric() {
        return new MetricRoutedForecaster(BY_METRIC_NAME, Map.of(ResourceMetric.CPU, seasonalEnvelope(),
                ResourceMetric.MEMORY, recentPeak(24, LEVEL_AWARE_HEADROOM)), seasonalEnvelope());
    }

    /**
     * {@code max-<hours>h+<headroom>}: the largest use of the last {@code hours} hours plus {@code headroom}. On its
     * own it misses whenever use rises past the recent peak; it is meant for a stage that reacts to its misses
     * ({@link io.gleaner.forecaster.core.MissReaction}), which gives it more room after each
     * (docs/results/2026-11-27-forecaster-accuracy.md#reacting-to-misses---react-to-misses).
     */
    public static Forecaster recentPeak(int hours, double headroom) {
        return new EnvelopeForecaster("max-" + hours + "h+" + Forecaster.nameNumber(headroom),
                List.of(Baselines.maxLast(hours)), headroom);
    }

    /**
     * {@value #BURST_DISCOUNT_NAME}: the largest use of the last 24 h plus a headroom, with a burst that has passed
     * taken out of the next hour ({@link BurstDiscountForecaster}), routed by metric. The parameters are the ones
     * chosen on the first 40 Bitbrains VMs, scored hourly as the stage refits
     * (docs/results/2026-11-27-forecaster-accuracy.md#bursts-that-have-passed-burst-discount):
     * <ul>
     *   <li>CPU (and series of no named metric): {@code burst-3h-0.9x0.05+0.02}. A CPU burst is a spike to near full
     *       use; only one that stands 0.9 of capacity above the recent peak is taken out.</li>
     *   <li>memory: {@code burst-3h-0.3x0.5+0.03}. Memory falls back more slowly, so a smaller gap counts and half
     *       of it is kept.</li>
     * </ul>
     */
    public static Forecaster burstDiscount() {
        var cpu = new BurstDiscountForecaster(BURST_RECENT_HOURS, 0.9, 0.05, 0.02);
        var memory = new BurstDiscountForecaster(BURST_RECENT_HOURS, 0.3, 0.5, 0.03);
        return new MetricRoutedForecaster(BURST_DISCOUNT_NAME, Map.of(ResourceMetric.CPU, cpu,
                ResourceMetric.MEMORY, memory), cpu);
    }
}
