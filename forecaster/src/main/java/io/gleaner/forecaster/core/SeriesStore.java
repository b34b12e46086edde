package io.gleaner.forecaster.core;

import java.util.List;

/**
 * Where {@link SeriesLife} keeps each series: its samples, its {@link SeriesState} and, when it reacts to misses, its
 * {@link ForecastInForce}. The forecaster stage keeps them in Kafka Streams stores, the simulator in memory. Series
 * are named by a key the driver chooses (one per node and metric).
 */
public interface SeriesStore {

    /** The state of the series {@code key}, its newest sample time included, or null for a series never seen. */
    SeriesState state(String key);

    /** Sets the state of {@code key}: it is new, or its next refit boundary or stale flag changed. */
    void put(String key, SeriesState state);

    /**
     * Sets the state of {@code key} where only its newest sample time changed: a store may keep that in memory only,
     * as long as {@link #state} finds it again (e.g. from the samples).
     */
    void advance(String key, SeriesState state);

    /** Keys of the series whose state is not stale, in any order. */
    List<String> fresh();

    /** Keys of the series whose state is stale, in any order. */
    List<String> stale();

    /** Deletes the series {@code key}: state and forecast in force; its samples age out of the window. */
    void delete(String key);

    /** Stores the sample of {@code key} at {@code timeMs}; a second one at the same time replaces the first. */
    void addSample(String key, long timeMs, double value);

    /** Puts on {@code grid} the samples of {@code key} in [{@code fromMs}, {@code toMs}]. */
    void samples(String key, long fromMs, long toMs, GridResampler grid);

    /** The forecast in force of {@code key}, or null before its first; kept only when the life reacts to misses. */
    ForecastInForce inForce(String key);

    /** Sets the forecast in force of {@code key}. */
    void putInForce(String key, ForecastInForce value);
}
