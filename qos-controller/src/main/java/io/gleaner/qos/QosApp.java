package io.gleaner.qos;

import io.gleaner.qos.topology.QosSerdes;
import io.gleaner.qos.topology.QosTopology;
import io.gleaner.schemas.serde.RestSchemaRegistryClient;
import io.gleaner.schemas.serde.SchemaRegistryClient;
import io.gleaner.runtime.StageApp;
import io.gleaner.runtime.StreamsStage;
import org.apache.kafka.streams.KafkaStreams;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The QoS controller's composition root: configuration to topology to {@link KafkaStreams}, closed with a timeout.
 *
 * <pre>{@code
 * var config = QosConfig.defaults().withStage(s -> s.withBootstrapServers("kafka:9092"));
 * try (var app = new QosApp(config, registry)) {
 *     app.start();
 *     ...
 * }
 * }</pre>
 */
public final class QosApp extends StageApp {

    private static final Logger log = LoggerFactory.getLogger(QosApp.class);

    private final QosConfig config;

    /** A QoS controller stage whose serdes talk to the registry of {@code config}. */
    public QosApp(QosConfig config) {
        this(config, new RestSchemaRegistryClient(config.stage().registry()));
    }

    /** A QoS controller stage whose serdes talk to {@code registry}. */
    public QosApp(QosConfig config, SchemaRegistryClient registry) {
        super(new StreamsStage("QoS controller", config.stage().applicationId(),
                QosTopology.build(config.topics(), QosSerdes.with(registry), config), config.streamsProperties()));
        this.config = config;
    }

    /** Starts processing. */
    @Override
    public void start() {
        log.info("starting QoS controller {} ({} every {} ms, safety margins cpu {} ram {}, actions on {}) on {}",
                config.stage().applicationId(), config.mode().configValue(), config.periodMs(),
                config.cpuSafetyMargin(), config.ramSafetyMargin(), config.topics().qosActions().name(),
                config.stage().bootstrapServers());
        super.start();
    }
}
