package io.gleaner.forecaster.core;

import java.util.SortedMap;

/**
 * Where a {@link SeriesLifeCycle} keeps its series: the forecaster stage's state stores, or the simulator's memory.
 * Keys are series keys ({@code nodeId/METRIC}); every method is called from one thread.
 */
public interface SeriesStore {

    /** The series' state, its newest sample time included, or null for a series never seen or forgotten. */
    SeriesState state(String key);

    /** Replaces the series' state. */
    void put(String key, SeriesState state);

    /** The series that are not stale, by key. */
    SortedMap<String, SeriesState> fresh();

    /** The series that are stale, by key. */
    SortedMap<String, SeriesState> stale();

    /** Forgets the series: its state and its forecast in force (its samples age out of the window on their own). */
    void forget(String key);

    /** Stores a sample; a second one of the series at the same millisecond replaces the first. */
    void addSample(String key, long timeMs, double value);

    /** Adds every stored sample of the series in [{@code fromMs}, {@code toMs}] to {@code grid}. */
    void samples(String key, long fromMs, long toMs, GridResampler grid);

    /** With a reaction to misses: the series' forecast in force, or null before its first. */
    ForecastInForce inForce(String key);

    /** With a reaction to misses: replaces the series' forecast in force. */
    void putInForce(String key, ForecastInForce value);
}
