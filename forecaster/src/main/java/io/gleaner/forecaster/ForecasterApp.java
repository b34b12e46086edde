package io.gleaner.forecaster;

import io.gleaner.forecaster.core.Forecaster;
import io.gleaner.forecaster.topology.ForecasterSerdes;
import io.gleaner.forecaster.topology.ForecasterTopology;
import io.gleaner.schemas.serde.RestSchemaRegistryClient;
import io.gleaner.schemas.serde.SchemaRegistryClient;
import io.gleaner.runtime.StageApp;
import io.gleaner.runtime.StreamsStage;
import java.util.Objects;
import org.apache.kafka.streams.KafkaStreams;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The forecaster's composition root: configuration and a {@link Forecaster} to topology to {@link KafkaStreams},
 * closed with a timeout.
 *
 * <pre>{@code
 * var config = ForecasterConfig.defaults().withStage(s -> s.withBootstrapServers("kafka:9092"));
 * try (var app = new ForecasterApp(config, registry, Forecasters.standard())) {
 *     app.start();
 *     ...
 * }
 * }</pre>
 */
public final class ForecasterApp extends StageApp {

    private static final Logger log = LoggerFactory.getLogger(ForecasterApp.class);

    private final ForecasterConfig config;
    private final Forecaster forecaster;

    /** A forecaster stage with the stop-gap learner, whose serdes talk to the registry of {@code config}. */
    public ForecasterApp(ForecasterConfig config) {
        this(config, new RestSchemaRegistryClient(config.stage().registry()), Forecasters.standard());
    }

    /**
     * A forecaster stage whose serdes talk to {@code registry} and that refits with {@code forecaster} (pure and
     * stateless, so one instance serves every stream thread).
     */
    public ForecasterApp(ForecasterConfig config, SchemaRegistryClient registry, Forecaster forecaster) {
        super(new StreamsStage("forecaster", config.stage().applicationId(),
                ForecasterTopology.build(config.topics(), ForecasterSerdes.with(registry), config,
                        Objects.requireNonNull(forecaster, "forecaster")),
                config.streamsProperties()));
        this.config = config;
        this.forecaster = forecaster;
    }

    /** Starts processing. */
    @Override
    public void start() {
        var settings = config.settings();
        log.info("starting forecaster {} with {} (window {}, refit every {}{}, step {}, horizon {}, quantile {},"
                        + " staleness {}, margins {}) on {}", config.stage().applicationId(), forecaster.name(),
                settings.window(), settings.refitPeriod(), settings.reaction()
                        .map(r -> " and at each miss (escalation " + r.escalation() + ", at most "
                                + settings.missBudget() + " misses a day)").orElse(""),
                settings.step(), settings.horizon(), settings.quantile(), settings.staleness(), settings.margins(),
                config.stage().bootstrapServers());
        super.start();
    }
}
