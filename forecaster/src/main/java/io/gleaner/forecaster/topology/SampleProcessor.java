package io.gleaner.forecaster.topology;

import static io.gleaner.forecaster.core.MissReaction.DAY_MS;

import io.gleaner.forecaster.ForecastSettings;
import io.gleaner.forecaster.core.ForecastRequest;
import io.gleaner.forecaster.core.Forecaster;
import io.gleaner.forecaster.core.GridResampler;
import io.gleaner.forecaster.core.MissReaction;
import io.gleaner.forecaster.core.QuantileForecast;
import io.gleaner.forecaster.core.RecentMisses;
import io.gleaner.forecaster.core.ResourceMetric;
import io.gleaner.schemas.InputChecks;
import io.gleaner.schemas.avro.UsageSource;
import io.gleaner.schemas.avro.UtilizationSample;
import io.gleaner.schemas.forecasts.SeriesKey;
import io.gleaner.runtime.DeadLetters;
import io.gleaner.runtime.Decoded;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.WindowStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps each series' samples in the rolling window and refits its forecast on the event-time schedule; marks
 * series that stopped reporting as stale. The rules (docs/forecaster.md):
 * <ul>
 *   <li>Only the owners' use (source REGULAR) is forecast; EPHEMERAL (Gleaner's own tasks), TOTAL (which
 *       includes them) and UNKNOWN samples are valid but skipped (logged at debug).</li>
 *   <li>Invalid samples become dead letters: a value that is NaN, infinite or outside [0, 1], metric UNKNOWN, a
 *       node id blank or too long (the topic's field rules, {@code InputChecks}), or a record key that is not the
 *       sample's node id.</li>
 *   <li>Out of order: a sample is stored at its own event time whatever order it arrives in, and is used by
 *       every refit whose window contains it; a forecast already published is not revised. A sample older than
 *       the task's stream time minus the window can no longer be in any window: it becomes a dead letter.</li>
 *   <li>Duplicates: a second sample of the same series at the same millisecond replaces the first (last one
 *       wins), so a redelivered sample counts once.</li>
 *   <li>Refit: boundaries are the multiples of the refit period since the epoch. When a series' sample at time
 *       t reaches its next boundary, the series is refit once at b, the last boundary at or before t, from the
 *       samples in [b − window, b) (and the latest one in the max hold before it); the forecast starts at b and is
 *       issued at b. Boundaries skipped by a silence get no forecast.</li>
 *   <li>Gaps: samples are put on the step grid by {@link GridResampler}: a step's value is the mean of its
 *       samples; a step without one holds the latest earlier sample for at most the max hold, and is otherwise NaN
 *       for the learner; a NaN forecast step has spare 0.</li>
 *   <li>Staleness: a stream-time punctuation every step publishes, once, a stale record (stale=true, no
 *       utilization, no spare) for each series whose newest sample is at least the staleness bound older than
 *       stream time; it is issued at newest sample + bound, so it does not depend on when the punctuation ran.
 *       A newer sample that makes the series fresh again clears the flag; its next forecast comes at the next
 *       refit boundary.</li>
 *   <li>Forgetting: a stale series silent for longer than the window and the max hold has its state deleted (a
 *       punctuation every refit period), and a tombstone on {@code forecasts} deletes its stale marker; if it
 *       reports again it is a new series.</li>
 *   <li>Misses, with a {@link MissReaction} ({@code gleaner.forecaster.miss-escalation}): a sample above the
 *       forecast in force at its step is a miss (at most one per step); the series is refit at the end of that
 *       step, from a window that holds the sample, and the forecast gets the escalation per miss of the last day,
 *       or is the whole capacity once they reach the budget. A sample that finds a reserved forecast whose misses
 *       have fallen below the budget refits the series at the start of its step. A refit at a boundary is the
 *       scheduled one. Without a reaction, forecasts change at the boundaries only.</li>
 * </ul>
 */
final class SampleProcessor implements Processor<String, Decoded<UtilizationSample>, String, ForecasterOutput> {

    private static final Logger log = LoggerFactory.getLogger(SampleProcessor.class);

    private final Forecaster forecaster;
    private final ForecastSettings settings;
    private final String sourceTopic;
    private final ForecastRequest request;
    private final long windowMs;
    private final long refitMs;
    private final long stalenessMs;
    private final long maxHoldMs;
    private final int windowSteps;
    private final long stepMs;
    private final Optional<MissReaction> reaction;
    private final int missBudget;

    private ProcessorContext<String, ForecasterOutput> context;
    private WindowStore<String, Double> samples;
    /** Each series' state as last written: when it is new, and when its refit boundary or stale flag changes. */
    private KeyValueStore<String, SeriesState> series;
    /**
     * Each series' state now, newest sample time included, for the series this processor has met and that are not
     * stale: read for every sample without going through the store, which is written only when something but the
     * newest sample time changes (reading and writing it for every sample took about a fifth of the stream thread).
     */
    private final Map<String, SeriesState> live = new HashMap<>();
    private boolean liveHoldsEverySeries;
    /** With a reaction: each series' forecast in force, as in {@link #inForceStore}, for the series met. */
    private final Map<String, ForecastInForce> inForce = new HashMap<>();
    private KeyValueStore<String, ForecastInForce> inForceStore;

    SampleProcessor(Forecaster forecaster, ForecastSettings settings, String sourceTopic) {
        this.forecaster = Objects.requireNonNull(forecaster, "forecaster");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.sourceTopic = Objects.requireNonNull(sourceTopic, "sourceTopic");
        this.request = new ForecastRequest(settings.horizon(), new double[] {settings.quantile()});
        this.windowMs = settings.window().toMillis();
        this.refitMs = settings.refitPeriod().toMillis();
        this.stalenessMs = settings.staleness().toMillis();
        this.maxHoldMs = settings.maxHold().toMillis();
        this.windowSteps = (int) (windowMs / settings.step().toMillis());
        this.stepMs = settings.step().toMillis();
        this.reaction = settings.reaction();
        this.missBudget = settings.missBudget();
    }

    @Override
    public void init(ProcessorContext<String, ForecasterOutput> context) {
        this.context = context;
        this.samples = context.getStateStore(StoreNames.SAMPLES);
        this.series = context.getStateStore(StoreNames.SERIES);
        // A task that Kafka Streams revives (closed dirty, its stores back as of the last commit) initialises this
        // same instance again: what it knew of the series must go back with the stores, or the replay of the input
        // since that commit would skip the refits whose output was aborted.
        live.clear();
        liveHoldsEverySeries = false;
        inForce.clear();
        if (reaction.isPresent()) {
            this.inForceStore = context.getStateStore(StoreNames.IN_FORCE);
        }
        context.schedule(settings.step(), PunctuationType.STREAM_TIME, this::markStale);
        context.schedule(settings.refitPeriod(), PunctuationType.STREAM_TIME, this::forgetGone);
    }

    @Override
    public void process(Record<String, Decoded<UtilizationSample>> record) {
        var decoded = record.value();
        var sample = decoded.value();
        var reason = invalid(record.key(), sample);
        if (reason != null) {
            deadLetter(record, decoded.raw(), reason);
            return;
        }
        if (sample.getSource() != UsageSource.REGULAR) {
            log.debug("skipping a {} sample of node {}: only the owners' (REGULAR) use is forecast",
                    sample.getSource(), sample.getNodeId());
            return;
        }
        long time = sample.getTime().toEpochMilli();
        long streamTime = context.currentStreamTimeMs();
        if (time < streamTime - windowMs) {
            deadLetter(record, decoded.raw(), "sample at " + sample.getTime() + " is older than the "
                    + settings.window() + " window before stream time " + Instant.ofEpochMilli(streamTime));
            return;
        }
        var key = SeriesKey.text(sample.getNodeId(), sample.getMetric());
        var before = state(key);
        SeriesState state;
        if (before == null) {
            state = new SeriesState(time, floor(time) + refitMs, false);
        } else {
            state = before;
            if (time >= state.nextRefitMs()) {
                long boundary = floor(time);
                refit(record, key, boundary);
                state = new SeriesState(state.lastSampleMs(), boundary + refitMs, state.stale());
            }
            long last = Math.max(state.lastSampleMs(), time);
            boolean stale = state.stale() && last + stalenessMs <= streamTime;
            state = new SeriesState(last, state.nextRefitMs(), stale);
        }
        samples.put(key, sample.getValue(), time);
        if (reaction.isPresent() && before != null) {
            state = react(record, key, time, sample.getValue(), state);
        }
        if (state.stale()) {
            live.remove(key);
        } else {
            live.put(key, state);
        }
        if (before == null || state.nextRefitMs() != before.nextRefitMs() || state.stale() != before.stale()) {
            series.put(key, state);
        }
    }

    /**
     * The reaction to the sample at {@code time}: a refit at the start of its step when the forecast in force is
     * reserved and the misses have fallen below the budget; then, if the sample is above the forecast in force, a
     * miss and a refit at the end of its step. Returns the state with the next boundary moved past a refit at it.
     */
    private SeriesState react(Record<String, Decoded<UtilizationSample>> record, String key, long time, double value,
                              SeriesState state) {
        var current = inForce(key);
        if (current == null) {
            return state;
        }
        long stepStart = Math.floorDiv(time, stepMs) * stepMs;
        // Misses are counted by step, as forecast-eval counts them: a miss is at the start of its step.
        if (MissReaction.recovers(current.reserved(), current.misses(), stepStart, DAY_MS, missBudget)) {
            refit(record, key, stepStart);
            current = inForce(key);
        }
        double forecast = current.at(time, stepMs);
        // A forecast refit on a miss starts after the miss's step: a redelivered sample finds none to miss again.
        if (Double.isNaN(forecast) || value <= forecast) {
            return state;
        }
        remember(key, current.withMisses(current.misses().plus(stepStart, DAY_MS)));
        long boundary = stepStart + stepMs;
        log.debug("miss of {} at {}: {} above {}", key, Instant.ofEpochMilli(time), value, forecast);
        refit(record, key, boundary);
        return boundary >= state.nextRefitMs()
                ? new SeriesState(state.lastSampleMs(), floor(boundary) + refitMs, state.stale())
                : state;
    }

    /**
     * {@link #refit(SeriesKey, long)}; a learner that fails on some history must not stop the stage: the sample that
     * triggered the refit is dead-lettered with the failure (and still stored), and the series keeps its previous
     * forecast until the next refit.
     */
    private void refit(Record<String, Decoded<UtilizationSample>> record, String key, long boundary) {
        try {
            refit(SeriesKey.parse(key), boundary);
        } catch (RuntimeException e) {
            deadLetter(record, record.value().raw(), "forecaster " + forecaster.name() + " failed to refit " + key
                    + " at " + Instant.ofEpochMilli(boundary) + ": " + e);
        }
    }

    /** With a reaction: the forecast in force of the series {@code key}, or null before its first. */
    private ForecastInForce inForce(String key) {
        return inForce.computeIfAbsent(key, inForceStore::get);
    }

    private void remember(String key, ForecastInForce state) {
        inForce.put(key, state);
        inForceStore.put(key, state);
    }

    /**
     * The state of the series {@code key}, or null for a series never seen: from {@link #live}, or else from the
     * store, its newest sample time taken from the samples themselves (the store's is as of its last write).
     */
    private SeriesState state(String key) {
        var state = live.get(key);
        if (state == null) {
            state = series.get(key);
            if (state != null) {
                try (var newest = samples.backwardFetch(key, state.lastSampleMs(), Long.MAX_VALUE)) {
                    if (newest.hasNext()) {
                        state = state.withLastSample(Math.max(state.lastSampleMs(), newest.next().key));
                    }
                }
            }
        }
        return state;
    }

    /** The last refit boundary at or before {@code time}. */
    private long floor(long time) {
        return Math.floorDiv(time, refitMs) * refitMs;
    }

    private void refit(SeriesKey key, long boundary) {
        long start = boundary - windowMs;
        var grid = new GridResampler(Instant.ofEpochMilli(start), settings.step(), windowSteps, settings.maxHold());
        // From maxHold before the window: a sample there may still be held into its first steps.
        try (var window = samples.fetch(key.text(), start - maxHoldMs, boundary - 1)) {
            window.forEachRemaining(sample -> grid.add(sample.key, sample.value));
            var history = grid.series();
            var metric = ResourceMetric.of(key.metric().name());
            var forecast = forecaster.forecast(history, request.withMetric(metric));
            if (reaction.isPresent()) {
                forecast = reacted(key.text(), forecast, boundary);
            }
            var record = ForecastRecords.fresh(key, forecast, settings.margin(key.metric()),
                    Instant.ofEpochMilli(boundary));
            log.debug("refit {} at {} with {}", key.text(), record.getIssuedAt(), forecaster.name());
            context.forward(new Record<>(key.text(), ForecasterOutput.of(record), boundary));
        }
    }

    /** The learner's {@code forecast} as the reaction publishes it at {@code boundary}, remembered as in force. */
    private QuantileForecast reacted(String key, QuantileForecast forecast, long boundary) {
        var previous = inForce(key);
        var issued = reaction.orElseThrow().issue(forecast.values()[0],
                previous == null ? RecentMisses.NONE : previous.misses(), boundary, DAY_MS, missBudget);
        remember(key, new ForecastInForce(boundary, issued.values(), issued.misses(), issued.reserved()));
        return new QuantileForecast(forecast.start(), forecast.step(), forecast.quantiles(),
                new double[][] {issued.values()});
    }

    private void markStale(long streamTime) {
        if (!liveHoldsEverySeries) {
            // Once per task: series this instance has not seen (restored from the changelog) join {@link #live}.
            var keys = new ArrayList<String>();
            try (var all = series.all()) {
                all.forEachRemaining(entry -> keys.add(entry.key));
            }
            for (var key : keys) {
                var state = state(key);
                if (!state.stale()) {
                    live.put(key, state);
                }
            }
            liveHoldsEverySeries = true;
        }
        var expired = new ArrayList<String>();
        for (var entry : live.entrySet()) {
            var state = entry.getValue();
            if (!state.stale() && state.lastSampleMs() + stalenessMs <= streamTime) {
                expired.add(entry.getKey());
            }
        }
        // In key order, not the map's: the same input gives the same output in the same order.
        expired.sort(null);
        for (var text : expired) {
            var state = live.get(text);
            var key = SeriesKey.parse(text);
            long issuedAt = state.lastSampleMs() + stalenessMs;
            var record = ForecastRecords.stale(key, settings.quantile(), settings.margin(key.metric()),
                    Instant.ofEpochMilli(issuedAt), settings.step());
            log.info("series {} is stale: no sample since {}", text, Instant.ofEpochMilli(state.lastSampleMs()));
            // A stale series leaves the map (hosts come and go; the map would otherwise only grow) and is read back
            // from the store if it reports again.
            live.remove(text);
            series.put(text, new SeriesState(state.lastSampleMs(), state.nextRefitMs(), true));
            context.forward(new Record<>(text, ForecasterOutput.of(record), issuedAt));
        }
    }

    /**
     * Deletes the state of the stale series whose newest sample is older than stream time minus the window and the
     * max hold: no refit can use any of their samples any more, and a host that reports again after that starts as
     * a new series (first forecast at the next boundary, not one at once from an empty window). Without it the store
     * would keep every series ever seen. A tombstone on {@code forecasts} deletes its stale marker there too, so the
     * compacted topic and every planner's table of it do not keep the hosts that are gone for good either.
     */
    private void forgetGone(long streamTime) {
        var gone = new ArrayList<KeyValue<String, SeriesState>>();
        try (var all = series.all()) {
            all.forEachRemaining(entry -> {
                if (entry.value.stale() && entry.value.lastSampleMs() + windowMs + maxHoldMs < streamTime) {
                    gone.add(entry);
                }
            });
        }
        for (var entry : gone) {
            long lastSample = entry.value.lastSampleMs();
            log.info("series {} forgotten: no sample since {}, before the window", entry.key,
                    Instant.ofEpochMilli(lastSample));
            series.delete(entry.key);
            if (reaction.isPresent()) {
                inForce.remove(entry.key);
                inForceStore.delete(entry.key);
            }
            // Issued when the series became forgettable, not when the punctuation ran: the same input gives the
            // same output.
            context.forward(new Record<>(entry.key, ForecasterOutput.tombstone(), lastSample + windowMs + maxHoldMs));
        }
    }

    /**
     * Why {@code sample} cannot be used, or null when it can: the topic's field rules ({@link InputChecks}), which the
     * QoS stage applies too, then the key.
     */
    private static String invalid(String key, UtilizationSample sample) {
        var violation = InputChecks.DEFAULT.utilizationSample(sample);
        if (violation.isPresent()) {
            return violation.get();
        }
        if (!sample.getNodeId().equals(key)) {
            return "record key '" + key + "' is not the sample's node id '" + sample.getNodeId() + "'";
        }
        return null;
    }

    private void deadLetter(Record<String, Decoded<UtilizationSample>> record, byte[] raw, String reason) {
        var deadLetter = DeadLetters.of(context.recordMetadata(), sourceTopic, record.key(), raw,
                record.timestamp(), reason, ForecasterTopology.STAGE);
        log.warn("dead letter from {} partition {} offset {}: {}", deadLetter.getSourceTopic(),
                deadLetter.getPartition(), deadLetter.getOffset(), reason);
        context.forward(new Record<>(record.key(), ForecasterOutput.of(deadLetter), record.timestamp()));
    }
}
