package io.gleaner.simulator.core;

import io.gleaner.forecaster.Forecasters;
import io.gleaner.forecaster.core.Forecaster;
import io.gleaner.forecaster.core.ResourceMetric;
import io.gleaner.forecaster.core.SeriesEvent;
import io.gleaner.forecaster.core.SeriesLifeCycle;
import io.gleaner.forecaster.core.SpareFraction;
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
 * <p>The series life cycle is the forecaster stage's own ({@link SeriesLifeCycle}, docs/forecaster.md), over the
 * samples kept in memory ({@link OwnerSeriesStore}); this class drives it from the rounds:
 * <ul>
 *   <li>Only the owners' use (source REGULAR) is learnt; EPHEMERAL and TOTAL samples are skipped.</li>
 *   <li>Stream time is the newest sample of any series; after each round the life cycle marks the series silent for
 *       the staleness bound stale (the stage's stale record: no spare) and forgets those gone longer than the
 *       window and the max hold.</li>
 *   <li>Without a reaction to misses, a refit that falls due is run when the forecast is first read ({@link #spare},
 *       {@link #forecastStart}): it reads only steps before its boundary, which no later round can change, so running
 *       it late gives the same forecast, and policies that never read the outlook cost no refit. With a reaction
 *       every refit runs when it falls due. A learner that throws leaves the previous forecast in force (logged).</li>
 *   <li>Spare: from the latest forecast, the step that contains the time asked for, by the rule of the
 *       {@code forecasts} topic ({@link SpareFraction}: a step forecast NaN has spare 0); empty outside
 *       [start, start + horizon), when stale, or when there is no forecast.</li>
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

    /** The latest forecast of a series: use U per step from {@code startMs}. */
    private record Latest(long startMs, double[] use) {
    }

    private final OwnerForecastSettings settings;
    private final OwnerLoad warmUpLoad;
    private final OwnerSeriesStore store;
    private final SeriesLifeCycle lifeCycle;
    private final long stepMs;
    private final Map<String, Latest> latest = new HashMap<>();
    private final Map<String, SeriesEvent.RefitDue> due = new HashMap<>();

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
        Objects.requireNonNull(forecaster, "forecaster");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.warmUpLoad = owners;
        var lifeCycleSettings = settings.forecast().lifeCycle();
        this.store = new OwnerSeriesStore(lifeCycleSettings);
        this.lifeCycle = new SeriesLifeCycle(forecaster, lifeCycleSettings, store,
                lifeCycleSettings.reaction().isEmpty());
        this.stepMs = lifeCycleSettings.step().toMillis();
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
        return lifeCycle.forecaster().name();
    }

    /**
     * Learns one round's samples: the REGULAR ones, CPU and memory, by node; the first call warms up first. Then the
     * series silent for the staleness bound are stale, and those gone for the window forgotten.
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
        if (started) {
            apply(lifeCycle.markStale(now));
            apply(lifeCycle.forget(now));
        }
    }

    @Override
    public OptionalDouble spare(String nodeId, Resource resource, Instant time) {
        var metric = metric(resource);
        var key = key(nodeId, metric);
        var state = store.state(key);
        if (state == null || state.stale()) {
            return OptionalDouble.empty();
        }
        runDueRefit(key);
        var forecast = latest.get(key);
        if (forecast == null) {
            return OptionalDouble.empty();
        }
        long index = Math.floorDiv(time.toEpochMilli() - forecast.startMs(), stepMs);
        if (index < 0 || index >= forecast.use().length) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.of(SpareFraction.of(forecast.use()[(int) index], settings.margin(metric)));
    }

    /**
     * The start of the forecast in force for {@code nodeId}'s {@code resource} (running a refit that is due), or
     * empty when there is none; staleness aside.
     */
    public Optional<Instant> forecastStart(String nodeId, Resource resource) {
        var key = key(nodeId, metric(resource));
        runDueRefit(key);
        return Optional.ofNullable(latest.get(key)).map(forecast -> Instant.ofEpochMilli(forecast.startMs()));
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
        var key = key(nodeId, metric);
        long last = store.lastSampleMs(key);
        if (last != Long.MIN_VALUE && timeMs <= last) {
            throw new IllegalArgumentException("owner use of node " + nodeId + " (" + metric + ") at "
                    + Instant.ofEpochMilli(timeMs) + " is not after its previous sample at "
                    + Instant.ofEpochMilli(last));
        }
        now = Math.max(now, timeMs);
        apply(lifeCycle.observe(key, metric == Utilization.Metric.CPU ? ResourceMetric.CPU : ResourceMetric.MEMORY,
                timeMs, value, now));
    }

    private void runDueRefit(String key) {
        var refit = due.remove(key);
        if (refit != null) {
            apply(List.of(lifeCycle.refit(refit.key(), refit.metric(), refit.timeMs())));
        }
    }

    /** Keeps what the life cycle issued: the latest forecast of each series, and the refits left to run. */
    private void apply(List<SeriesEvent> events) {
        for (var event : events) {
            if (event instanceof SeriesEvent.Fresh fresh) {
                refits++;
                latest.put(event.key(), new Latest(event.timeMs(), fresh.forecast().values()[0]));
                log.debug("refit {} at {} with {}", event.key(), Instant.ofEpochMilli(event.timeMs()),
                        forecasterName());
            } else if (event instanceof SeriesEvent.RefitDue refit) {
                due.put(event.key(), refit);
            } else if (event instanceof SeriesEvent.RefitFailed failed) {
                // As in the stage: a learner that fails on some history keeps the series' previous forecast.
                refits++;
                failedRefits++;
                log.warn("forecaster {} failed to refit {} at {}; the previous forecast stays: {}", forecasterName(),
                        event.key(), Instant.ofEpochMilli(event.timeMs()), failed.error().toString());
            } else if (event instanceof SeriesEvent.Stale || event instanceof SeriesEvent.Forgotten) {
                // The stage's stale record, or its tombstone, replaces the series' forecast.
                latest.remove(event.key());
                due.remove(event.key());
            } else if (event instanceof SeriesEvent.Refused refused) {
                log.warn("owner use {} at {} refused: {}", event.key(), Instant.ofEpochMilli(event.timeMs()),
                        refused.reason());
            }
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

    /** The series key, as the stage spells it ({@code nodeId/METRIC}). */
    private static String key(String nodeId, Utilization.Metric metric) {
        return nodeId + "/" + metric.name();
    }

    private static Utilization.Metric metric(Resource resource) {
        return resource == Resource.CPU ? Utilization.Metric.CPU : Utilization.Metric.MEMORY;
    }
}
