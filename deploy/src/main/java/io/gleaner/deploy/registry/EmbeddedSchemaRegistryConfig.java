package io.gleaner.deploy.registry;

import io.gleaner.schemas.Topics;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeSet;

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
 * @param credentials      the user every request must authenticate as with HTTP basic auth (401 otherwise), or
 *                         empty to let anyone in (the default)
 * @param keystore         the key and certificate to serve HTTPS with, or empty for plain HTTP (the default)
 */
public record EmbeddedSchemaRegistryConfig(String bootstrapServers, String topic, String host, int port,
                                           Map<String, Object> clientProperties, Duration timeout,
                                           Optional<RegistryCredentials> credentials,
                                           Optional<RegistryKeystore> keystore) {

    /** Name of the store topic after the topic prefix. */
    public static final String TOPIC_SUFFIX = "_schemas";

    public EmbeddedSchemaRegistryConfig {
        Objects.requireNonNull(bootstrapServers, "bootstrapServers");
        Objects.requireNonNull(topic, "topic");
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(timeout, "timeout");
        Objects.requireNonNull(credentials, "credentials");
        Objects.requireNonNull(keystore, "keystore");
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
                Map.of(), Duration.ofSeconds(30), Optional.empty(), Optional.empty());
    }

    /** The store topic that goes with a topic catalogue: its prefix followed by {@value #TOPIC_SUFFIX}. */
    public static String topicFor(Topics topics) {
        return topics.prefix() + TOPIC_SUFFIX;
    }

    public EmbeddedSchemaRegistryConfig withTopic(String newTopic) {
        return new EmbeddedSchemaRegistryConfig(bootstrapServers, newTopic, host, port, clientProperties, timeout,
                credentials, keystore);
    }

    public EmbeddedSchemaRegistryConfig withHost(String newHost) {
        return new EmbeddedSchemaRegistryConfig(bootstrapServers, topic, newHost, port, clientProperties, timeout,
                credentials, keystore);
    }

    public EmbeddedSchemaRegistryConfig withPort(int newPort) {
        return new EmbeddedSchemaRegistryConfig(bootstrapServers, topic, host, newPort, clientProperties, timeout,
                credentials, keystore);
    }

    public EmbeddedSchemaRegistryConfig withClientProperties(Map<String, Object> newProperties) {
        return new EmbeddedSchemaRegistryConfig(bootstrapServers, topic, host, port, newProperties, timeout,
                credentials, keystore);
    }

    public EmbeddedSchemaRegistryConfig withCredentials(RegistryCredentials newCredentials) {
        return new EmbeddedSchemaRegistryConfig(bootstrapServers, topic, host, port, clientProperties, timeout,
                Optional.of(newCredentials), keystore);
    }

    public EmbeddedSchemaRegistryConfig withKeystore(RegistryKeystore newKeystore) {
        return new EmbeddedSchemaRegistryConfig(bootstrapServers, topic, host, port, clientProperties, timeout,
                credentials, Optional.of(newKeystore));
    }

    /** The settings with the client properties' keys only: their values may hold passwords. */
    @Override
    public String toString() {
        return "EmbeddedSchemaRegistryConfig[bootstrapServers=" + bootstrapServers + ", topic=" + topic + ", host="
                + host + ", port=" + port + ", clientProperties=" + new TreeSet<>(clientProperties.keySet())
                + ", timeout=" + timeout + ", credentials=" + credentials + ", keystore=" + keystore + "]";
    }

    public EmbeddedSchemaRegistryConfig withTimeout(Duration newTimeout) {
        return new EmbeddedSchemaRegistryConfig(bootstrapServers, topic, host, port, clientProperties, newTimeout,
                credentials, keystore);
    }
}
