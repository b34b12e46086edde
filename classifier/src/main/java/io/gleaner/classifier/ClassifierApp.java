package io.gleaner.classifier;

import io.gleaner.classifier.topology.ClassifierSerdes;
import io.gleaner.classifier.topology.ClassifierTopology;
import io.gleaner.schemas.serde.RestSchemaRegistryClient;
import io.gleaner.schemas.serde.SchemaRegistryClient;
import io.gleaner.runtime.StageApp;
import io.gleaner.runtime.StreamsStage;
import org.apache.kafka.streams.KafkaStreams;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The classifier's composition root: configuration to topology to {@link KafkaStreams}, closed with a timeout.
 *
 * <pre>{@code
 * var config = ClassifierConfig.defaults().withStage(s -> s.withBootstrapServers("kafka:9092"));
 * try (var app = new ClassifierApp(config, registry)) {
 *     app.start();
 *     ...
 * }
 * }</pre>
 */
public final class ClassifierApp extends StageApp {

    private static final Logger log = LoggerFactory.getLogger(ClassifierApp.class);

    private final ClassifierConfig config;

    /** A classifier stage whose serdes talk to the registry of {@code config}. */
    public ClassifierApp(ClassifierConfig config) {
        this(config, new RestSchemaRegistryClient(config.stage().registry()));
    }

    /** A classifier stage whose serdes talk to {@code registry}. */
    public ClassifierApp(ClassifierConfig config, SchemaRegistryClient registry) {
        super(new StreamsStage("classifier", config.stage().applicationId(),
                ClassifierTopology.build(config.topics(), ClassifierSerdes.with(registry), config),
                config.streamsProperties()));
        this.config = config;
    }

    /** Starts processing. */
    @Override
    public void start() {
        log.info("starting classifier {} (profiles on {}) on {}", config.stage().applicationId(),
                config.topics().jobsProfiles().name(), config.stage().bootstrapServers());
        super.start();
    }
}
