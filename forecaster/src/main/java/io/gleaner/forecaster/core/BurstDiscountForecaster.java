package io.gleaner.forecaster.core;

import java.time.Duration;
import java.util.Arrays;

/**
 * {@code burst-<R>h-<gap>x<share>+<headroom>}: the largest use of the last 24 h plus a headroom, unless that peak is
 * a burst that has passed. When the day's peak stands more than {@code gap} (a fraction of capacity) above the
 * largest use of the last {@code recentHours} (the recent peak), the first {@code discountHours} of the horizon get
 * the recent peak plus {@code share} of the difference instead; the rest of the horizon keeps the day's peak.
 *
 * <p>Why: max-24h keeps a node reserved for a whole day after a burst. On the Bitbrains month many CPU bursts go to
 * near full use for a few steps and fall back: at a tenth of the hourly origins the CPU peak of the last day stands
 * more than 0.96 of capacity above the peak of the last hour. A burst that is not in the recent peak seldom comes back
 * within the next hour, so taking it out of that hour trades few violations for much spare capacity, and the headroom
 * on every other hour buys those violations back. The rule is Gleaner's, measured rather than taken from the papers:
 * the forecast U it gives enters Salamander's spare capacity A = C·(1 − (U + S)) (§II-C, Eq. 1) like any other. The
 * parameters are a choice on measured data, per metric ({@code Forecasters.burstDiscount()};
 * docs/results/2026-11-27-forecaster-accuracy.md#bursts-that-have-passed-burst-discount). The rule ignores the
 * quantile level, like {@code max-24h}: every level gets the same forecast.
 *
 * @param recentHours   hours of the recent peak, at least 1
 * @param gap           how far above the recent peak the day's peak must be to count as a burst, in [0, 1]
 * @param share         share of that difference kept in the discounted hours, in [0, 1]
 * @param headroom      added to the day's peak outside the discounted hours, in [0, 1)
 * @param discountHours hours at the start of the horizon that a burst is taken out of, at least 1: the stage's
 *                      refit period, after which a new forecast replaces this one
 */
public record BurstDiscountForecaster(int recentHours, double gap, double share, double headroom, int discountHours)
        implements Forecaster {

    /** Hours of history the day's peak is taken over. */
    private static final int DAY_HOURS = 24;

    public BurstDiscountForecaster {
        if (recentHours < 1 || recentHours >= DAY_HOURS) {
            throw new IllegalArgumentException("recentHours must be in [1, 24), was " + recentHours);
        }
        if (!(gap >= 0 && gap <= 1)) {
            throw new IllegalArgumentException("gap must be in [0, 1], was " + gap);
        }
        if (!(share >= 0 && share <= 1)) {
            throw new IllegalArgumentException("share must be in [0, 1], was " + share);
        }
        if (!(headroom >= 0 && headroom < 1)) {
            throw new IllegalArgumentException("headroom must be in [0, 1), was " + headroom);
        }
        if (discountHours < 1) {
            throw new IllegalArgumentException("discountHours must be >= 1, was " + discountHours);
        }
    }

    /** A forecaster that discounts a burst in the first hour, the stage's default refit period. */
    public BurstDiscountForecaster(int recentHours, double gap, double share, double headroom) {
        this(recentHours, gap, share, headroom, 1);
    }

    @Override
    public String name() {
        return "burst-" + recentHours + "h-" + Forecaster.nameNumber(gap) + "x" + Forecaster.nameNumber(share) + "+"
                + Forecaster.nameNumber(headroom);
    }

    @Override
    public QuantileForecast forecast(Series history, ForecastRequest request) {
        double[] v = history.values();
        double dayPeak = SeriesWindows.max(v, v.length, SeriesWindows.stepsPerDay(history.step()));
        double recentPeak = SeriesWindows.max(v, v.length, steps(recentHours, history.step()));
        double later = SeriesWindows.clampFraction(dayPeak + headroom);
        // A recent peak of NaN (the last hours are gaps) says nothing about the burst having passed.
        boolean passed = dayPeak - recentPeak > gap;
        double first = passed ? SeriesWindows.clampFraction(recentPeak + share * (dayPeak - recentPeak)) : later;
        int discounted = Math.min(request.horizon(), steps(discountHours, history.step()));
        double[] taus = request.quantiles();
        double[][] out = new double[taus.length][request.horizon()];
        for (double[] row : out) {
            Arrays.fill(row, 0, discounted, first);
            Arrays.fill(row, discounted, row.length, later);
        }
        return new QuantileForecast(history.end(), history.step(), taus, out);
    }

    /** Whole steps in {@code hours}, at least one. */
    private static int steps(int hours, Duration step) {
        return (int) Math.max(1, Duration.ofHours(hours).dividedBy(step));
    }
}
