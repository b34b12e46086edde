package io.gleaner.qos;

import io.gleaner.qos.topology.QosSerdes;
import io.gleaner.qos.topology.QosTopology;
import io.gleaner.schemas.serde.RestSchemaRegistryClient;
import io.gleaner.schemas.serde.SchemaRegistryClient;
import io.gleaner.schemas.streams.StreamsStage;
import java.util.Objects;
import java.util.Properties;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.Topology;
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

    private static final Logger log = LoggerFactory.getLogger(QosApp.class);

    private final QosConfig config;
    private final StreamsStage stage;

    /** A QoS controller stage whose serdes talk to the registry of {@code config}. */
    public QosApp(QosConfig config) {
        this(config, new RestSchemaRegistryClient(config.stage().registry()));
    }

    /** A QoS controller stage whose serdes talk to {@code registry}. */
    public QosApp(QosConfig config, SchemaRegistryClient registry) {
        this.config = Objects.requireNonNull(config, "config");
        var topology = QosTopology.build(config.topics(), QosSerdes.with(registry), config);
        this.stage = new StreamsStage("QoS controller", config.stage().applicationId(), topology,
                streamsProperties(config));
    }

    /** The Kafka Streams settings ({@link QosConfig#streamsProperties()}), as the tests use them. */
    public static Properties streamsProperties(QosConfig config) {
        return config.streamsProperties();
    }

    /** Starts processing. */
    public void start() {
        log.info("starting QoS controller {} ({} every {} ms, safety margins cpu {} ram {}, actions on {}) on {}",
                config.stage().applicationId(), config.mode().configValue(), config.periodMs(),
                config.cpuSafetyMargin(), config.ramSafetyMargin(), config.topics().qosActions().name(),
                config.stage().bootstrapServers());
        stage.start();
    }

    /** Adds a JVM shutdown hook that closes the QoS controller. */
    public void closeOnShutdown() {
        stage.closeOnShutdown(this::close);
    }

    /** The Kafka Streams state (CREATED, RUNNING, ...). */
    public KafkaStreams.State state() {
        return stage.state();
    }

    /** The topology this app runs. */
    public Topology topology() {
        return stage.topology();
    }

    /** Stops processing, committing what was processed, within {@link StreamsStage#CLOSE_TIMEOUT}. */
    @Override
    public void close() {
        stage.close();
    }
}
