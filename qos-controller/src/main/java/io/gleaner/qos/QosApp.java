package io.gleaner.qos;

import io.gleaner.qos.topology.QosSerdes;
import io.gleaner.qos.topology.QosTopology;
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
 * The QoS controller's composition root: configuration to topology to {@link KafkaStreams}, closed with a timeout.
 *
 * <pre>{@code
 * try (var app = new QosApp(QosConfig.defaults().withBootstrapServers("kafka:9092"), registry)) {
 *     app.start();
 *     ...
 * }
 * }</pre>
 */
public final class QosApp implements AutoCloseable {

    /** How long {@link #close()} waits for Kafka Streams to commit and stop. */
    public static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(30);

    private static final Logger log = LoggerFactory.getLogger(QosApp.class);

    private final QosConfig config;
    private final Topology topology;
    private final KafkaStreams streams;

    /** A QoS controller stage whose serdes talk to the registry of {@code config}. */
    public QosApp(QosConfig config) {
        this(config, new RestSchemaRegistryClient(config.registry()));
    }

    /** A QoS controller stage whose serdes talk to {@code registry}. */
    public QosApp(QosConfig config, SchemaRegistryClient registry) {
        this.config = Objects.requireNonNull(config, "config");
        this.topology = QosTopology.build(config.topics(), QosSerdes.with(registry), config);
        this.streams = new KafkaStreams(topology, streamsProperties(config));
        streams.setUncaughtExceptionHandler(exception -> {
            log.error("QoS controller {} stops after an unexpected error", config.applicationId(), exception);
            return StreamsUncaughtExceptionHandler.StreamThreadExceptionResponse.SHUTDOWN_CLIENT;
        });
    }

    /** The Kafka Streams settings ({@link QosConfig#streamsProperties()}), as the tests use them. */
    public static Properties streamsProperties(QosConfig config) {
        return config.streamsProperties();
    }

    /** Starts processing. */
    public void start() {
        log.info("starting QoS controller {} ({} every {} ms, safety margins cpu {} ram {}, actions on {}) on {}",
                config.applicationId(), config.mode().configValue(), config.periodMs(), config.cpuSafetyMargin(),
                config.ramSafetyMargin(), config.topics().qosActions().name(), config.bootstrapServers());
        streams.start();
    }

    /** Adds a JVM shutdown hook that closes the QoS controller. */
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
        log.info("QoS controller {} {}", config.applicationId(),
                closed ? "closed" : "did not close within " + CLOSE_TIMEOUT);
    }
}
