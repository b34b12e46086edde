package io.gleaner.simulator.core;

import io.gleaner.forecaster.core.ForecastInForce;
import io.gleaner.forecaster.core.GridResampler;
import io.gleaner.forecaster.core.LifeCycleSettings;
import io.gleaner.forecaster.core.SeriesState;
import io.gleaner.forecaster.core.SeriesStore;
import java.util.HashMap;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Predicate;

/** The series life cycle's {@link SeriesStore} in memory, each series' samples in an {@link OwnerSeries} ring. */
final class OwnerSeriesStore implements SeriesStore {

    /** One series: its samples, its state once put, its forecast in force. */
    private static final class Entry {
        final OwnerSeries samples;
        SeriesState state;
        ForecastInForce inForce;

        Entry(OwnerSeries samples) {
            this.samples = samples;
        }
    }

    private final LifeCycleSettings settings;
    private final Map<String, Entry> series = new HashMap<>();

    OwnerSeriesStore(LifeCycleSettings settings) {
        this.settings = settings;
    }

    /** Event time of the series' newest sample, {@link Long#MIN_VALUE} for a series without one. */
    long lastSampleMs(String key) {
        var entry = series.get(key);
        return entry == null ? Long.MIN_VALUE : entry.samples.lastSampleMs();
    }

    @Override
    public SeriesState state(String key) {
        var entry = series.get(key);
        return entry == null ? null : entry.state;
    }

    @Override
    public void put(String key, SeriesState state) {
        entry(key).state = state;
    }

    @Override
    public SortedMap<String, SeriesState> fresh() {
        return states(state -> !state.stale());
    }

    @Override
    public SortedMap<String, SeriesState> stale() {
        return states(SeriesState::stale);
    }

    private SortedMap<String, SeriesState> states(Predicate<SeriesState> which) {
        var states = new TreeMap<String, SeriesState>();
        series.forEach((key, entry) -> {
            if (entry.state != null && which.test(entry.state)) {
                states.put(key, entry.state);
            }
        });
        return states;
    }

    @Override
    public void forget(String key) {
        series.remove(key);
    }

    @Override
    public void addSample(String key, long timeMs, double value) {
        entry(key).samples.add(timeMs, value);
    }

    @Override
    public void samples(String key, long fromMs, long toMs, GridResampler grid) {
        var entry = series.get(key);
        if (entry != null) {
            entry.samples.feed(fromMs, toMs, grid);
        }
    }

    @Override
    public ForecastInForce inForce(String key) {
        var entry = series.get(key);
        return entry == null ? null : entry.inForce;
    }

    @Override
    public void putInForce(String key, ForecastInForce value) {
        entry(key).inForce = value;
    }

    private Entry entry(String key) {
        return series.computeIfAbsent(key, k -> {
            long stepMs = settings.step().toMillis();
            return new Entry(new OwnerSeries(settings.step(), settings.maxHold(),
                    Math.toIntExact(settings.window().toMillis() / stepMs),
                    Math.toIntExact(settings.refitPeriod().toMillis() / stepMs)));
        });
    }
}
