package io.gleaner.deploy.cli;

import io.gleaner.runtime.StageApp;
import io.gleaner.runtime.StageStop;
import io.gleaner.runtime.StreamsStage;
import java.util.Collection;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * How a long-running command waits for Ctrl-C, or for one of its stages to stop for good: {@link #await} returns when
 * the JVM begins to shut down or a stage stops, and the shutdown waits (at most twice
 * {@link StreamsStage#CLOSE_TIMEOUT}) until {@link #close()}, because the JVM halts as soon as its shutdown hooks
 * return. Open it before what the command runs, so that try-with-resources closes it last: the stages and the broker
 * close before the JVM goes.
 */
final class ShutdownWait implements AutoCloseable {

    /** Empty when the JVM begins to shut down; the stop when a stage stops for good first. */
    private final CompletableFuture<Optional<StageStop>> ended = new CompletableFuture<>();
    private final CountDownLatch closed = new CountDownLatch(1);

    ShutdownWait() {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            ended.complete(Optional.empty());
            try {
                closed.await(StreamsStage.CLOSE_TIMEOUT.toSeconds() * 2, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "gleaner-shutdown"));
    }

    /**
     * Blocks until the JVM begins to shut down (Ctrl-C, SIGTERM), or until any one of {@code stages} stops for good
     * ({@link StageApp#stoppedForGood()}), whichever comes first.
     *
     * @return the stage's stop, or empty for a shutdown
     */
    Optional<StageStop> await(Collection<? extends StageApp> stages) throws InterruptedException {
        for (var stage : stages) {
            stage.stoppedForGood().thenAccept(stop -> ended.complete(Optional.of(stop)));
        }
        try {
            return ended.get();
        } catch (ExecutionException e) {
            throw new IllegalStateException("the wait for shutdown failed", e.getCause());
        }
    }

    /** Whether the JVM has begun to shut down: for a command that polls in a loop instead of {@link #await}. */
    boolean shuttingDown() {
        return ended.isDone();
    }

    /** Lets a shutdown that is waiting go on. */
    @Override
    public void close() {
        closed.countDown();
    }
}
