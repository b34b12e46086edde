package io.gleaner.forecaster.core;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * {@code qr}: linear quantile regression with a direct multi-horizon strategy. The horizon is cut into buckets of
 * {@link QrSettings#bucketSteps()} steps and each bucket has its own coefficients, fitted on the history by
 * {@link QuantileRegression} (Hunter and Lange's MM algorithm) at each requested level: one row per (training
 * origin, target step in the bucket), the target is the use at that step, the features those of {@link QrFeature}
 * chosen in the settings computed at the origin and for the target's time of day, plus an intercept.
 *
 * <p>With the default one bucket of 24 hours, a single model covers the horizon and the step ahead enters through
 * the target's time of day (the seasonal quantile feature); smaller buckets (e.g. six of 4 hours) give each part of
 * the horizon its own coefficients and measured slightly worse. Direct rather than recursive: a recursive quantile forecast would feed a 0.99 quantile back in as if it were
 * the use, which biases every later step upward; direct buckets need no simulated future and the features that
 * matter for a day ahead (time of day, the week's quantile) do not depend on the steps in between. Buckets share the
 * features, so a bucket costs one small p x p solve per MM step.
 *
 * <p>Training rows are read from the history only, so the forecast is the same for the same history. A bucket with
 * fewer than {@link QrSettings#minSamples()} rows (a short history) forecasts the largest use of the last 24 hours.
 * Forecasts are clamped to [0, 1].
 */
public final class QuantileRegressionForecaster implements Forecaster {

    private final QrSettings settings;
    private final QuantileRegression solver;
    private final String name;

    /** A forecaster named {@code qr}. */
    public QuantileRegressionForecaster(QrSettings settings) {
        this("qr", settings);
    }

    /** A forecaster with its own name, e.g. for an ablation {@code qr-no-spread}. */
    public QuantileRegressionForecaster(String name, QrSettings settings) {
        this.name = Objects.requireNonNull(name, "name");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.solver = new QuantileRegression(settings.maxIterations(), 1e-6);
    }

    @Override
    public String name() {
        return name;
    }

    /** The settings this forecaster fits with. */
    public QrSettings settings() {
        return settings;
    }

    @Override
    public QuantileForecast forecast(Series history, ForecastRequest request) {
        double[] v = history.values();
        int n = v.length;
        int s = SeriesWindows.stepsPerDay(history.step());
        int horizon = request.horizon();
        double[] taus = request.quantiles();
        double[][] out = new double[taus.length][horizon];
        List<QrFeature> features = new ArrayList<>(settings.features());
        features.sort(null);
        int p = features.size() + 1;
        int buckets = (horizon + settings.bucketSteps() - 1) / settings.bucketSteps();
        double[] scratch = new double[Baselines.WEEK * (2 * settings.seasonalWindow() + 1)];

        // Many origins fall back on the last known value: in a history that is mostly gaps (a young series), a scan
        // back per origin costs the square of its length.
        int[] known = SeriesWindows.lastKnown(v);
        Origin now = origin(v, n, s, known);
        if (Double.isNaN(now.level)) {
            for (double[] row : out) {
                Arrays.fill(row, Double.NaN);
            }
            return new QuantileForecast(history.end(), history.step(), taus, out);
        }
        List<Origin> origins = new ArrayList<>();
        for (int t = n - settings.originStride(); t >= s; t -= settings.originStride()) {
            Origin o = origin(v, t, s, known);
            if (!Double.isNaN(o.level)) {
                origins.add(o);
            }
        }
        int rowsMax = origins.size() * ((settings.bucketSteps() + settings.targetStride() - 1)
                / settings.targetStride());
        double[][] x = new double[Math.max(1, rowsMax)][p];
        double[] y = new double[Math.max(1, rowsMax)];

        for (double tau : taus) {
            double fitted = 1 - (1 - tau) * settings.fitTailFactor();
            if (!(fitted > 0 && fitted < 1)) {
                throw new IllegalArgumentException("level " + tau + " with fitTailFactor " + settings.fitTailFactor()
                        + " is fitted at " + fitted + ", outside (0, 1)");
            }
        }
        for (int k = 0; k < taus.length; k++) {
            double tau = taus[k];
            double[] seasonalCache = new double[n + horizon];
            Arrays.fill(seasonalCache, Double.NaN);
            for (int b = 0; b < buckets; b++) {
                int from = b * settings.bucketSteps();
                int to = Math.min(horizon, from + settings.bucketSteps());
                int rows = 0;
                for (Origin o : origins) {
                    for (int h = from; h < to; h += settings.targetStride()) {
                        int i = o.index + h;
                        if (i >= n || Double.isNaN(v[i])) {
                            continue;
                        }
                        fill(x[rows], features, v, n, o, i, s, tau, scratch, seasonalCache);
                        y[rows] = v[i];
                        rows++;
                    }
                }
                double[] beta = null;
                if (rows >= settings.minSamples()) {
                    beta = solver.fit(x, y, rows, 1 - (1 - tau) * settings.fitTailFactor()).beta();
                }
                double[] row = new double[p];
                for (int h = from; h < to; h++) {
                    double value;
                    if (beta == null) {
                        value = Double.isNaN(now.max24) ? now.level : now.max24;
                    } else {
                        fill(row, features, v, n, now, n + h, s, tau, scratch, seasonalCache);
                        value = QuantileRegression.dot(row, beta, p);
                    }
                    out[k][h] = SeriesWindows.clampFraction(value);
                }
            }
        }
        return new QuantileForecast(history.end(), history.step(), taus, out);
    }

    /** What is known at an origin: its index and the statistics of the use before it. */
    private record Origin(int index, double level, double spread, double max24, double maxWeek) {
    }

    private Origin origin(double[] v, int t, int s, int[] known) {
        double level = SeriesWindows.mean(v, t, settings.levelSteps());
        if (Double.isNaN(level)) {
            level = SeriesWindows.last(v, t, known);
        }
        double spread = SeriesWindows.spread(v, t, settings.spreadSteps());
        double max24 = SeriesWindows.max(v, t, s);
        max24 = Double.isNaN(max24) ? level : max24;
        double maxWeek = settings.features().contains(QrFeature.MAX_WEEK)
                ? SeriesWindows.max(v, t, Baselines.WEEK * s) : max24;
        return new Origin(t, level, Double.isNaN(spread) ? 0 : spread, max24, Double.isNaN(maxWeek) ? max24 : maxWeek);
    }

    /**
     * Writes the intercept and the features of target index {@code i} seen from origin {@code o} into {@code row}.
     * Yesterday reads only before the origin; the seasonal quantile reads the history up to its end (at the origin of
     * a real forecast, the end is the origin), cached per target index.
     */
    private void fill(double[] row, List<QrFeature> features, double[] v, int n, Origin o, int i, int s, double tau,
                      double[] scratch, double[] seasonalCache) {
        row[0] = 1;
        int j = 1;
        for (QrFeature f : features) {
            double value = switch (f) {
                case LEVEL -> o.level;
                case SPREAD -> o.spread;
                case MAX_24H -> o.max24;
                case MAX_WEEK -> o.maxWeek;
                case YESTERDAY -> {
                    double y = SeriesWindows.sameTimeEarlier(v, o.index, i, s, 1);
                    yield Double.isNaN(y) ? o.level : y;
                }
                case SEASONAL_QUANTILE -> {
                    double q = seasonalCache[i];
                    if (Double.isNaN(q)) {
                        q = SeriesWindows.seasonalQuantile(v, n, i, s, Baselines.WEEK, settings.seasonalWindow(), tau,
                                scratch);
                        if (Double.isNaN(q)) {
                            q = o.max24;
                        } else {
                            seasonalCache[i] = q;
                        }
                    }
                    yield q;
                }
            };
            row[j++] = value;
        }
    }
}
