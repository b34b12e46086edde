package io.gleaner.deploy.registry;

import io.gleaner.schemas.Topics;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;

/**
 * Settings of the {@link EmbeddedSchemaRegistry}.
 *
 * @param bootstrapServers Kafka to keep the schemas in
 * @param topic            the store topic; created compacted with one partition if missing (default
 *                         {@code gleaner._schemas}, see {@link #topicFor})
 * @param host             address to listen on (default {@code localhost}; {@code 0.0.0.0} for every interface)
 * @param port             port to listen on; 0 (the default) picks a free one
 * @param clientProperties settings for its Kafka admin, producer and consumer (e.g. {@code security.protocol});
 *                         it always writes with {@code acks=all} and idempotence on
 * @param timeout          how long to wait for Kafka when starting and for each write (default 30 s)
 */
public record EmbeddedSchemaRegistryConfig(String bootstrapServers, String topic, String host, int port,
                                           Map<String, Object> clientProperties, Duration timeout) {

    /** Name of the store topic after the topic prefix. */
    public static final String TOPIC_SUFFIX = "_schemas";

    public EmbeddedSchemaRegistryConfig {
        Objects.requireNonNull(bootstrapServers, "bootstrapServers");
        Objects.requireNonNull(topic, "topic");
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(timeout, "timeout");
        clientProperties = Map.copyOf(clientProperties);
        if (bootstrapServers.isBlank()) {
            throw new IllegalArgumentException("bootstrapServers must not be blank");
        }
        if (topic.isBlank()) {
            throw new IllegalArgumentException("topic must not be blank");
        }
        if (port < 0 || port > 65_535) {
            throw new IllegalArgumentException("port must be in 0..65535, was " + port);
        }
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout must be positive, was " + timeout);
        }
    }

    /** Defaults for a registry on {@code bootstrapServers}: topic {@code gleaner._schemas}, a free local port. */
    public static EmbeddedSchemaRegistryConfig of(String bootstrapServers) {
        return new EmbeddedSchemaRegistryConfig(bootstrapServers, topicFor(Topics.defaults()), "localhost", 0,
                Map.of(), Duration.ofSeconds(30));
    }

    /** The store topic that goes with a topic catalogue: its prefix followed by {@value #TOPIC_SUFFIX}. */
    public static String topicFor(Topics topics) {
        return topics.prefix() + TOPIC_SUFFIX;
    }

    public EmbeddedSchemaRegistryConfig withTopic(String newTopic) {
        return new EmbeddedSchemaRegistryConfig(bootstrapServers, newTopic, host, port, clientProperties, timeout);
    }

    public EmbeddedSchemaRegistryConfig withHost(String newHost) {
        return new EmbeddedSchemaRegistryConfig(bootstrapServers, topic, newHost, port, clientProperties, timeout);
    }

    public EmbeddedSchemaRegistryConfig withPort(int newPort) {
        return new EmbeddedSchemaRegistryConfig(bootstrapServers, topic, host, newPort, clientProperties, timeout);
    }

    public EmbeddedSchemaRegistryConfig withClientProperties(Map<String, Object> newProperties) {
        return new EmbeddedSchemaRegistryConfig(bootstrapServers, topic, host, port, newProperties, timeout);
    }

    public EmbeddedSchemaRegistryConfig withTimeout(Duration newTimeout) {
        return new EmbeddedSchemaRegistryConfig(bootstrapServers, topic, host, port, clientProperties, newTimeout);
    }
}
