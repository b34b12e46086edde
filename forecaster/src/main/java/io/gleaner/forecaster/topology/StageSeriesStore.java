package io.gleaner.forecaster.topology;

import io.gleaner.forecaster.core.ForecastInForce;
import io.gleaner.forecaster.core.GridResampler;
import io.gleaner.forecaster.core.SeriesState;
import io.gleaner.forecaster.core.SeriesStore;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.WindowStore;

/**
 * The life cycle's {@link SeriesStore} over the stage's state stores: samples in {@link ForecasterStores#SAMPLES},
 * states in {@link ForecasterStores#SERIES}, forecasts in force in {@link ForecasterStores#IN_FORCE} (with a reaction).
 *
 * <p>Each series' state now, newest sample time included, is kept in memory for the series met that are not stale,
 * and the store is written only when something but the newest sample time changes: reading and writing it for every
 * sample took about a fifth of the stream thread. A state read back from the store takes its newest sample time from
 * the samples themselves.
 */
final class StageSeriesStore implements SeriesStore {

    private final WindowStore<String, Double> samples;
    private final KeyValueStore<String, SeriesState> series;
    private final KeyValueStore<String, ForecastInForce> inForceStore;
    private final Map<String, SeriesState> live = new HashMap<>();
    private boolean liveHoldsEverySeries;
    private final Map<String, ForecastInForce> inForce = new HashMap<>();

    /** The stores of {@code context}'s task; {@code reacts}: whether the stage has the forecasts-in-force store. */
    StageSeriesStore(ProcessorContext<?, ?> context, boolean reacts) {
        this.samples = context.getStateStore(ForecasterStores.SAMPLES);
        this.series = context.getStateStore(ForecasterStores.SERIES);
        this.inForceStore = reacts ? context.getStateStore(ForecasterStores.IN_FORCE) : null;
    }

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
        var previous = state.stale() ? live.remove(key) : live.put(key, state);
        if (previous == null || previous.nextRefitMs() != state.nextRefitMs() || previous.stale() != state.stale()) {
            series.put(key, state);
        }
    }

    @Override
    public SortedMap<String, SeriesState> fresh() {
        if (!liveHoldsEverySeries) {
            // Once per task: series this instance has not met (restored from the changelog) join the live ones.
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
        return new TreeMap<>(live);
    }

    @Override
    public SortedMap<String, SeriesState> stale() {
        var stale = new TreeMap<String, SeriesState>();
        try (var all = series.all()) {
            all.forEachRemaining(entry -> {
                if (entry.value.stale()) {
                    stale.put(entry.key, entry.value);
                }
            });
        }
        return stale;
    }

    @Override
    public void forget(String key) {
        series.delete(key);
        live.remove(key);
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
