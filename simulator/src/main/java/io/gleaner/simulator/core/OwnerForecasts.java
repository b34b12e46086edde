package io.gleaner.simulator.core;

import io.gleaner.forecaster.Forecasters;
import io.gleaner.forecaster.core.Forecaster;
import io.gleaner.forecaster.core.ResourceMetric;
import io.gleaner.forecaster.core.SeriesEvent;
import io.gleaner.forecaster.core.SeriesLife;
import io.gleaner.planner.core.CapacityOutlook;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.ToDoubleFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The forecaster stage run in-process for the simulator's planner: the forecast series' life
 * ({@link SeriesLife}, the stage's own core: refits, the miss reaction, staleness, forgetting, spare per Salamander
 * Eq. 1) driven by the utilization the simulator reports each round, over an in-memory {@link OwnerSeriesStore}, and
 * what it issues read as the planner reads the {@code forecasts} topic, as a {@link CapacityOutlook}. Event time
 * only; the same rounds (and warm-up load) give the same answers.
 *
 * <p>What is the driver's (docs/simulator.md):
 * <ul>
 *   <li>Only the owners' use (source REGULAR) of CPU and memory is observed; stream time is the newest sample
 *       observed. After each round the series are marked stale and forgotten as of it.</li>
 *   <li>Spare: from the latest forecast issued, the step that contains the time asked for (a step forecast NaN has
 *       spare 0, as on the topic); empty outside [start, start + horizon), when the series' latest record is a
 *       stale marker, or when it has none.</li>
 * </ul>
 *
 * <p>Warm-up: at the first round with an owners' sample, before recording it, the owners' use before the run
 * ({@link OwnerLoad#history()}, e.g. the trace wrapped around backwards) over the warm-up period before each node's
 * first owner sample (or the first round, if earlier) is observed, one sample per whole step (the time-weighted mean
 * of the owners' step function over the step, clamped to [0, 1] as the nodes report it), with the refits it makes,
 * so that a forecast is in force from the first round. A node the load has no sample of at all has owners that use
 * nothing, before the run too: it gets zeros over the warm-up period before the first round. A node with samples in
 * the run but no history gets no warm-up; its first forecast comes at its first boundary. Without a load (the
 * two-argument constructor) nothing is warmed up.
 *
 * <p>Samples of one series must come in strictly increasing time (the simulator's rounds do).
 */
public final class OwnerForecasts implements CapacityOutlook {

    private static final Logger log = LoggerFactory.getLogger(OwnerForecasts.class);

    private final SeriesLife life;
    private final OwnerForecastSettings settings;
    private final OwnerLoad warmUpLoad;
    private final long stepMs;
    private final OwnerSeriesStore store;
    /** Each series' latest forecast issued, as the {@code forecasts} topic holds it. */
    private final Map<String, SeriesEvent.Issued> latest = new HashMap<>();
    /** The series whose latest record is a stale marker. */
    private final Set<String> stale = new HashSet<>();

    private boolean started;
    private long streamTimeMs = Long.MIN_VALUE;
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
        this.settings = Objects.requireNonNull(settings, "settings");
        this.life = new SeriesLife(forecaster, settings.forecast());
        this.warmUpLoad = owners;
        var forecast = settings.forecast();
        this.stepMs = forecast.step().toMillis();
        this.store = new OwnerSeriesStore(forecast.step(), forecast.maxHold(),
                Math.toIntExact(forecast.window().toMillis() / stepMs),
                Math.toIntExact(forecast.refitPeriod().toMillis() / stepMs));
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
        return life.forecasterName();
    }

    /**
     * Learns one round's samples: the REGULAR ones, CPU and memory, by node; the first call warms up first. Then
     * marks stale and forgets the series as of the newest sample.
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
        if (streamTimeMs != Long.MIN_VALUE) {
            apply(life.markStale(store, streamTimeMs));
            apply(life.forget(store, streamTimeMs));
        }
    }

    @Override
    public OptionalDouble spare(String nodeId, Resource resource, Instant time) {
        var key = key(nodeId, resource == Resource.CPU ? Utilization.Metric.CPU : Utilization.Metric.MEMORY);
        var issued = latest.get(key);
        if (issued == null || stale.contains(key)) {
            return OptionalDouble.empty();
        }
        double spare = issued.spareAt(time.toEpochMilli());
        return Double.isNaN(spare) ? OptionalDouble.empty() : OptionalDouble.of(spare);
    }

    /** The start of the latest forecast issued for {@code nodeId}'s {@code resource}, or empty; staleness aside. */
    public Optional<Instant> forecastStart(String nodeId, Resource resource) {
        var issued = latest.get(key(nodeId, resource == Resource.CPU ? Utilization.Metric.CPU
                : Utilization.Metric.MEMORY));
        return issued == null ? Optional.empty() : Optional.of(issued.forecast().start());
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
        var state = store.state(key);
        if (state != null && timeMs <= state.lastSampleMs()) {
            throw new IllegalArgumentException("owner use of node " + nodeId + " (" + metric + ") at "
                    + Instant.ofEpochMilli(timeMs) + " is not after its previous sample at "
                    + Instant.ofEpochMilli(state.lastSampleMs()));
        }
        streamTimeMs = Math.max(streamTimeMs, timeMs);
        apply(life.observe(store, key, metric(metric), timeMs, value, streamTimeMs));
    }

    /** Reads {@code events} as the planner reads the {@code forecasts} topic. */
    private void apply(List<SeriesEvent> events) {
        for (var event : events) {
            if (event instanceof SeriesEvent.Issued issued) {
                refits++;
                latest.put(issued.key(), issued);
                stale.remove(issued.key());
            } else if (event instanceof SeriesEvent.Stale marker) {
                stale.add(marker.key());
            } else if (event instanceof SeriesEvent.Forgotten gone) {
                latest.remove(gone.key());
                stale.remove(gone.key());
            } else if (event instanceof SeriesEvent.Refused refused) {
                // As in the stage: a learner that fails on some history keeps the series' previous forecast.
                refits++;
                failedRefits++;
                log.warn("{}; the previous forecast stays", refused.reason());
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

    /** The key of a series, as the stage's ({@code nodeId/METRIC}). */
    private static String key(String nodeId, Utilization.Metric metric) {
        return nodeId + '/' + metric.name();
    }

    /** The forecaster's name of {@code metric}. */
    static ResourceMetric metric(Utilization.Metric metric) {
        return metric == Utilization.Metric.CPU ? ResourceMetric.CPU : ResourceMetric.MEMORY;
    }
}
