package io.gleaner.evaluators.forecasts;

import io.gleaner.forecaster.core.ForecastRequest;
import io.gleaner.forecaster.core.Forecaster;
import io.gleaner.forecaster.core.MissReaction;
import io.gleaner.forecaster.core.Pinball;
import io.gleaner.forecaster.core.RecentMisses;
import io.gleaner.forecaster.core.ResourceMetric;
import io.gleaner.forecaster.core.Series;
import io.gleaner.forecaster.core.SeriesWindows;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
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
 * <p>With a {@link MissReaction}, a forecast is also replaced at the step after each of its misses, and at the step
 * whose misses of the last day fall below the budget again, as the stage does when it reacts to misses; the misses
 * are counted per model and level, over host-days. Two models never react: a {@link DayOracle}, a bound, and the
 * baseline {@value Summary#REFERENCE} that the ratios are taken to, which stays the baseline the goals name
 * ({@code max-24h+0}, the same learner, reacts).
 *
 * @param models     the forecasters, in table order
 * @param quantiles  levels in (0, 1)
 * @param horizon    steps per forecast, and per host-day
 * @param refitSteps steps between origins, each forecast scored on that many steps; divides {@code horizon}
 * @param trainDays  days of history given to a model at most
 * @param burnInDays days before the first origin
 * @param margin     the safety margin subtracted from the spare capacity, in [0, 1)
 * @param plotted    keys ({@link TraceSeries#key()}) whose forecasts are kept for the plots
 * @param reaction   how forecasts react to their misses, or empty for forecasts replaced only at the origins
 */
public record WalkForward(List<Forecaster> models, double[] quantiles, int horizon, int refitSteps, int trainDays,
                          int burnInDays, double margin, Set<String> plotted, Optional<MissReaction> reaction) {

    public WalkForward {
        models = List.copyOf(models);
        quantiles = quantiles.clone();
        plotted = Set.copyOf(plotted);
        Objects.requireNonNull(reaction, "reaction");
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

    /** Forecasts replaced at the origins only. */
    public WalkForward(List<Forecaster> models, double[] quantiles, int horizon, int refitSteps, int trainDays,
                       int burnInDays, double margin, Set<String> plotted) {
        this(models, quantiles, horizon, refitSteps, trainDays, burnInDays, margin, plotted, Optional.empty());
    }

    /** One forecast per horizon, scored whole. */
    public WalkForward(List<Forecaster> models, double[] quantiles, int horizon, int trainDays, int burnInDays,
                       double margin, Set<String> plotted) {
        this(models, quantiles, horizon, horizon, trainDays, burnInDays, margin, plotted);
    }

    /** This evaluation with forecasts that react to their misses. */
    public WalkForward withReaction(MissReaction value) {
        return new WalkForward(models, quantiles, horizon, refitSteps, trainDays, burnInDays, margin, plotted,
                Optional.of(value));
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
        var inForce = new InForce[models.size()][levels];
        for (var row : inForce) {
            for (int k = 0; k < levels; k++) {
                row[k] = new InForce(MissReaction.budget(quantiles[k], day));
            }
        }
        for (int span = burnInDays * day; span + horizon <= v.length; span += horizon) {
            int[][] steps = new int[models.size()][levels];
            int[][] violations = new int[models.size()][levels];
            double[][] pinball = new double[models.size()][levels];
            double[][] reclaimable = new double[models.size()][levels];
            for (int t = span; t < span + horizon; t++) {
                boolean scheduled = (t - span) % refitSteps == 0;
                if (scheduled) {
                    origins++;
                }
                for (int m = 0; m < models.size(); m++) {
                    refitWhereDue(m, inForce[m], v, series, t, scheduled, day, request);
                    for (int k = 0; k < levels; k++) {
                        var state = inForce[m][k];
                        double f = state.values[t - state.issuedAt];
                        double actual = v[t];
                        if (plot) {
                            kept[m][k][t] = f;
                        }
                        if (Double.isNaN(actual) || Double.isNaN(f)) {
                            continue;
                        }
                        steps[m][k]++;
                        if (actual > f) {
                            violations[m][k]++;
                            if (reacts(models.get(m))) {
                                state.misses = state.misses.plus(t, day);
                                state.due = true;
                            }
                        }
                        pinball[m][k] += Pinball.loss(quantiles[k], actual, f);
                        reclaimable[m][k] += Math.max(0, 1 - f - margin);
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

    /**
     * Gives model {@code m}'s levels a new forecast at step {@code t} where one is due: every level at a scheduled
     * origin; with a {@link MissReaction}, a level that missed at the step before, or whose misses of the last day
     * fell below the budget since its forecast reserved the whole capacity. One forecast serves every level refit.
     */
    private void refitWhereDue(int m, InForce[] levels, double[] v, Series series, int t, boolean scheduled, int day,
                               ForecastRequest request) {
        var model = models.get(m);
        double[][] fresh = null;
        for (int k = 0; k < levels.length; k++) {
            var state = levels[k];
            boolean due = scheduled || reaction.isPresent()
                    && (state.due || MissReaction.recovers(state.reserved, state.misses, t, day, state.budget));
            if (!due) {
                continue;
            }
            if (fresh == null) {
                if (model instanceof DayOracle) {
                    fresh = DayOracle.bound(Arrays.copyOfRange(v, t, t + refitSteps), quantiles);
                } else {
                    int from = Math.max(0, t - trainDays * day);
                    var history = new Series(series.time(from), series.step(), Arrays.copyOfRange(v, from, t));
                    fresh = model.forecast(history, request).values();
                }
            }
            if (reacts(model)) {
                var issued = reaction.get().issue(fresh[k], state.misses, t, day, state.budget);
                state.values = issued.values();
                state.misses = issued.misses();
                state.reserved = issued.reserved();
            } else {
                state.values = fresh[k];
            }
            state.issuedAt = t;
            state.due = false;
        }
    }

    /** Whether {@code model}'s forecasts react to their misses. */
    private boolean reacts(Forecaster model) {
        return reaction.isPresent() && !(model instanceof DayOracle) && !model.name().equals(Summary.REFERENCE);
    }

    /** One model's forecast in force at one level, and its misses. */
    private static final class InForce {
        final int budget;
        double[] values;
        int issuedAt;
        RecentMisses misses = RecentMisses.NONE;
        boolean reserved;
        boolean due;

        InForce(int budget) {
            this.budget = budget;
        }
    }
}
