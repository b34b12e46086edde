package io.gleaner.deploy.cli;

import io.gleaner.schemas.streams.StreamsStage;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * How a long-running command waits for Ctrl-C: {@link #await()} returns when the JVM begins to shut down, and the
 * shutdown waits (at most twice {@link StreamsStage#CLOSE_TIMEOUT}) until {@link #close()}, because the JVM halts as
 * soon as its shutdown hooks return. Open it before what the command runs, so that try-with-resources closes it
 * last: the stages and the broker close before the JVM goes.
 */
final class ShutdownWait implements AutoCloseable {

    private final CountDownLatch stopped = new CountDownLatch(1);
    private final CountDownLatch closed = new CountDownLatch(1);

    ShutdownWait() {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            stopped.countDown();
            try {
                closed.await(StreamsStage.CLOSE_TIMEOUT.toSeconds() * 2, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "gleaner-shutdown"));
    }

    /** Blocks until the JVM begins to shut down (Ctrl-C, SIGTERM). */
    void await() throws InterruptedException {
        stopped.await();
    }

    /** Lets a shutdown that is waiting go on. */
    @Override
    public void close() {
        closed.countDown();
    }
}
