package io.gleaner.forecaster.eval;

import io.gleaner.forecaster.core.ForecastRequest;
import io.gleaner.forecaster.core.Forecaster;
import io.gleaner.forecaster.core.Pinball;
import io.gleaner.forecaster.core.ResourceMetric;
import io.gleaner.forecaster.core.Series;
import io.gleaner.forecaster.core.SeriesWindows;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.stream.IntStream;

/**
 * Walk-forward evaluation: for every series, from the end of the burn-in, at every origin one refit period apart,
 * each model is given the last {@code trainDays} of the series before the origin (the past only) and the series'
 * metric ({@link TraceSeries#metric()}) and forecasts the next horizon; the forecast is scored against what the
 * series did until the next origin, when the next forecast replaces it, as the stage's forecasts replace each other.
 * The refit period is the horizon by default: one forecast per horizon, scored whole. The scores of the forecasts of
 * one horizon-long span are added up into one row, a <em>host-day</em> with the default 24 h horizon.
 *
 * <p>Scores per host-day, model and level, over the steps where both the use and the forecast are known: the
 * violations (use above the forecast), the pinball loss and the reclaimable capacity {@code max(0, 1 - forecast -
 * margin)}. A {@link DayOracle} among the models is the exception that sees the use of the refit period it is scored
 * on (it is a bound, not a model). Series are evaluated in parallel and the rows come out in series order, so runs
 * repeat exactly.
 *
 * @param models     the forecasters, in table order
 * @param quantiles  levels in (0, 1)
 * @param horizon    steps per forecast, and per host-day
 * @param refitSteps steps between origins, each forecast scored on that many steps; divides {@code horizon}
 * @param trainDays  days of history given to a model at most
 * @param burnInDays days before the first origin
 * @param margin     the safety margin subtracted from the spare capacity, in [0, 1)
 * @param plotted    keys ({@link TraceSeries#key()}) whose forecasts are kept for the plots
 */
public record WalkForward(List<Forecaster> models, double[] quantiles, int horizon, int refitSteps, int trainDays,
                          int burnInDays, double margin, Set<String> plotted) {

    public WalkForward {
        models = List.copyOf(models);
        quantiles = quantiles.clone();
        plotted = Set.copyOf(plotted);
        new ForecastRequest(horizon, quantiles);
        if (models.isEmpty()) {
            throw new IllegalArgumentException("at least one model is needed");
        }
        if (refitSteps < 1 || horizon % refitSteps != 0) {
            throw new IllegalArgumentException("refitSteps must be >= 1 and divide the horizon of " + horizon
                    + " steps, was " + refitSteps);
        }
        if (trainDays < 1 || burnInDays < 1) {
            throw new IllegalArgumentException("trainDays and burnInDays must be >= 1, were " + trainDays + " and "
                    + burnInDays);
        }
        if (!(margin >= 0 && margin < 1)) {
            throw new IllegalArgumentException("margin must be in [0, 1), was " + margin);
        }
    }

    /** One forecast per horizon, scored whole. */
    public WalkForward(List<Forecaster> models, double[] quantiles, int horizon, int trainDays, int burnInDays,
                       double margin, Set<String> plotted) {
        this(models, quantiles, horizon, horizon, trainDays, burnInDays, margin, plotted);
    }

    @Override
    public double[] quantiles() {
        return quantiles.clone();
    }

    /** Scores of one model at one level on one host-day. */
    public record HostDay(String node, String metric, String model, double quantile, int origin, int steps,
                          int violations, double pinball, double reclaimable) {

        /** Share of the steps with use above the forecast; NaN without steps. */
        public double violationRate() {
            return steps == 0 ? Double.NaN : (double) violations / steps;
        }
    }

    /** What a plotted series did and what each model forecast (NaN before the first origin), per level. */
    public record Trace(TraceSeries series, List<String> models, double[][][] forecasts) {
    }

    /** Every host-day's scores, in series, origin, model, level order, and the plotted traces. */
    public record Result(List<HostDay> hostDays, List<Trace> traces, int origins) {
        public Result {
            hostDays = List.copyOf(hostDays);
            traces = List.copyOf(traces);
        }
    }

    /** Runs the evaluation. */
    public Result run(List<TraceSeries> all) {
        Objects.requireNonNull(all, "all");
        var perSeries = IntStream.range(0, all.size()).parallel().mapToObj(i -> evaluate(all.get(i))).toList();
        List<HostDay> rows = new ArrayList<>();
        List<Trace> traces = new ArrayList<>();
        int origins = 0;
        for (var one : perSeries) {
            rows.addAll(one.hostDays());
            traces.addAll(one.traces());
            origins = Math.max(origins, one.origins());
        }
        return new Result(rows, traces, origins);
    }

    private Result evaluate(TraceSeries ts) {
        Series series = ts.series();
        double[] v = series.values();
        int day = SeriesWindows.stepsPerDay(series.step());
        var request = new ForecastRequest(horizon, quantiles, ResourceMetric.of(ts.metric()));
        boolean plot = plotted.contains(ts.key());
        double[][][] kept = plot ? new double[models.size()][quantiles.length][v.length] : null;
        if (plot) {
            for (double[][] m : kept) {
                for (double[] q : m) {
                    Arrays.fill(q, Double.NaN);
                }
            }
        }
        List<HostDay> rows = new ArrayList<>();
        int origins = 0;
        int levels = quantiles.length;
        for (int span = burnInDays * day; span + horizon <= v.length; span += horizon) {
            int[][] steps = new int[models.size()][levels];
            int[][] violations = new int[models.size()][levels];
            double[][] pinball = new double[models.size()][levels];
            double[][] reclaimable = new double[models.size()][levels];
            for (int origin = span; origin < span + horizon; origin += refitSteps) {
                origins++;
                int from = Math.max(0, origin - trainDays * day);
                var history = new Series(series.time(from), series.step(), Arrays.copyOfRange(v, from, origin));
                for (int m = 0; m < models.size(); m++) {
                    var forecast = models.get(m) instanceof DayOracle
                            ? DayOracle.bound(Arrays.copyOfRange(v, origin, origin + refitSteps), quantiles)
                            : models.get(m).forecast(history, request).values();
                    for (int k = 0; k < levels; k++) {
                        for (int h = 0; h < refitSteps; h++) {
                            double actual = v[origin + h];
                            double f = forecast[k][h];
                            if (plot) {
                                kept[m][k][origin + h] = f;
                            }
                            if (Double.isNaN(actual) || Double.isNaN(f)) {
                                continue;
                            }
                            steps[m][k]++;
                            if (actual > f) {
                                violations[m][k]++;
                            }
                            pinball[m][k] += Pinball.loss(quantiles[k], actual, f);
                            reclaimable[m][k] += Math.max(0, 1 - f - margin);
                        }
                    }
                }
            }
            for (int m = 0; m < models.size(); m++) {
                for (int k = 0; k < levels; k++) {
                    int n = steps[m][k];
                    rows.add(new HostDay(ts.node(), ts.metric(), models.get(m).name(), quantiles[k], span, n,
                            violations[m][k], n == 0 ? Double.NaN : pinball[m][k] / n,
                            n == 0 ? Double.NaN : reclaimable[m][k] / n));
                }
            }
        }
        List<Trace> traces = plot
                ? List.of(new Trace(ts, models.stream().map(Forecaster::name).toList(), kept))
                : List.of();
        return new Result(rows, traces, origins);
    }
}
