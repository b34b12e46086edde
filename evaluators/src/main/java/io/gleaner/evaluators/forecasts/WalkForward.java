package io.gleaner.evaluators.forecasts;

import io.gleaner.forecaster.core.ForecastInForce;
import io.gleaner.forecaster.core.ForecastRequest;
import io.gleaner.forecaster.core.ForecastSettings;
import io.gleaner.forecaster.core.Forecaster;
import io.gleaner.forecaster.core.GridResampler;
import io.gleaner.forecaster.core.MissReaction;
import io.gleaner.forecaster.core.Pinball;
import io.gleaner.forecaster.core.ResourceMetric;
import io.gleaner.forecaster.core.Series;
import io.gleaner.forecaster.core.SeriesEvent;
import io.gleaner.forecaster.core.SeriesLife;
import io.gleaner.forecaster.core.SeriesState;
import io.gleaner.forecaster.core.SeriesStore;
import io.gleaner.forecaster.core.SeriesWindows;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.IntStream;

/**
 * Walk-forward evaluation: each model's forecasts of every series live the stage's life ({@link SeriesLife}, the
 * forecaster's core): the series' steps are observed in time order, and a forecast is refit at each multiple of the
 * refit period since the epoch (the origins), from the last {@code trainDays} before it (the past only), for the
 * series' metric ({@link TraceSeries#metric()}), and is in force until the next one replaces it. The refit period is
 * the horizon by default: one forecast per horizon, scored whole. From the end of the burn-in, the scores of the
 * forecasts of one horizon-long span are added up into one row, a <em>host-day</em> with the default 24 h horizon.
 *
 * <p>Scores per host-day, model and level, over the steps where both the use and the forecast are known: the
 * violations (use above the forecast), the pinball loss and the reclaimable capacity, the spare capacity of
 * Salamander Eq. 1 with the margin ({@link SeriesEvent#spare}). A {@link DayOracle} among the models is the exception
 * that sees the use of the refit period it is scored on (it is a bound, not a model, and lives no life). Series are
 * evaluated in parallel and the rows come out in series order, so runs repeat exactly.
 *
 * <p>With a {@link MissReaction}, forecasts react to their misses as the stage's do (the life's rules): a forecast is
 * also replaced at the step after each of its misses, and at the step whose misses of the last day fall below the
 * budget again. Two models never react: a {@link DayOracle}, a bound, and the baseline {@value Summary#REFERENCE}
 * that the ratios are taken to, which stays the baseline the goals name ({@code max-24h+0}, the same learner, reacts).
 * The stage's default ({@link StageDefault}) reacts as the stage does by default, with or without this reaction.
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
        var metric = ResourceMetric.of(ts.metric());
        boolean plot = plotted.contains(ts.key());
        double[][][] kept = plot ? new double[models.size()][quantiles.length][v.length] : null;
        if (plot) {
            for (double[][] m : kept) {
                for (double[] q : m) {
                    Arrays.fill(q, Double.NaN);
                }
            }
        }
        int levels = quantiles.length;
        long refitMs = series.step().toMillis() * refitSteps;
        var lives = new TraceLife[models.size()][levels];
        var oracles = new double[models.size()][][];
        var oracleFrom = new int[models.size()];
        for (int m = 0; m < models.size(); m++) {
            var model = models.get(m);
            if (!(model instanceof DayOracle)) {
                for (int k = 0; k < levels; k++) {
                    lives[m][k] = new TraceLife(new SeriesLife(model, settings(series, day, quantiles[k],
                            reactionOf(model))), ts.key(), metric, series);
                }
            }
        }
        int first = burnInDays * day;
        for (int t = 0; t < Math.min(first, v.length); t++) {
            for (var row : lives) {
                for (var life : row) {
                    if (life != null) {
                        life.step(t);
                    }
                }
            }
        }
        List<HostDay> rows = new ArrayList<>();
        int origins = 0;
        for (int span = first; span + horizon <= v.length; span += horizon) {
            int[][] steps = new int[models.size()][levels];
            int[][] violations = new int[models.size()][levels];
            double[][] pinball = new double[models.size()][levels];
            double[][] reclaimable = new double[models.size()][levels];
            for (int t = span; t < span + horizon; t++) {
                long time = series.time(t).toEpochMilli();
                boolean scheduled = Math.floorMod(time, refitMs) == 0;
                if (scheduled) {
                    origins++;
                }
                for (int m = 0; m < models.size(); m++) {
                    if (models.get(m) instanceof DayOracle && (scheduled || oracles[m] == null)) {
                        // The bound sees the use of the refit period it is scored on.
                        oracles[m] = DayOracle.bound(Arrays.copyOfRange(v, t, t + refitSteps), quantiles);
                        oracleFrom[m] = t;
                    }
                    for (int k = 0; k < levels; k++) {
                        var life = lives[m][k];
                        double f = life != null ? life.step(t) : oracles[m][k][t - oracleFrom[m]];
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
                        }
                        pinball[m][k] += Pinball.loss(quantiles[k], actual, f);
                        reclaimable[m][k] += SeriesEvent.spare(new double[] {f}, margin)[0];
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
     * The settings of one level's life: the stage's rules over the trace's grid, which is already resampled (no max
     * hold on top of it), with the evaluation's window, refit period, horizon and margin.
     */
    private ForecastSettings settings(Series series, int day, double quantile, Optional<MissReaction> reacting) {
        var step = series.step();
        var margins = new EnumMap<ResourceMetric, Double>(ResourceMetric.class);
        for (var metric : ResourceMetric.values()) {
            margins.put(metric, margin);
        }
        return new ForecastSettings(step.multipliedBy((long) trainDays * day), step.multipliedBy(refitSteps), step,
                Duration.ZERO, horizon, quantile, ForecastSettings.DEFAULT_STALENESS, margins, reacting);
    }

    /** How {@code model}'s forecasts react to their misses: the stage's default its own, the others this run's. */
    private Optional<MissReaction> reactionOf(Forecaster model) {
        if (model instanceof StageDefault stageDefault) {
            return stageDefault.reaction();
        }
        return model instanceof DayOracle || model.name().equals(Summary.REFERENCE) ? Optional.empty() : reaction;
    }

    /**
     * One model's forecasts at one level over a trace: the stage's life of a series ({@link SeriesLife}) fed the
     * trace's steps in time order, and the forecast in force at each. A trace is one series, whose stream time is its
     * own newest sample: it never goes stale, and a gap is NaN steps in the learner's window.
     */
    private static final class TraceLife implements SeriesStore {
        private final SeriesLife life;
        private final String key;
        private final ResourceMetric metric;
        private final Series series;
        private final long startMs;
        private final long stepMs;
        private SeriesState state;
        private ForecastInForce inForce;
        private SeriesEvent.Issued current;
        /** A forecast issued at the end of a step that missed, in force from the next step. */
        private SeriesEvent.Issued next;

        TraceLife(SeriesLife life, String key, ResourceMetric metric, Series series) {
            this.life = life;
            this.key = key;
            this.metric = metric;
            this.series = series;
            this.startMs = series.start().toEpochMilli();
            this.stepMs = series.step().toMillis();
        }

        /** Observes step {@code t} (unless it is a gap) and returns the forecast in force at it, or NaN. */
        double step(int t) {
            long time = startMs + t * stepMs;
            if (next != null && next.issuedAt() <= time) {
                current = next;
                next = null;
            }
            double value = series.values()[t];
            if (!Double.isNaN(value)) {
                for (var event : life.observe(this, key, metric, time, value, time)) {
                    if (event instanceof SeriesEvent.Issued issued) {
                        if (issued.issuedAt() <= time) {
                            current = issued;
                        } else {
                            next = issued;
                        }
                    } else if (event instanceof SeriesEvent.Refused refused) {
                        throw new IllegalStateException(refused.reason());
                    }
                }
            }
            return current == null ? Double.NaN : current.utilizationAt(time);
        }

        @Override
        public SeriesState state(String ignored) {
            return state;
        }

        @Override
        public void put(String ignored, SeriesState value) {
            state = value;
        }

        @Override
        public void advance(String ignored, SeriesState value) {
            state = value;
        }

        @Override
        public List<String> fresh() {
            return state != null && !state.stale() ? List.of(key) : List.of();
        }

        @Override
        public List<String> stale() {
            return state != null && state.stale() ? List.of(key) : List.of();
        }

        @Override
        public void delete(String ignored) {
            state = null;
            inForce = null;
        }

        @Override
        public void addSample(String ignored, long timeMs, double value) {
            // The trace holds every step already; a refit reads only steps before its boundary, all observed.
        }

        @Override
        public void samples(String ignored, long fromMs, long toMs, GridResampler grid) {
            double[] values = series.values();
            int from = (int) Math.max(0, Math.floorDiv(fromMs - startMs + stepMs - 1, stepMs));
            int to = (int) Math.min(values.length - 1, Math.floorDiv(toMs - startMs, stepMs));
            for (int i = from; i <= to; i++) {
                if (!Double.isNaN(values[i])) {
                    grid.add(startMs + i * stepMs, values[i]);
                }
            }
        }

        @Override
        public ForecastInForce inForce(String ignored) {
            return inForce;
        }

        @Override
        public void putInForce(String ignored, ForecastInForce value) {
            inForce = value;
        }
    }
}
