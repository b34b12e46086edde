package io.gleaner.deploy.cli;

import io.gleaner.deploy.broker.EmbeddedBroker;
import io.gleaner.deploy.registry.EmbeddedSchemaRegistry;
import io.gleaner.deploy.registry.EmbeddedSchemaRegistryConfig;
import io.gleaner.deploy.registry.RegistryCredentials;
import io.gleaner.schemas.serde.RegistryConfig;
import io.gleaner.schemas.serde.RestSchemaRegistryClient;
import io.gleaner.schemas.serde.SchemaRegistryClient;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.apache.kafka.clients.CommonClientConfigs;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Kafka (and schema registry) a command runs against: the outside ones it was given, or embedded ones
 * it starts and stops.
 */
final class KafkaEnvironment implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(KafkaEnvironment.class);

    private final Optional<EmbeddedBroker> broker;
    private final String bootstrapServers;
    private final Map<String, String> clientProperties;
    private final Optional<EmbeddedSchemaRegistry> embeddedRegistry;
    private final Optional<RegistryConfig> registryConfig;

    private KafkaEnvironment(Optional<EmbeddedBroker> broker, String bootstrapServers,
                             Map<String, String> clientProperties, Optional<EmbeddedSchemaRegistry> embeddedRegistry,
                             Optional<RegistryConfig> registryConfig) {
        this.broker = broker;
        this.bootstrapServers = bootstrapServers;
        this.clientProperties = clientProperties;
        this.embeddedRegistry = embeddedRegistry;
        this.registryConfig = registryConfig;
    }

    /**
     * Kafka and a schema registry: the given ones, or an embedded broker on the data directory and an embedded
     * registry that keeps its schemas in the {@code <prefix>_schemas} topic of that Kafka.
     */
    static KafkaEnvironment withRegistry(KafkaOptions kafka, EmbeddedOptions embedded, RegistryOptions registry) {
        // Checked before a broker starts, so that a bad value costs nothing.
        var retries = registry.retries();
        var userInfo = registry.basicAuthUserInfo();
        var credentials = userInfo.map(RegistryCredentials::parse);
        var keystore = registry.registryKeystore();
        var kafkaOnly = kafkaOnly(kafka, embedded);
        try {
            if (registry.schemaRegistryUrl().isPresent()) {
                var settings = new HashMap<String, Object>();
                settings.put(RegistryConfig.SCHEMA_REGISTRY_URL, registry.schemaRegistryUrl().get());
                userInfo.ifPresent(value -> settings.put(RegistryConfig.BASIC_AUTH_USER_INFO, value));
                return new KafkaEnvironment(kafkaOnly.broker, kafkaOnly.bootstrapServers, kafkaOnly.clientProperties,
                        Optional.empty(), Optional.of(RegistryConfig.from(settings).withRetries(retries)));
            }
            var config = EmbeddedSchemaRegistryConfig.of(kafkaOnly.bootstrapServers)
                    .withTopic(EmbeddedSchemaRegistryConfig.topicFor(kafka.topics()))
                    .withHost(registry.registryHost)
                    .withPort(registry.registryPort)
                    .withClientProperties(Map.copyOf(kafkaOnly.clientProperties));
            config = credentials.map(config::withCredentials).orElse(config);
            var started = new EmbeddedSchemaRegistry(keystore.map(config::withKeystore).orElse(config)).start();
            log.info("schema registry serving at {}", started.url());
            var client = new HashMap<String, Object>(Map.of(RegistryConfig.SCHEMA_REGISTRY_URL, started.url()));
            userInfo.ifPresent(value -> client.put(RegistryConfig.BASIC_AUTH_USER_INFO, value));
            return new KafkaEnvironment(kafkaOnly.broker, kafkaOnly.bootstrapServers, kafkaOnly.clientProperties,
                    Optional.of(started), Optional.of(RegistryConfig.from(client).withRetries(retries)));
        } catch (RuntimeException e) {
            kafkaOnly.close();
            throw e;
        }
    }

    /** Kafka only: the given bootstrap servers, or an embedded broker on the data directory. */
    static KafkaEnvironment kafkaOnly(KafkaOptions kafka, EmbeddedOptions embedded) {
        // Read before a broker starts, so that a missing file costs nothing.
        var clientProperties = kafka.clientProperties();
        if (kafka.bootstrapServers().isPresent()) {
            return new KafkaEnvironment(Optional.empty(), kafka.bootstrapServers().get(), clientProperties,
                    Optional.empty(), Optional.empty());
        }
        if (embedded.fresh) {
            deleteRecursively(embedded.dataDir);
        }
        var broker = EmbeddedBroker.start(embedded.dataDir, embedded.brokerPort, Map.of());
        return new KafkaEnvironment(Optional.of(broker), broker.bootstrapServers(), clientProperties, Optional.empty(),
                Optional.empty());
    }

    String bootstrapServers() {
        return bootstrapServers;
    }

    /** The properties of {@code --kafka-config} (empty without it), for the stages' {@code StageSettings}. */
    Map<String, String> clientProperties() {
        return clientProperties;
    }

    /**
     * What every client of the command starts from: the {@code --kafka-config} properties and the bootstrap servers
     * over them. A client puts its own settings on top.
     */
    Map<String, Object> clientConfig() {
        var config = new HashMap<String, Object>(clientProperties);
        config.put(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        return config;
    }

    /** {@link #clientConfig()} with {@code own} on top. */
    Map<String, Object> clientConfig(Map<String, ?> own) {
        var config = clientConfig();
        config.putAll(own);
        return config;
    }

    /** The registry's settings; only for an environment made {@link #withRegistry}. */
    RegistryConfig registryConfig() {
        return registryConfig.orElseThrow(() -> new IllegalStateException("this environment has no schema registry"));
    }

    /** A client of the registry, with its own cache. */
    SchemaRegistryClient registryClient() {
        return new RestSchemaRegistryClient(registryConfig());
    }

    @Override
    public void close() {
        embeddedRegistry.ifPresent(EmbeddedSchemaRegistry::close);
        broker.ifPresent(EmbeddedBroker::close);
    }

    static void deleteRecursively(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        log.info("deleting {} (--fresh)", dir);
        try (Stream<Path> paths = Files.walk(dir)) {
            for (var path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + dir + ": " + e.getMessage(), e);
        }
    }
}
