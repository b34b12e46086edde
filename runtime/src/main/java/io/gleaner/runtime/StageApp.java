package io.gleaner.runtime;

import io.gleaner.runtime.metrics.MetricsServer;
import java.util.Objects;
import java.util.concurrent.CompletionStage;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.Topology;

/**
 * What every stage's composition root does the same way around its {@link StreamsStage}: start it, close it from a
 * shutdown hook, report its state and topology, close it. A stage's app builds the stage from its configuration and
 * adds what is its own: the checks and log line before {@link #start()}, and anything it reports.
 */
public abstract class StageApp implements AutoCloseable {

    private final StreamsStage stage;

    protected StageApp(StreamsStage stage) {
        this.stage = Objects.requireNonNull(stage, "stage");
    }

    /** The stage this app runs. */
    protected final StreamsStage stage() {
        return stage;
    }

    /** Starts processing. */
    public void start() {
        stage.start();
    }

    /** Adds a JVM shutdown hook that closes this app ({@link #close()}, with whatever the app adds to it). */
    public final void closeOnShutdown() {
        stage.closeOnShutdown(this::close);
    }

    /** The Kafka Streams state (CREATED, RUNNING, ...). */
    public final KafkaStreams.State state() {
        return stage.state();
    }

    /** Completes when the stage stops for good without being closed ({@link StreamsStage#stoppedForGood()}). */
    public final CompletionStage<StageStop> stoppedForGood() {
        return stage.stoppedForGood();
    }

    /** Serves this app's stage metrics on {@code metrics}, and counts it ready there once RUNNING. */
    public final void addTo(MetricsServer metrics) {
        stage.addTo(metrics);
    }

    /** The topology this app runs. */
    public final Topology topology() {
        return stage.topology();
    }

    /**
     * Stops processing, committing what was processed, within {@link StreamsStage#CLOSE_TIMEOUT}, and leaves the
     * consumer group so that a restarted or another instance takes the tasks over at once.
     */
    @Override
    public void close() {
        stage.close();
    }
}
