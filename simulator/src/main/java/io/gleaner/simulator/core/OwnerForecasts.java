package io.gleaner.simulator.core;

import static io.gleaner.forecaster.core.MissReaction.DAY_MS;

import io.gleaner.forecaster.Forecasters;
import io.gleaner.forecaster.core.ForecastRequest;
import io.gleaner.forecaster.core.Forecaster;
import io.gleaner.forecaster.core.MissReaction;
import io.gleaner.forecaster.core.Series;
import io.gleaner.planner.core.CapacityOutlook;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.TreeSet;
import java.util.function.ToDoubleFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The forecaster stage run in-process for the simulator's planner: forecasts of the owners' use of every node's CPU
 * and memory, learnt from the utilization the simulator reports each round, and the spare capacity they leave,
 * A(k,m,t)/C(k,m) = max(0, 1 − (U(k,m,t) + S(m))) of Salamander Eq. 1, as a {@link CapacityOutlook}. Event time
 * only; the same rounds (and warm-up load) give the same answers.
 *
 * <p>The rules are the forecaster stage's (docs/forecaster.md; {@code SampleProcessor}):
 * <ul>
 *   <li>Only the owners' use (source REGULAR) is learnt; EPHEMERAL and TOTAL samples are skipped.</li>
 *   <li>Samples go on the grid (multiples of the step since the epoch) by the stage's rule,
 *       {@link io.gleaner.forecaster.core.GridResampler}: a step's mean, else the latest earlier sample held for at
 *       most the max hold, else NaN for the learner. A series keeps the max hold, the window and one refit period
 *       of steps.</li>
 *   <li>Refit: a series' first sample at t sets its next boundary to the first multiple of the refit period after
 *       t; a sample at or after that boundary makes a refit due at b, the last boundary at or before the sample,
 *       from the steps in [b − window, b); the forecast starts at b. A refit that is due is run when the forecast is
 *       first read ({@link #spare}, {@link #forecastStart}): it reads only steps before b, which no later sample can
 *       change, so running it late gives the same forecast, and policies that never read the outlook cost no
 *       refit. A learner that throws leaves the previous forecast in force (logged).</li>
 *   <li>Staleness: a node's series is stale, and {@link #spare} empty, while its newest sample is at least the
 *       staleness bound behind the newest sample of any series. A sample that ends such a silence drops the
 *       series' forecast (the stage's stale record replaces it); the next comes at the next boundary.</li>
 *   <li>Misses, when the settings' forecast has a {@link MissReaction}: as in the stage, a sample above the forecast
 *       in force at its step makes the series refit at the end of that step, with the escalation per miss of the
 *       last day, and the whole capacity once they reach the budget, until the oldest is a day old; a sample that
 *       finds such a reserved forecast with fewer misses than the budget left in the day refits at the start of its
 *       step. Checking each sample needs the forecast in force, so with a reaction every refit runs when it falls
 *       due, read or not.</li>
 *   <li>Spare: from the latest forecast, the step that contains the time asked for; empty outside
 *       [start, start + horizon), when the forecast of that step is NaN (the learner had nothing to go on; the
 *       stage publishes spare 0 there), when stale, or when there is no forecast; capped to [0, 1].</li>
 * </ul>
 *
 * <p>Warm-up: at the first round with an owners' sample, before recording it, the owners' use before the run
 * ({@link OwnerLoad#history()}, e.g. the trace wrapped around backwards) over the warm-up period before each node's
 * first owner sample (or the first round, if earlier) is put in the history, one sample per whole step (the
 * time-weighted mean of the owners' step function over the step, clamped to [0, 1] as the nodes report it), with
 * the refits it would have made, so that a forecast is in force from the first round. A node the load has no
 * sample of at all has owners that use nothing, before the run too: it gets zeros over the warm-up period before the
 * first round. A node with samples in the run but no history gets no warm-up; its first forecast comes at its first
 * boundary. Without a load (the two-argument constructor) nothing is warmed up.
 *
 * <p>Samples of one series must come in strictly increasing time (the simulator's rounds do).
 */
public final class OwnerForecasts implements CapacityOutlook {

    private static final Logger log = LoggerFactory.getLogger(OwnerForecasts.class);

    private final Forecaster forecaster;
    private final OwnerForecastSettings settings;
    private final OwnerLoad warmUpLoad;
    private final ForecastRequest request;
    private final long stepMs;
    private final long refitMs;
    private final long stalenessMs;
    private final int windowSteps;
    private final Optional<MissReaction> reaction;
    private final int missBudget;
    private final Map<String, OwnerSeries[]> byNode = new HashMap<>();

    private boolean started;
    private long now = Long.MIN_VALUE;
    private long refits;
    private long failedRefits;

    /** Forecasts learnt from the rounds only: no warm-up. */
    public OwnerForecasts(Forecaster forecaster, OwnerForecastSettings settings) {
        this(forecaster, settings, null);
    }

    /**
     * Forecasts that warm up on {@code owners}' history before the first round (when the settings' warm-up is not
     * 0).
     *
     * @param owners the owners' load of the run, the same the simulation runs on
     */
    public OwnerForecasts(Forecaster forecaster, OwnerForecastSettings settings, OwnerLoad owners) {
        this.forecaster = Objects.requireNonNull(forecaster, "forecaster");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.warmUpLoad = owners;
        var forecast = settings.forecast();
        this.request = new ForecastRequest(forecast.horizon(), new double[] {forecast.quantile()});
        this.stepMs = forecast.step().toMillis();
        this.refitMs = forecast.refitPeriod().toMillis();
        this.stalenessMs = forecast.staleness().toMillis();
        this.windowSteps = Math.toIntExact(forecast.window().toMillis() / stepMs);
        this.reaction = forecast.reaction();
        this.missBudget = forecast.missBudget();
    }

    /**
     * The default learner: the forecaster stage's, {@link Forecasters#standard()} ({@code qr|sq+h}), so that a
     * policy sees in-process the forecasts it would read from {@code forecasts} through Kafka.
     */
    public static Forecaster defaultForecaster() {
        return Forecasters.standard();
    }

    /** Default settings and learner, warmed up on {@code owners}' history. */
    public static OwnerForecasts of(OwnerLoad owners) {
        return new OwnerForecasts(defaultForecaster(), OwnerForecastSettings.defaults(), owners);
    }

    /** Default settings and learner, without warm-up. */
    public static OwnerForecasts withoutWarmUp() {
        return new OwnerForecasts(defaultForecaster(), OwnerForecastSettings.defaults());
    }

    /** The settings. */
    public OwnerForecastSettings settings() {
        return settings;
    }

    /** The learner's name, e.g. {@code qr|sq+h}. */
    public String forecasterName() {
        return forecaster.name();
    }

    /**
     * Learns one round's samples: the REGULAR ones, CPU and memory, by node; the first call warms up first.
     *
     * @throws IllegalArgumentException if a sample is not after the previous one of its node and metric
     */
    public void observe(List<Utilization> samples) {
        Objects.requireNonNull(samples, "samples");
        if (!started) {
            var first = samples.stream().filter(s -> s.source() == Utilization.Source.REGULAR)
                    .map(Utilization::time).min(Instant::compareTo);
            if (first.isPresent()) {
                started = true;
                warmUp(samples, first.get().toEpochMilli());
            }
        }
        for (var sample : samples) {
            if (sample.source() == Utilization.Source.REGULAR) {
                record(sample.nodeId(), sample.metric(), sample.time().toEpochMilli(), sample.value());
            }
        }
    }

    @Override
    public OptionalDouble spare(String nodeId, Resource resource, Instant time) {
        var metric = metric(resource);
        var series = series(nodeId, metric);
        if (series == null || now - series.lastSampleMs() >= stalenessMs) {
            return OptionalDouble.empty();
        }
        refitIfDue(nodeId, metric, series);
        double use = forecastAt(series, time.toEpochMilli());
        if (Double.isNaN(use)) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.of(Math.min(1.0, Math.max(0.0, 1.0 - (use + settings.margin(metric)))));
    }

    /**
     * The start of the forecast in force for {@code nodeId}'s {@code resource} (running a refit that is due), or
     * empty when there is none; staleness aside.
     */
    public Optional<Instant> forecastStart(String nodeId, Resource resource) {
        var metric = metric(resource);
        var series = series(nodeId, metric);
        if (series == null) {
            return Optional.empty();
        }
        refitIfDue(nodeId, metric, series);
        return series.forecast == null ? Optional.empty() : Optional.of(Instant.ofEpochMilli(series.forecastStartMs));
    }

    /** Refits run so far (each one series at one boundary), failed ones included. */
    public long refits() {
        return refits;
    }

    /** Refits whose learner threw, leaving the previous forecast in force. */
    public long failedRefits() {
        return failedRefits;
    }

    private void record(String nodeId, Utilization.Metric metric, long timeMs, double value) {
        var series = byNode.computeIfAbsent(nodeId, node -> new OwnerSeries[Utilization.Metric.values().length]);
        var one = series[metric.ordinal()];
        if (one == null) {
            one = new OwnerSeries(settings.forecast().step(), settings.forecast().maxHold(), windowSteps,
                    Math.toIntExact(refitMs / stepMs));
            series[metric.ordinal()] = one;
        }
        if (one.isEmpty()) {
            one.nextRefitMs = floor(timeMs) + refitMs;
        } else {
            if (timeMs <= one.lastSampleMs()) {
                throw new IllegalArgumentException("owner use of node " + nodeId + " (" + metric + ") at "
                        + Instant.ofEpochMilli(timeMs) + " is not after its previous sample at "
                        + Instant.ofEpochMilli(one.lastSampleMs()));
            }
            if (timeMs - one.lastSampleMs() >= stalenessMs) {
                // The series went stale in the silence: the stage's stale record replaced its forecast.
                one.forecast = null;
                one.dueRefitMs = Long.MIN_VALUE;
            }
            if (timeMs >= one.nextRefitMs) {
                one.dueRefitMs = floor(timeMs);
                one.nextRefitMs = one.dueRefitMs + refitMs;
            }
        }
        one.add(timeMs, value);
        now = Math.max(now, timeMs);
        if (reaction.isPresent()) {
            react(nodeId, metric, one, timeMs, value);
        }
    }

    /** The reaction to the sample at {@code timeMs} (class documentation), with the forecast in force brought up. */
    private void react(String nodeId, Utilization.Metric metric, OwnerSeries series, long timeMs, double value) {
        refitIfDue(nodeId, metric, series);
        long stepStart = Math.floorDiv(timeMs, stepMs) * stepMs;
        // Misses are counted by step, as the stage counts them: a miss is at the start of its step.
        if (MissReaction.recovers(series.reserved, series.misses, stepStart, DAY_MS, missBudget)) {
            series.dueRefitMs = stepStart;
            refitIfDue(nodeId, metric, series);
        }
        double forecast = forecastAt(series, timeMs);
        if (Double.isNaN(forecast) || value <= forecast) {
            return;
        }
        series.misses = series.misses.plus(stepStart, DAY_MS);
        long boundary = stepStart + stepMs;
        series.dueRefitMs = boundary;
        refitIfDue(nodeId, metric, series);
        if (boundary >= series.nextRefitMs) {
            series.nextRefitMs = floor(boundary) + refitMs;
        }
    }

    /** The forecast use of the step that holds {@code timeMs}, or NaN outside the forecast or without one. */
    private double forecastAt(OwnerSeries series, long timeMs) {
        if (series.forecast == null) {
            return Double.NaN;
        }
        long offset = timeMs - series.forecastStartMs;
        return offset < 0 || offset / stepMs >= series.forecast.length ? Double.NaN
                : series.forecast[(int) (offset / stepMs)];
    }

    private void refitIfDue(String nodeId, Utilization.Metric metric, OwnerSeries series) {
        long boundary = series.dueRefitMs;
        if (boundary == Long.MIN_VALUE) {
            return;
        }
        series.dueRefitMs = Long.MIN_VALUE;
        refits++;
        var history = new Series(Instant.ofEpochMilli(boundary - windowSteps * stepMs), settings.forecast().step(),
                series.window(boundary, windowSteps));
        try {
            var forecast = forecaster.forecast(history, request);
            series.forecast = forecast.values()[0];
            series.forecastStartMs = forecast.start().toEpochMilli();
            if (reaction.isPresent()) {
                var issued = reaction.get().issue(series.forecast, series.misses, boundary, DAY_MS, missBudget);
                series.forecast = issued.values();
                series.misses = issued.misses();
                series.reserved = issued.reserved();
            }
            log.debug("refit {}/{} at {} with {}", nodeId, metric, history.end(), forecaster.name());
        } catch (RuntimeException e) {
            // As in the stage: a learner that fails on some history keeps the series' previous forecast.
            failedRefits++;
            log.warn("forecaster {} failed to refit {}/{} at {}; the previous forecast stays: {}", forecaster.name(),
                    nodeId, metric, history.end(), e.toString());
        }
    }

    /**
     * Puts the warm-up period of each node's history in, before the first round at {@code firstRoundMs}; the rules
     * are in the class documentation.
     */
    private void warmUp(List<Utilization> firstRound, long firstRoundMs) {
        if (warmUpLoad == null || settings.warmUp().isZero()) {
            return;
        }
        long warmUpMs = settings.warmUp().toMillis();
        var nodes = new TreeSet<String>(warmUpLoad.history().keySet());
        firstRound.forEach(sample -> nodes.add(sample.nodeId()));
        int seeded = 0;
        int zeros = 0;
        for (var node : nodes) {
            var history = warmUpLoad.historyOf(node);
            var run = warmUpLoad.of(node);
            if (history.isEmpty() && run.isEmpty()) {
                // No samples at all: these owners use nothing, before the run too.
                history = List.of(new OwnerSample(Instant.ofEpochMilli(firstRoundMs - warmUpMs), 0, 0));
                zeros++;
            } else if (history.isEmpty()) {
                continue;
            } else {
                seeded++;
            }
            // The history ends at the node's first owner sample, or at the first round if that comes first.
            long endMs = run.isEmpty() ? firstRoundMs : Math.min(firstRoundMs, run.get(0).time().toEpochMilli());
            stepMeans(node, history, endMs - warmUpMs, endMs);
        }
        log.info("owner forecasts warmed up on {} of history before {}: {} nodes from the owners' history, {} with "
                + "no owners (zeros)", settings.warmUp(), Instant.ofEpochMilli(firstRoundMs), seeded, zeros);
    }

    /**
     * Records, for each whole step [a, a + step) with a in [fromMs, endMs − step], the time-weighted mean of the
     * step function of {@code samples} (each holds until the next, the last until {@code endMs}) over the part of the
     * step at or after the first sample, at time a; CPU and memory, each clamped to [0, 1].
     */
    private void stepMeans(String node, List<OwnerSample> samples, long fromMs, long endMs) {
        long firstSampleMs = samples.get(0).time().toEpochMilli();
        long start = Math.floorDiv(Math.max(fromMs, firstSampleMs), stepMs) * stepMs;
        if (start < fromMs) {
            start += stepMs;
        }
        int index = 0;
        for (long a = start; a + stepMs <= endMs; a += stepMs) {
            long low = Math.max(a, firstSampleMs);
            long high = a + stepMs;
            while (index + 1 < samples.size() && samples.get(index + 1).time().toEpochMilli() <= low) {
                index++;
            }
            record(node, Utilization.Metric.CPU, a, mean(samples, index, low, high, OwnerSample::cpu));
            record(node, Utilization.Metric.MEMORY, a, mean(samples, index, low, high, OwnerSample::memory));
        }
    }

    /** The time-weighted mean over [low, high) of the step function from sample {@code index} on (in force at low). */
    private static double mean(List<OwnerSample> samples, int index, long low, long high,
                               ToDoubleFunction<OwnerSample> use) {
        double area = 0;
        long t = low;
        int i = index;
        while (t < high) {
            long next = i + 1 < samples.size() ? Math.min(high, samples.get(i + 1).time().toEpochMilli()) : high;
            area += clamp(use.applyAsDouble(samples.get(i))) * (next - t);
            t = next;
            if (t < high) {
                i++;
            }
        }
        return area / (high - low);
    }

    private static double clamp(double share) {
        return Math.min(1.0, Math.max(0.0, share));
    }

    private OwnerSeries series(String nodeId, Utilization.Metric metric) {
        var series = byNode.get(nodeId);
        return series == null ? null : series[metric.ordinal()];
    }

    /** The last refit boundary at or before {@code timeMs}. */
    private long floor(long timeMs) {
        return Math.floorDiv(timeMs, refitMs) * refitMs;
    }

    private static Utilization.Metric metric(Resource resource) {
        return resource == Resource.CPU ? Utilization.Metric.CPU : Utilization.Metric.MEMORY;
    }
}
