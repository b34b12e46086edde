package io.gleaner.ingest.replay;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * A {@link Pacer} on the JVM's monotonic clock ({@link System#nanoTime()}). This is the one place in
 * ingest that reads a clock: it decides only when a record is sent, never what the record says.
 */
public final class WallClockPacer implements Pacer {

    private long startNanos;
    private boolean started;

    @Override
    public void start() {
        startNanos = System.nanoTime();
        started = true;
    }

    @Override
    public void awaitOffset(Duration offset) throws InterruptedException {
        requireStarted();
        long dueNanos = offset.toNanos();
        long remaining;
        while ((remaining = dueNanos - (System.nanoTime() - startNanos)) > 0) {
            TimeUnit.NANOSECONDS.sleep(remaining);
        }
    }

    @Override
    public Duration elapsed() {
        requireStarted();
        return Duration.ofNanos(System.nanoTime() - startNanos);
    }

    private void requireStarted() {
        if (!started) {
            throw new IllegalStateException("the pacer was not started");
        }
    }
}
