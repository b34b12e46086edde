package io.gleaner.forecaster.core;

/**
 * The baseline forecasters the quantile regression is measured against. Each gives the same value at every quantile
 * level except {@link #seasonalQuantile}, which takes the level as its quantile.
 */
public final class Baselines {

    /** Days the seasonal baselines look back. */
    public static final int WEEK = 7;

    private Baselines() {
    }

    /** {@code last-value}: the last value seen, over the whole horizon. */
    public static Forecaster lastValue() {
        return new PointBaseline("last-value", (v, n, i, s, tau, scratch) -> SeriesWindows.last(v, n));
    }

    /** {@code max-24h}: the largest value of the last 24 hours, over the whole horizon. */
    public static Forecaster maxLastDay() {
        return new PointBaseline("max-24h", (v, n, i, s, tau, scratch) -> SeriesWindows.max(v, n, s));
    }

    /**
     * {@code max-<hours>h}: the largest value of the last {@code hours} hours, over the whole horizon.
     *
     * @param hours at least 1
     */
    public static Forecaster maxLast(int hours) {
        if (hours < 1) {
            throw new IllegalArgumentException("hours must be >= 1, was " + hours);
        }
        return new PointBaseline("max-" + hours + "h",
                (v, n, i, s, tau, scratch) -> SeriesWindows.max(v, n, Math.max(1, s * hours / 24)));
    }

    /** {@code seasonal-naive}: the value at the same time yesterday (or the latest earlier day of the week with one). */
    public static Forecaster seasonalNaive() {
        return new PointBaseline("seasonal-naive",
                (v, n, i, s, tau, scratch) -> SeriesWindows.sameTimeEarlier(v, n, i, s, WEEK));
    }

    /**
     * {@code seasonal-quantile}: the empirical quantile at the requested level of the values within
     * {@code window} steps of the same time of day on each of the last seven days.
     */
    public static Forecaster seasonalQuantile(int window) {
        if (window < 0) {
            throw new IllegalArgumentException("window must be >= 0, was " + window);
        }
        return new PointBaseline("seasonal-quantile", (v, n, i, s, tau, scratch) ->
                SeriesWindows.seasonalQuantile(v, n, i, s, WEEK, window, tau, scratch), WEEK * (2 * window + 1));
    }

    /** One value per target step from the history's values. */
    @FunctionalInterface
    interface Rule {
        double value(double[] v, int n, int target, int stepsPerDay, double tau, double[] scratch);
    }

    /** A baseline given by a rule per target step. */
    private record PointBaseline(String name, Rule rule, int scratchSize) implements Forecaster {

        PointBaseline(String name, Rule rule) {
            this(name, rule, 0);
        }

        @Override
        public QuantileForecast forecast(Series history, ForecastRequest request) {
            double[] v = history.values();
            int n = v.length;
            int s = SeriesWindows.stepsPerDay(history.step());
            double[] taus = request.quantiles();
            double[][] out = new double[taus.length][request.horizon()];
            double[] scratch = new double[scratchSize];
            for (int k = 0; k < taus.length; k++) {
                for (int h = 0; h < request.horizon(); h++) {
                    out[k][h] = SeriesWindows.clampFraction(rule.value(v, n, n + h, s, taus[k], scratch));
                }
            }
            return new QuantileForecast(history.end(), history.step(), taus, out);
        }
    }
}
