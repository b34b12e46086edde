package io.gleaner.schemas.streams;

import io.gleaner.schemas.serde.SchemaRegistryException;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import org.apache.kafka.common.Metric;
import org.apache.kafka.common.MetricName;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.errors.StreamsUncaughtExceptionHandler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One stage's {@link KafkaStreams} as every Gleaner stage runs it: stopped, not restarted, on an unexpected error
 * (the error is logged; the operator or the orchestrator restarts the stage), closed within {@link #CLOSE_TIMEOUT}
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

    /**
     * @param stage         what the stage is, in log lines, e.g. {@code planner}
     * @param applicationId its Kafka Streams application id
     */
    public StreamsStage(String stage, String applicationId, Topology topology, Properties properties) {
        this.stage = Objects.requireNonNull(stage, "stage");
        this.applicationId = Objects.requireNonNull(applicationId, "applicationId");
        this.topology = Objects.requireNonNull(topology, "topology");
        this.streams = new KafkaStreams(topology, properties);
        streams.setUncaughtExceptionHandler(exception -> {
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

    /** Kafka Streams' metrics. */
    public Map<MetricName, ? extends Metric> metrics() {
        return streams.metrics();
    }

    /** Stops processing, committing what was processed, within {@link #CLOSE_TIMEOUT}; whether it did in time. */
    public boolean close() {
        var closed = streams.close(new KafkaStreams.CloseOptions().timeout(CLOSE_TIMEOUT).leaveGroup(true));
        log.info("{} {} {}", stage, applicationId, closed ? "closed" : "did not close within " + CLOSE_TIMEOUT);
        return closed;
    }
}
