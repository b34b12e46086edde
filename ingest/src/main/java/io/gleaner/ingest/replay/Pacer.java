package io.gleaner.ingest.replay;

import java.time.Duration;

/**
 * The replayer's only notion of passing time: it waits until an offset from the start is due and says how
 * long the replay has run. {@link WallClockPacer} uses a monotonic clock; tests use a fake that records
 * the waits and returns at once.
 */
public interface Pacer {

    /** Marks the start of the replay; offsets count from here. */
    void start();

    /**
     * Blocks until {@code offset} has passed since {@link #start()}; returns at once if it already has.
     *
     * @throws InterruptedException if the thread is interrupted while waiting
     */
    void awaitOffset(Duration offset) throws InterruptedException;

    /** Time passed since {@link #start()}. */
    Duration elapsed();
}
