package io.gleaner.forecaster.core;

/**
 * What {@link SeriesLife} remembers of one series besides its samples and its forecast in force.
 *
 * @param lastSampleMs event time of the newest sample seen
 * @param nextRefitMs  the next refit boundary: the series is refit when a sample at or after it arrives
 * @param stale        whether a stale marker was issued and no sample has arrived since
 */
public record SeriesState(long lastSampleMs, long nextRefitMs, boolean stale) {

    /** This state with another newest sample time. */
    public SeriesState withLastSample(long value) {
        return new SeriesState(value, nextRefitMs, stale);
    }
}
