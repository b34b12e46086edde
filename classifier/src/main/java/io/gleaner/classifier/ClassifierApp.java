package io.gleaner.classifier;

import io.gleaner.classifier.topology.ClassifierSerdes;
import io.gleaner.classifier.topology.ClassifierTopology;
import io.gleaner.schemas.serde.RestSchemaRegistryClient;
import io.gleaner.schemas.serde.SchemaRegistryClient;
import java.time.Duration;
import java.util.Objects;
import java.util.Properties;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.errors.StreamsUncaughtExceptionHandler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The classifier's composition root: configuration to topology to {@link KafkaStreams}, closed with a timeout.
 *
 * <pre>{@code
 * try (var app = new ClassifierApp(ClassifierConfig.defaults().withBootstrapServers("kafka:9092"), registry)) {
 *     app.start();
 *     ...
 * }
 * }</pre>
 */
public final class ClassifierApp implements AutoCloseable {

    /** How long {@link #close()} waits for Kafka Streams to commit and stop. */
    public static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(30);

    private static final Logger log = LoggerFactory.getLogger(ClassifierApp.class);

    private final ClassifierConfig config;
    private final Topology topology;
    private final KafkaStreams streams;

    /** A classifier stage whose serdes talk to the registry of {@code config}. */
    public ClassifierApp(ClassifierConfig config) {
        this(config, new RestSchemaRegistryClient(config.registry()));
    }

    /** A classifier stage whose serdes talk to {@code registry}. */
    public ClassifierApp(ClassifierConfig config, SchemaRegistryClient registry) {
        this.config = Objects.requireNonNull(config, "config");
        this.topology = ClassifierTopology.build(config.topics(), ClassifierSerdes.with(registry), config);
        this.streams = new KafkaStreams(topology, streamsProperties(config));
        streams.setUncaughtExceptionHandler(exception -> {
            log.error("classifier {} stops after an unexpected error", config.applicationId(), exception);
            return StreamsUncaughtExceptionHandler.StreamThreadExceptionResponse.SHUTDOWN_CLIENT;
        });
    }

    /** The Kafka Streams settings ({@link ClassifierConfig#streamsProperties()}), as the tests use them. */
    public static Properties streamsProperties(ClassifierConfig config) {
        return config.streamsProperties();
    }

    /** Starts processing. */
    public void start() {
        log.info("starting classifier {} (profiles on {}) on {}", config.applicationId(),
                config.topics().jobsProfiles().name(), config.bootstrapServers());
        streams.start();
    }

    /** Adds a JVM shutdown hook that closes the classifier. */
    public void closeOnShutdown() {
        Runtime.getRuntime().addShutdownHook(new Thread(this::close, config.applicationId() + "-shutdown"));
    }

    /** The Kafka Streams state (CREATED, RUNNING, ...). */
    public KafkaStreams.State state() {
        return streams.state();
    }

    /** The topology this app runs. */
    public Topology topology() {
        return topology;
    }

    /** Stops processing, committing what was processed, within {@link #CLOSE_TIMEOUT}. */
    @Override
    public void close() {
        var closed = streams.close(new KafkaStreams.CloseOptions().timeout(CLOSE_TIMEOUT).leaveGroup(true));
        log.info("classifier {} {}", config.applicationId(),
                closed ? "closed" : "did not close within " + CLOSE_TIMEOUT);
    }
}
