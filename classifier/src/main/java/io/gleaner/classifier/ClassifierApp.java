package io.gleaner.classifier;

import io.gleaner.classifier.topology.ClassifierSerdes;
import io.gleaner.classifier.topology.ClassifierTopology;
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

    private static final Logger log = LoggerFactory.getLogger(ClassifierApp.class);

    private final ClassifierConfig config;
    private final StreamsStage stage;

    /** A classifier stage whose serdes talk to the registry of {@code config}. */
    public ClassifierApp(ClassifierConfig config) {
        this(config, new RestSchemaRegistryClient(config.stage().registry()));
    }

    /** A classifier stage whose serdes talk to {@code registry}. */
    public ClassifierApp(ClassifierConfig config, SchemaRegistryClient registry) {
        this.config = Objects.requireNonNull(config, "config");
        var topology = ClassifierTopology.build(config.topics(), ClassifierSerdes.with(registry), config);
        this.stage = new StreamsStage("classifier", config.stage().applicationId(), topology,
                streamsProperties(config));
    }

    /** The Kafka Streams settings ({@link ClassifierConfig#streamsProperties()}), as the tests use them. */
    public static Properties streamsProperties(ClassifierConfig config) {
        return config.streamsProperties();
    }

    /** Starts processing. */
    public void start() {
        log.info("starting classifier {} (profiles on {}) on {}", config.stage().applicationId(),
                config.topics().jobsProfiles().name(), config.stage().bootstrapServers());
        stage.start();
    }

    /** Adds a JVM shutdown hook that closes the classifier. */
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
