package io.gleaner.deploy.registry;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Registrations in a compacted, single-partition Kafka topic. The records are laid out as in Confluent's
 * {@code _schemas} topic: key {@code {"keytype":"SCHEMA","subject":s,"version":v,"magic":1}}, value
 * {@code {"subject":s,"version":v,"id":n,"schema":text,"deleted":false}} ({@code true} once soft-deleted, a tombstone
 * once permanently deleted); compatibility settings under key {@code {"keytype":"CONFIG","subject":s,"magic":0}}
 * ({@code "subject":null} for the global one), value {@code {"compatibilityLevel":"BACKWARD"}} or a tombstone when
 * removed. A registration with references carries {@code "references":[{"name","subject","version"}]}, as
 * Confluent's {@code SchemaValue} does. Records of other key types are ignored.
 */
final class KafkaSchemaLog implements SchemaLog {

    private static final Logger log = LoggerFactory.getLogger(KafkaSchemaLog.class);
    private static final Duration POLL = Duration.ofMillis(200);
    /** Pause between two describes of a topic the broker does not know yet. */
    private static final Duration RETRY_BACKOFF = Duration.ofMillis(50);

    private final EmbeddedSchemaRegistryConfig config;
    private final ObjectMapper json = new ObjectMapper();
    private final TopicPartition partition;
    private KafkaProducer<byte[], byte[]> producer;

    KafkaSchemaLog(EmbeddedSchemaRegistryConfig config) {
        this.config = config;
        this.partition = new TopicPartition(config.topic(), 0);
    }

    @Override
    public List<RegistryRecord> replay() {
        ensureTopic();
        var stored = readToEnd();
        producer = new KafkaProducer<>(clientProperties(Map.of(
                ProducerConfig.ACKS_CONFIG, "all",
                ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true,
                ProducerConfig.CLIENT_ID_CONFIG, "gleaner-schema-registry-writer")),
                new ByteArraySerializer(), new ByteArraySerializer());
        return stored;
    }

    @Override
    public void append(RegistryRecord stored) {
        if (producer == null) {
            throw new IllegalStateException("replay() must run before append()");
        }
        var key = json.createObjectNode();
        JsonNode value = null;
        if (stored instanceof StoredSchema schema) {
            key.put("keytype", "SCHEMA").put("subject", schema.subject()).put("version", schema.version())
                    .put("magic", 1);
            var node = json.createObjectNode().put("subject", schema.subject()).put("version", schema.version())
                    .put("id", schema.id()).put("schema", schema.schema()).put("deleted", schema.deleted());
            if (!schema.references().isEmpty()) {
                var references = node.putArray("references");
                schema.references().forEach(r -> references.addObject().put("name", r.name())
                        .put("subject", r.subject()).put("version", r.version()));
            }
            value = node;
        } else if (stored instanceof ErasedVersion erased) {
            key.put("keytype", "SCHEMA").put("subject", erased.subject()).put("version", erased.version())
                    .put("magic", 1);
        } else if (stored instanceof StoredConfig config) {
            key.put("keytype", "CONFIG").put("subject", config.subject().orElse(null)).put("magic", 0);
            value = config.level().map(level -> (JsonNode) json.createObjectNode()
                    .put("compatibilityLevel", level.name())).orElse(null);
        }
        try {
            producer.send(new ProducerRecord<>(config.topic(), 0, bytes(key), value == null ? null : bytes(value)))
                    .get(config.timeout().toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while writing " + stored + " to " + config.topic(), e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("could not write " + stored + " to " + config.topic() + ": "
                    + e.getCause(), e.getCause());
        } catch (TimeoutException e) {
            throw new IllegalStateException("no acknowledgement within " + config.timeout() + " for " + stored
                    + " written to " + config.topic(), e);
        }
    }

    @Override
    public void close() {
        if (producer != null) {
            producer.close(config.timeout());
        }
    }

    /** Creates the topic (compacted, one partition) if missing; refuses one that would lose or reorder schemas. */
    private void ensureTopic() {
        var topic = config.topic();
        try (var admin = Admin.create(clientProperties(Map.of(AdminClientConfig.CLIENT_ID_CONFIG,
                "gleaner-schema-registry-admin")))) {
            try {
                admin.createTopics(List.of(new NewTopic(topic, Optional.of(1), Optional.empty())
                        .configs(Map.of(TopicConfig.CLEANUP_POLICY_CONFIG, TopicConfig.CLEANUP_POLICY_COMPACT))))
                        .all().get(config.timeout().toMillis(), TimeUnit.MILLISECONDS);
                log.info("created schema store topic {}", topic);
            } catch (ExecutionException e) {
                if (!(e.getCause() instanceof TopicExistsException)) {
                    throw new IllegalStateException("could not create schema store topic " + topic + ": "
                            + e.getCause(), e.getCause());
                }
            }
            long deadline = System.nanoTime() + config.timeout().toNanos();
            var description = onceVisible(deadline, () -> admin.describeTopics(List.of(topic)).allTopicNames()
                    .get(config.timeout().toMillis(), TimeUnit.MILLISECONDS).get(topic));
            if (description.partitions().size() != 1) {
                throw new IllegalStateException("schema store topic " + topic + " has "
                        + description.partitions().size() + " partitions; it needs exactly 1 to keep ids in order");
            }
            var resource = new ConfigResource(ConfigResource.Type.TOPIC, topic);
            var policy = onceVisible(deadline, () -> admin.describeConfigs(List.of(resource)).all()
                    .get(config.timeout().toMillis(), TimeUnit.MILLISECONDS).get(resource)
                    .get(TopicConfig.CLEANUP_POLICY_CONFIG).value());
            if (!policy.contains(TopicConfig.CLEANUP_POLICY_COMPACT) || policy.contains(TopicConfig.CLEANUP_POLICY_DELETE)) {
                throw new IllegalStateException("schema store topic " + topic + " has cleanup.policy=" + policy
                        + "; it needs compact, or old schemas would be deleted");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while preparing schema store topic " + topic, e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("could not describe schema store topic " + topic + ": " + e.getCause(),
                    e.getCause());
        } catch (TimeoutException e) {
            throw new IllegalStateException("Kafka at " + config.bootstrapServers() + " did not answer within "
                    + config.timeout() + " while preparing schema store topic " + topic, e);
        }
    }

    /** A call about the schema topic that may run before the topic is in every broker's metadata. */
    private interface TopicCall<T> {
        T call() throws InterruptedException, ExecutionException, TimeoutException;
    }

    /**
     * {@code call}, asked again while the broker does not know the topic yet, until {@code deadline}
     * ({@link System#nanoTime()}): a topic just created reaches the brokers' metadata asynchronously, so the first
     * describe may answer UNKNOWN_TOPIC_OR_PARTITION.
     */
    private static <T> T onceVisible(long deadline, TopicCall<T> call)
            throws InterruptedException, ExecutionException, TimeoutException {
        while (true) {
            try {
                return call.call();
            } catch (ExecutionException e) {
                if (!(e.getCause() instanceof UnknownTopicOrPartitionException) || System.nanoTime() > deadline) {
                    throw e;
                }
                Thread.sleep(RETRY_BACKOFF.toMillis());
            }
        }
    }

    private List<RegistryRecord> readToEnd() {
        var stored = new ArrayList<RegistryRecord>();
        try (var consumer = new KafkaConsumer<>(clientProperties(Map.of(
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false,
                ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed",
                ConsumerConfig.CLIENT_ID_CONFIG, "gleaner-schema-registry-reader")),
                new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
            consumer.assign(Set.of(partition));
            consumer.seekToBeginning(Set.of(partition));
            long end = consumer.endOffsets(Set.of(partition), config.timeout()).get(partition);
            // A monotonic deadline, not the wall clock: this bounds a start-up wait and decides nothing.
            long deadline = System.nanoTime() + config.timeout().toNanos();
            while (consumer.position(partition, config.timeout()) < end) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("could not read schema store topic " + config.topic()
                            + " to offset " + end + " within " + config.timeout());
                }
                for (var record : consumer.poll(POLL)) {
                    parse(record.key(), record.value(), record.offset()).ifPresent(stored::add);
                }
            }
            log.info("read {} registry records from {} (end offset {})", stored.size(), config.topic(), end);
        }
        return stored;
    }

    private Optional<RegistryRecord> parse(byte[] key, byte[] value, long offset) {
        try {
            JsonNode keyNode = key == null ? null : json.readTree(key);
            var keyType = keyNode == null ? "" : keyNode.path("keytype").asText();
            if (keyType.equals("CONFIG")) {
                return Optional.of(parseConfig(keyNode, value));
            }
            if (!keyType.equals("SCHEMA")) {
                log.debug("skipping record of key type '{}' at {}:{}", keyType, config.topic(), offset);
                return Optional.empty();
            }
            if (value == null) {
                if (!keyNode.hasNonNull("subject") || !keyNode.path("version").canConvertToInt()) {
                    throw new IllegalArgumentException("tombstone key has no subject and int version: " + keyNode);
                }
                return Optional.of(new ErasedVersion(keyNode.get("subject").asText(), keyNode.get("version").asInt()));
            }
            var node = json.readTree(value);
            for (var field : List.of("subject", "version", "id", "schema")) {
                if (!node.hasNonNull(field)) {
                    throw new IllegalArgumentException("value has no '" + field + "': " + node);
                }
            }
            if (!node.get("version").canConvertToInt() || !node.get("id").canConvertToInt()) {
                throw new IllegalArgumentException("version and id must be ints: " + node);
            }
            var references = new ArrayList<SchemaReference>();
            for (var reference : node.path("references")) {
                references.add(new SchemaReference(reference.path("name").asText(), reference.path("subject").asText(),
                        reference.path("version").asInt()));
            }
            return Optional.of(new StoredSchema(node.get("subject").asText(), node.get("version").asInt(),
                    node.get("id").asInt(), node.get("schema").asText(), references,
                    node.path("deleted").asBoolean(false)));
        } catch (IOException | RuntimeException e) {
            // The store is the registry's own topic: a record it cannot read is logged and skipped so that the
            // other schemas stay available.
            log.warn("skipping unreadable record at {} partition 0 offset {}: {}", config.topic(), offset,
                    e.toString());
            return Optional.empty();
        }
    }

    private StoredConfig parseConfig(JsonNode keyNode, byte[] value) throws IOException {
        var subject = keyNode.hasNonNull("subject") ? Optional.of(keyNode.get("subject").asText())
                : Optional.<String>empty();
        if (value == null) {
            return new StoredConfig(subject, Optional.empty());
        }
        var name = json.readTree(value).path("compatibilityLevel").asText(null);
        var level = Compatibility.parse(name)
                .orElseThrow(() -> new IllegalArgumentException("unknown compatibilityLevel '" + name + "'"));
        return new StoredConfig(subject, Optional.of(level));
    }

    private Map<String, Object> clientProperties(Map<String, Object> own) {
        var properties = new HashMap<String, Object>(config.clientProperties());
        properties.putAll(own);
        properties.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, config.bootstrapServers());
        return properties;
    }

    private byte[] bytes(JsonNode node) {
        try {
            return json.writeValueAsBytes(node);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
