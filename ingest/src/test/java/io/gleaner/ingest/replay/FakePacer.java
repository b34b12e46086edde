package io.gleaner.ingest.replay;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A pacer that never blocks: it records every offset it was asked to wait for and pretends the wait took
 * exactly that long, so {@link #elapsed()} is the largest offset awaited (or what a test set).
 */
final class FakePacer implements Pacer {

    private final List<Duration> waits = new ArrayList<>();
    private Duration elapsed = Duration.ZERO;
    private int starts;

    @Override
    public void start() {
        starts++;
    }

    @Override
    public void awaitOffset(Duration offset) {
        waits.add(offset);
        if (offset.compareTo(elapsed) > 0) {
            elapsed = offset;
        }
    }

    @Override
    public Duration elapsed() {
        return elapsed;
    }

    /** Makes {@link #elapsed()} return this from now on (until a longer wait). */
    void setElapsed(Duration value) {
        elapsed = value;
    }

    List<Duration> waits() {
        return List.copyOf(waits);
    }

    int starts() {
        return starts;
    }
}
