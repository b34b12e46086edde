package io.gleaner.simulator.core;

import io.gleaner.forecaster.Forecasters;
import io.gleaner.forecaster.core.Forecaster;
import io.gleaner.forecaster.core.ResourceMetric;
import io.gleaner.forecaster.core.SeriesEvent;
import io.gleaner.forecaster.core.SeriesLife;
import io.gleaner.planner.core.CapacityOutlook;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
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
 *   <li>Learning on read ({@link SeriesLife#learningOnRead}): a forecast's learner runs when it is first read
 *       ({@link #spare}, {@link #forecastStart}), from the history taken at its boundary, so it is the forecast the
 *       stage publishes, and policies that never read the outlook cost no refit; with a miss reaction it runs at
 *       once. A learner that throws leaves the previous forecast in force (logged).</li>
 *   <li>Spare: from the latest forecast issued, the step that contains the time asked for (a step forecast NaN has
 *       spare 0, as on the topic); empty outside [start, start + horizon), when the series' latest record is a
 *       stale marker, or when it has none.</li>
 * </ul>
 *
 * <p>Warm-up: at the first round with an owners' sample, before observing it, the owners' use before the run over
 * the warm-up period is observed ({@link OwnerLoad#historyUse()}: the samples the lockstep sends the forecaster stage
 * through Kafka), with the refits it makes, so that a forecast is in force from the first round; the life resamples
 * them by its rules, as it does the rounds'. A node the load has no history of gets no warm-up; its first forecast
 * comes at its first boundary. Without a load (the two-argument constructor) nothing is warmed up.
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
    /** Each series' latest forecast whose learner ran without failing. */
    private final Map<String, SeriesEvent.Issued> learnt = new HashMap<>();
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
        this.life = SeriesLife.learningOnRead(forecaster, settings.forecast());
        this.warmUpLoad = owners;
        var forecast = settings.forecast();
        this.stepMs = forecast.step().toMillis();
        this.store = new OwnerSeriesStore(forecast.step(), forecast.maxHold(),
                Math.toIntExact(forecast.window().toMillis() / stepMs),
                Math.toIntExact(forecast.refitPeriod().toMillis() / stepMs));
    }

    /**
     * The default learner: the forecaster stage's, {@link Forecasters#standard()}, so that a
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
                warmUp(first.get().toEpochMilli());
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
        var issued = read(key);
        if (issued == null || stale.contains(key)) {
            return OptionalDouble.empty();
        }
        double spare = issued.spareAt(time.toEpochMilli());
        return Double.isNaN(spare) ? OptionalDouble.empty() : OptionalDouble.of(spare);
    }

    /** One look-up of the series for the whole window, then each step's value ({@code spareAt} is arithmetic). */
    @Override
    public void spare(String nodeId, Resource resource, Instant first, Duration step, double[] into) {
        var key = key(nodeId, resource == Resource.CPU ? Utilization.Metric.CPU : Utilization.Metric.MEMORY);
        var issued = read(key);
        if (issued == null || stale.contains(key)) {
            Arrays.fill(into, Double.NaN);
            return;
        }
        long stepNanos = step.toNanos();
        for (int i = 0; i < into.length; i++) {
            into[i] = issued.spareAt(first.plusNanos(stepNanos * i).toEpochMilli());
        }
    }

    /** The start of the latest forecast issued for {@code nodeId}'s {@code resource}, or empty; staleness aside. */
    public Optional<Instant> forecastStart(String nodeId, Resource resource) {
        var issued = read(key(nodeId, resource == Resource.CPU ? Utilization.Metric.CPU : Utilization.Metric.MEMORY));
        return issued == null ? Optional.empty() : Optional.of(issued.forecast().start());
    }

    /**
     * The latest forecast of {@code key}, its learner run if it has not yet; a learner that throws leaves the
     * previous forecast in force, as in the stage.
     */
    private SeriesEvent.Issued read(String key) {
        var issued = latest.get(key);
        if (issued != null && !issued.learnt()) {
            refits++;
            try {
                issued.forecast();
                learnt.put(key, issued);
            } catch (RuntimeException e) {
                failedRefits++;
                log.warn("forecaster {} failed to refit {} at {}; the previous forecast stays: {}",
                        life.forecasterName(), key, Instant.ofEpochMilli(issued.issuedAt()), e.toString());
                issued = learnt.get(key);
                if (issued == null) {
                    latest.remove(key);
                } else {
                    latest.put(key, issued);
                }
            }
        }
        return issued;
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
                if (issued.learnt()) {
                    // With a miss reaction the learner ran at once.
                    refits++;
                    learnt.put(issued.key(), issued);
                }
                latest.put(issued.key(), issued);
                stale.remove(issued.key());
            } else if (event instanceof SeriesEvent.Stale marker) {
                stale.add(marker.key());
            } else if (event instanceof SeriesEvent.Forgotten gone) {
                latest.remove(gone.key());
                learnt.remove(gone.key());
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
     * Observes the owners' use before the run ({@link OwnerLoad#historyUse()}) from the warm-up period before the
     * first round at {@code firstRoundMs} up to it, with the refits it makes.
     */
    private void warmUp(long firstRoundMs) {
        if (warmUpLoad == null || settings.warmUp().isZero()) {
            return;
        }
        long fromMs = firstRoundMs - settings.warmUp().toMillis();
        int observed = 0;
        for (var use : warmUpLoad.historyUse()) {
            long timeMs = use.time().toEpochMilli();
            if (timeMs >= fromMs && timeMs < firstRoundMs) {
                record(use.nodeId(), use.metric(), timeMs, use.value());
                observed++;
            }
        }
        log.info("owner forecasts warmed up on {} samples of the {} before {}", observed, settings.warmUp(),
                Instant.ofEpochMilli(firstRoundMs));
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
