package io.gleaner.runtime;

import io.gleaner.runtime.metrics.MetricsServer;
import io.gleaner.schemas.serde.SchemaRegistryException;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.apache.kafka.common.Metric;
import org.apache.kafka.common.MetricName;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StoreQueryParameters;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.errors.StreamsUncaughtExceptionHandler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One stage's {@link KafkaStreams} as every Gleaner stage runs it: stopped, not restarted, on an unexpected error
 * (the error is logged and {@link #stoppedForGood()} completes, so that the process running the stage can exit and
 * its supervisor restart it), closed within {@link #CLOSE_TIMEOUT}
 * leaving the consumer group so that a restarted instance takes its tasks over at once. The stages' apps compose it
 * with their own configuration, topology and start-up checks.
 */
public final class StreamsStage {

    /** How long {@link #close()} waits for Kafka Streams to commit and stop. */
    public static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(30);

    private static final Logger log = LoggerFactory.getLogger(StreamsStage.class);

    private final String stage;
    private final String applicationId;
    private final Topology topology;
    private final KafkaStreams streams;
    private final CompletableFuture<StageStop> stopped = new CompletableFuture<>();
    /** The error that stopped the stream threads, if one did; set before Kafka Streams leaves RUNNING. */
    private volatile Throwable error;
    private volatile boolean closing;

    /**
     * @param stage         what the stage is, in log lines, e.g. {@code planner}
     * @param applicationId its Kafka Streams application id
     */
    public StreamsStage(String stage, String applicationId, Topology topology, Properties properties) {
        this.stage = Objects.requireNonNull(stage, "stage");
        this.applicationId = Objects.requireNonNull(applicationId, "applicationId");
        this.topology = Objects.requireNonNull(topology, "topology");
        this.streams = new KafkaStreams(topology, properties);
        streams.setStateListener((newState, oldState) -> {
            if (newState == KafkaStreams.State.ERROR || newState == KafkaStreams.State.NOT_RUNNING && !closing) {
                stopped.complete(new StageStop(stage, applicationId, newState, Optional.ofNullable(error)));
            }
        });
        streams.setUncaughtExceptionHandler(exception -> {
            error = exception;
            if (registryDidNotAnswer(exception)) {
                log.error("{} {} stops: the schema registry did not answer, through all the client's retries; the "
                        + "record it was processing is not committed and is processed again when the stage is "
                        + "restarted", stage, applicationId, exception);
            } else {
                log.error("{} {} stops after an unexpected error", stage, applicationId, exception);
            }
            return StreamsUncaughtExceptionHandler.StreamThreadExceptionResponse.SHUTDOWN_CLIENT;
        });
    }

    /** Whether {@code error} comes from a schema registry that did not answer, or answered 5xx or 429. */
    private static boolean registryDidNotAnswer(Throwable error) {
        for (var cause = error; cause != null; cause = cause.getCause()) {
            if (cause instanceof SchemaRegistryException registry && registry.isTransient()) {
                return true;
            }
        }
        return false;
    }

    /** Starts processing. */
    public void start() {
        streams.start();
    }

    /**
     * Completes when the stage stops for good without {@link #close()}: Kafka Streams in ERROR (after the error
     * handler above), or NOT_RUNNING. Never completes for a stage that is closed first.
     */
    public CompletionStage<StageStop> stoppedForGood() {
        return stopped.minimalCompletionStage();
    }

    /** Adds a JVM shutdown hook that runs {@code close} (the app's own close). */
    public void closeOnShutdown(Runnable close) {
        Runtime.getRuntime().addShutdownHook(new Thread(close, applicationId + "-shutdown"));
    }

    /** The Kafka Streams state (CREATED, RUNNING, ...). */
    public KafkaStreams.State state() {
        return streams.state();
    }

    /** The topology this stage runs. */
    public Topology topology() {
        return topology;
    }

    /** A queryable store of the running stage (interactive queries), e.g. a global view. */
    public <T> T store(StoreQueryParameters<T> parameters) {
        return streams.store(parameters);
    }

    /** Serves this stage's Kafka Streams metrics on {@code metrics}, and counts it ready there once RUNNING. */
    public void addTo(MetricsServer metrics) {
        metrics.addStage(stage + ":" + applicationId, streams);
    }

    /** Kafka Streams' metrics. */
    public Map<MetricName, ? extends Metric> metrics() {
        return streams.metrics();
    }

    /** Stops processing, committing what was processed, within {@link #CLOSE_TIMEOUT}; whether it did in time. */
    public boolean close() {
        closing = true;
        var closed = streams.close(new KafkaStreams.CloseOptions().timeout(CLOSE_TIMEOUT).leaveGroup(true));
        log.info("{} {} {}", stage, applicationId, closed ? "closed" : "did not close within " + CLOSE_TIMEOUT);
        return closed;
    }
}
