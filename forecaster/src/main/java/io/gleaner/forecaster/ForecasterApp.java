package io.gleaner.forecaster;

import io.gleaner.forecaster.core.Forecaster;
import io.gleaner.forecaster.topology.ForecasterSerdes;
import io.gleaner.forecaster.topology.ForecasterTopology;
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
 * The forecaster's composition root: configuration and a {@link Forecaster} to topology to {@link KafkaStreams},
 * closed with a timeout.
 *
 * <pre>{@code
 * try (var app = new ForecasterApp(ForecasterConfig.defaults().withBootstrapServers("kafka:9092"), registry,
 *         Forecasters.standard())) {
 *     app.start();
 *     ...
 * }
 * }</pre>
 */
public final class ForecasterApp implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(ForecasterApp.class);

    private final ForecasterConfig config;
    private final Forecaster forecaster;
    private final StreamsStage stage;

    /** A forecaster stage with the stop-gap learner, whose serdes talk to the registry of {@code config}. */
    public ForecasterApp(ForecasterConfig config) {
        this(config, new RestSchemaRegistryClient(config.stage().registry()), Forecasters.standard());
    }

    /**
     * A forecaster stage whose serdes talk to {@code registry} and that refits with {@code forecaster} (pure and
     * stateless, so one instance serves every stream thread).
     */
    public ForecasterApp(ForecasterConfig config, SchemaRegistryClient registry, Forecaster forecaster) {
        this.config = Objects.requireNonNull(config, "config");
        this.forecaster = Objects.requireNonNull(forecaster, "forecaster");
        var topology = ForecasterTopology.build(config.topics(), ForecasterSerdes.with(registry), config, forecaster);
        this.stage = new StreamsStage("forecaster", config.stage().applicationId(), topology,
                streamsProperties(config));
    }

    /** The Kafka Streams settings ({@link ForecasterConfig#streamsProperties()}), as the tests use them. */
    public static Properties streamsProperties(ForecasterConfig config) {
        return config.streamsProperties();
    }

    /** Starts processing. */
    public void start() {
        var settings = config.settings();
        log.info("starting forecaster {} with {} (window {}, refit every {}, step {}, horizon {}, quantile {},"
                        + " staleness {}, margins {}) on {}", config.stage().applicationId(), forecaster.name(),
                settings.window(), settings.refitPeriod(), settings.step(), settings.horizon(), settings.quantile(),
                settings.staleness(), settings.margins(), config.stage().bootstrapServers());
        stage.start();
    }

    /** Adds a JVM shutdown hook that closes the forecaster. */
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
