package io.gleaner.forecaster.topology;

import io.gleaner.forecaster.core.ForecastInForce;
import io.gleaner.forecaster.core.GridResampler;
import io.gleaner.forecaster.core.SeriesState;
import io.gleaner.forecaster.core.SeriesStore;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.WindowStore;

/**
 * The {@link SeriesStore} of the forecaster stage: its Kafka Streams stores ({@link ForecasterStores}), with the
 * series met kept in memory as well.
 */
final class StreamsSeriesStore implements SeriesStore {

    private final WindowStore<String, Double> samples;
    /** Each series' state as last written: when it is new, and when its refit boundary or stale flag changes. */
    private final KeyValueStore<String, SeriesState> series;
    /** Each series' forecast in force, when the stage reacts to misses; null otherwise. */
    private final KeyValueStore<String, ForecastInForce> inForceStore;
    /**
     * Each series' state now, newest sample time included, for the series this task has met and that are not stale:
     * read for every sample without going through the store, which is written only when something but the newest
     * sample time changes (reading and writing it for every sample took about a fifth of the stream thread).
     */
    private final Map<String, SeriesState> live = new HashMap<>();
    private boolean liveHoldsEverySeries;
    /** The forecasts in force of the series met, as in {@link #inForceStore}. */
    private final Map<String, ForecastInForce> inForce = new HashMap<>();

    /**
     * The stores of {@code context}'s task. A task that Kafka Streams revives (closed dirty, its stores back as of
     * the last commit) gets a new one: what it knew of the series goes back with the stores, or the replay of the
     * input since that commit would skip the refits whose output was aborted.
     */
    StreamsSeriesStore(ProcessorContext<?, ?> context, boolean reacts) {
        this.samples = context.getStateStore(ForecasterStores.SAMPLES);
        this.series = context.getStateStore(ForecasterStores.SERIES);
        this.inForceStore = reacts ? context.getStateStore(ForecasterStores.IN_FORCE) : null;
    }

    /** From {@link #live}, or else from the store, its newest sample time taken from the samples themselves. */
    @Override
    public SeriesState state(String key) {
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

    @Override
    public void put(String key, SeriesState state) {
        advance(key, state);
        series.put(key, state);
    }

    @Override
    public void advance(String key, SeriesState state) {
        // A stale series leaves the map (nodes come and go; the map would otherwise only grow) and is read back from
        // the store if it reports again.
        if (state.stale()) {
            live.remove(key);
        } else {
            live.put(key, state);
        }
    }

    @Override
    public List<String> fresh() {
        if (!liveHoldsEverySeries) {
            // Once per task: series this task has not met (restored from the changelog) join {@link #live}.
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
        return new ArrayList<>(live.keySet());
    }

    @Override
    public List<String> stale() {
        var keys = new ArrayList<String>();
        try (var all = series.all()) {
            all.forEachRemaining(entry -> {
                if (entry.value.stale()) {
                    keys.add(entry.key);
                }
            });
        }
        return keys;
    }

    @Override
    public void delete(String key) {
        live.remove(key);
        series.delete(key);
        if (inForceStore != null) {
            inForce.remove(key);
            inForceStore.delete(key);
        }
    }

    @Override
    public void addSample(String key, long timeMs, double value) {
        samples.put(key, value, timeMs);
    }

    @Override
    public void samples(String key, long fromMs, long toMs, GridResampler grid) {
        try (var window = samples.fetch(key, fromMs, toMs)) {
            window.forEachRemaining(sample -> grid.add(sample.key, sample.value));
        }
    }

    @Override
    public ForecastInForce inForce(String key) {
        return inForce.computeIfAbsent(key, inForceStore::get);
    }

    @Override
    public void putInForce(String key, ForecastInForce value) {
        inForce.put(key, value);
        inForceStore.put(key, value);
    }
}
