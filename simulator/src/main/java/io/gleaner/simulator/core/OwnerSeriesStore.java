package io.gleaner.simulator.core;

import io.gleaner.forecaster.core.ForecastInForce;
import io.gleaner.forecaster.core.GridResampler;
import io.gleaner.forecaster.core.SeriesState;
import io.gleaner.forecaster.core.SeriesStore;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@link SeriesStore} of {@link OwnerForecasts}: each series in memory, its samples as step sums in an
 * {@link OwnerSeries} ring.
 */
final class OwnerSeriesStore implements SeriesStore {

    private final Duration step;
    private final Duration maxHold;
    private final int windowSteps;
    private final int refitSteps;
    private final Map<String, Entry> byKey = new HashMap<>();

    /** One series: its samples, its state (null before its first), its forecast in force. */
    private static final class Entry {
        final OwnerSeries samples;
        SeriesState state;
        ForecastInForce inForce;

        Entry(OwnerSeries samples) {
            this.samples = samples;
        }
    }

    /**
     * @param step        the grid step
     * @param maxHold     how long a sample is held over steps without one
     * @param windowSteps steps a refit reads
     * @param refitSteps  steps of one refit period
     */
    OwnerSeriesStore(Duration step, Duration maxHold, int windowSteps, int refitSteps) {
        this.step = step;
        this.maxHold = maxHold;
        this.windowSteps = windowSteps;
        this.refitSteps = refitSteps;
    }

    private Entry entry(String key) {
        return byKey.computeIfAbsent(key, k -> new Entry(new OwnerSeries(step, maxHold, windowSteps, refitSteps)));
    }

    @Override
    public SeriesState state(String key) {
        var entry = byKey.get(key);
        return entry == null ? null : entry.state;
    }

    @Override
    public void put(String key, SeriesState state) {
        entry(key).state = state;
    }

    @Override
    public void advance(String key, SeriesState state) {
        put(key, state);
    }

    @Override
    public List<String> fresh() {
        return keys(false);
    }

    @Override
    public List<String> stale() {
        return keys(true);
    }

    private List<String> keys(boolean stale) {
        var keys = new ArrayList<String>();
        byKey.forEach((key, entry) -> {
            if (entry.state != null && entry.state.stale() == stale) {
                keys.add(key);
            }
        });
        return keys;
    }

    @Override
    public void delete(String key) {
        byKey.remove(key);
    }

    @Override
    public void addSample(String key, long timeMs, double value) {
        entry(key).samples.add(timeMs, value);
    }

    @Override
    public void samples(String key, long fromMs, long toMs, GridResampler grid) {
        var entry = byKey.get(key);
        if (entry != null) {
            entry.samples.addTo(grid, fromMs, toMs);
        }
    }

    @Override
    public ForecastInForce inForce(String key) {
        var entry = byKey.get(key);
        return entry == null ? null : entry.inForce;
    }

    @Override
    public void putInForce(String key, ForecastInForce value) {
        entry(key).inForce = value;
    }
}
