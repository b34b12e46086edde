package io.gleaner.ingest.adapter;

import io.gleaner.ingest.mapping.Mapping;
import io.gleaner.ingest.validation.ValidationRule;
import io.gleaner.schemas.serde.RestSchemaRegistryClient;
import io.gleaner.schemas.serde.SchemaRegistryClient;
import io.gleaner.runtime.StageApp;
import io.gleaner.runtime.StreamsStage;
import java.io.IOException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.apache.kafka.streams.KafkaStreams;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The telemetry adapter's composition root: configuration and mapping to topology to {@link KafkaStreams},
 * started after checking that the source topic exists, and closed with a timeout.
 *
 * <pre>{@code
 * var config = AdapterConfig.of("telegraf", Mapping.TELEGRAF_JSON)
 *         .withStage(s -> s.withBootstrapServers("kafka:9092"));
 * try (var app = new AdapterApp(config)) {
 *     app.start();
 *     ...
 * }
 * }</pre>
 */
public final class AdapterApp extends StageApp {

    /** How long the startup check waits for the cluster to describe the source topic. */
    public static final Duration ADMIN_TIMEOUT = Duration.ofSeconds(30);

    private static final Logger log = LoggerFactory.getLogger(AdapterApp.class);

    private final AdapterConfig config;
    private final Mapping mapping;

    /**
     * An adapter that loads its mapping from {@link AdapterConfig#mapping()} and whose serdes talk to the schema
     * registry of {@code config} over HTTP.
     *
     * @throws IOException if the mapping file cannot be read
     * @throws io.gleaner.ingest.mapping.MappingException if the mapping is not valid
     */
    public AdapterApp(AdapterConfig config) throws IOException {
        this(config, Mapping.resolve(config.mapping()), new RestSchemaRegistryClient(config.stage().registry()));
    }

    /**
     * An adapter with a mapping already loaded, whose serdes talk to {@code registry} (e.g. an in-memory one
     * shared with an in-JVM run).
     */
    public AdapterApp(AdapterConfig config, Mapping mapping, SchemaRegistryClient registry) {
        super(new StreamsStage("ingest adapter", config.stage().applicationId(),
                AdapterTopology.build(config.sourceTopic(), config.topics(),
                        Objects.requireNonNull(mapping, "mapping"), AdapterSerdes.with(registry), config),
                config.streamsProperties()));
        this.config = config;
        this.mapping = mapping;
    }

    /**
     * Fails unless the source topic exists.
     *
     * @throws IllegalStateException naming the topic
     */
    public static void checkSourceTopic(Admin admin, String topic) {
        try {
            admin.describeTopics(List.of(topic)).allTopicNames().get(ADMIN_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof UnknownTopicOrPartitionException) {
                throw new IllegalStateException("source topic " + topic + " does not exist", e.getCause());
            }
            throw new IllegalStateException("cannot describe source topic " + topic + ": " + e.getCause(), e);
        } catch (TimeoutException e) {
            throw new IllegalStateException("cannot describe source topic " + topic + " within " + ADMIN_TIMEOUT, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while describing source topic " + topic, e);
        }
    }

    /** Checks the source topic, then starts processing. */
    @Override
    public void start() {
        var bootstrapServers = config.stage().bootstrapServers();
        try (var admin = Admin.create(config.stage().clientConfig())) {
            checkSourceTopic(admin, config.sourceTopic());
        }
        log.info("starting ingest adapter {}: {} ({} mapping {}) -> {} on {}", config.stage().applicationId(),
                config.sourceTopic(), mapping.format().configValue(), mapping.name(),
                config.topics().nodesUtilization().name(), bootstrapServers);
        super.start();
    }

    /** The mapping this app reads records with. */
    public Mapping mapping() {
        return mapping;
    }

    /**
     * What the adapter has counted so far over the tasks this instance runs: {@code accepted} samples,
     * {@code skipped} and {@code malformed} records, and rejected samples per validation rule
     * ({@code out-of-range}, {@code not-a-number}, {@code unknown-unit}, {@code time-backwards},
     * {@code duplicate}, {@code unknown-host}), in that order. Tasks that moved to another instance take their
     * counts with them.
     */
    public Map<String, Long> counts() {
        var counts = new LinkedHashMap<String, Long>();
        counts.put(MapAndValidateProcessor.ACCEPTED, 0L);
        counts.put(MapAndValidateProcessor.SKIPPED, 0L);
        counts.put(MapAndValidateProcessor.MALFORMED, 0L);
        for (var rule : ValidationRule.values()) {
            counts.put(MapAndValidateProcessor.operationName(rule), 0L);
        }
        stage().metrics().forEach((name, metric) -> {
            if (!name.group().equals(MapAndValidateProcessor.METRICS_GROUP) || !name.name().endsWith("-total")) {
                return;
            }
            var operation = name.name().substring(0, name.name().length() - "-total".length());
            if (counts.containsKey(operation) && metric.metricValue() instanceof Number number) {
                counts.merge(operation, number.longValue(), Long::sum);
            }
        });
        return counts;
    }

    /** Closes the stage ({@link StageApp#close()}) and logs what the adapter counted. */
    @Override
    public void close() {
        var counts = counts();
        super.close();
        log.info("ingest adapter {} counted {}", config.stage().applicationId(), counts);
    }
}
