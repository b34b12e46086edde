package io.gleaner.ingest.adapter;

import static io.gleaner.schemas.SettingValues.longValue;
import static io.gleaner.schemas.SettingValues.text;
import static io.gleaner.schemas.streams.StageSettings.isName;
import static io.gleaner.schemas.streams.StageSettings.requireName;

import io.gleaner.ingest.mapping.Mapping;
import io.gleaner.schemas.Topics;
import io.gleaner.schemas.serde.RegistryConfig;
import io.gleaner.schemas.streams.StageSettings;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.regex.Pattern;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.processor.UsePartitionTimeOnInvalidTimestamp;

/**
 * The telemetry adapter's settings, validated here and nowhere else. Each field has a named default (where one
 * makes sense) and a namespaced property key ({@link #from} reads them).
 *
 * @param applicationId    Kafka Streams {@code application.id}: consumer group, transactional id prefix and
 *                         prefix of the changelog topic ({@value #APPLICATION_ID}; default
 *                         {@code gleaner-ingest-<preset or mapping file name>}, see {@link #defaultApplicationId})
 * @param sourceTopic      the topic the telemetry arrives on ({@value #SOURCE_TOPIC}); records of one node must
 *                         all be on one partition of it (key them by host), see {@link AdapterTopology}
 * @param mapping          a preset name ({@code telegraf-json}, {@code otlp-json}) or the path of a mapping file
 *                         ({@value #MAPPING})
 * @param commitIntervalMs how often Kafka Streams commits its exactly-once transaction, in ms; a sample becomes
 *                         visible to read-committed consumers at the latest one commit after it is processed
 *                         ({@value #COMMIT_INTERVAL_MS})
 * @param stateDir         where the store of last sample times lives; keep it across restarts to avoid restoring
 *                         it from its changelog ({@value #STATE_DIR})
 * @param streamThreads    stream threads of this instance; at most one per partition of the source topic does
 *                         work ({@value #STREAM_THREADS})
 * @param instanceId       the consumer's {@code group.instance.id} (static membership), or empty for dynamic
 *                         membership ({@value #INSTANCE_ID}; default empty). With one, a restarted instance takes
 *                         its tasks back at once; without, a restart waits for the old member's session to time
 *                         out (45 s), as Kafka Streams 4.1 can only make a static member leave on close. Each
 *                         instance of an application needs its own: a second instance with the same id fences the
 *                         first
 * @param bootstrapServers the Kafka cluster ({@value #BOOTSTRAP_SERVERS})
 * @param topicPrefix      prefix of the catalogue's topic names ({@value #TOPIC_PREFIX})
 * @param registry         the schema registry the Avro output is written with
 */
public record AdapterConfig(String applicationId, String sourceTopic, String mapping, long commitIntervalMs,
                            Path stateDir, int streamThreads, String instanceId, String bootstrapServers,
                            String topicPrefix, RegistryConfig registry) {

    /** Property key of {@link #applicationId()}. */
    public static final String APPLICATION_ID = "gleaner.ingest.application-id";
    /** Property key of {@link #sourceTopic()}. */
    public static final String SOURCE_TOPIC = "gleaner.ingest.source-topic";
    /** Property key of {@link #mapping()}. */
    public static final String MAPPING = "gleaner.ingest.mapping";
    /** Property key of {@link #commitIntervalMs()}. */
    public static final String COMMIT_INTERVAL_MS = "gleaner.ingest.commit-interval-ms";
    /** Property key of {@link #stateDir()}. */
    public static final String STATE_DIR = "gleaner.ingest.state-dir";
    /** Property key of {@link #streamThreads()}. */
    public static final String STREAM_THREADS = "gleaner.ingest.stream-threads";
    /** Property key of {@link #instanceId()}. */
    public static final String INSTANCE_ID = "gleaner.ingest.instance-id";
    /** Property key of {@link #bootstrapServers()}. */
    public static final String BOOTSTRAP_SERVERS = "gleaner.bootstrap-servers";
    /** Property key of {@link #topicPrefix()}. */
    public static final String TOPIC_PREFIX = "gleaner.topic-prefix";

    /** Prefix of the default {@link #applicationId()}. */
    public static final String APPLICATION_ID_PREFIX = "gleaner-ingest-";
    /** Default {@link #commitIntervalMs()}: Kafka Streams' own default under exactly-once. */
    public static final long DEFAULT_COMMIT_INTERVAL_MS = 100;
    /** Default {@link #stateDir()}, relative to the working directory. */
    public static final Path DEFAULT_STATE_DIR = Path.of("gleaner-state", "ingest");
    /** Default {@link #streamThreads()}. */
    public static final int DEFAULT_STREAM_THREADS = 1;
    /** Default {@link #bootstrapServers()}. */
    public static final String DEFAULT_BOOTSTRAP_SERVERS = "localhost:9092";
    /** Default {@link #topicPrefix()}. */
    public static final String DEFAULT_TOPIC_PREFIX = Topics.DEFAULT_PREFIX;
    /** Default schema registry URL. */
    public static final String DEFAULT_REGISTRY_URL = RegistryConfig.DEFAULT_URL;

    /** What Kafka allows in an application id or a topic name. */
    private static final Pattern ILLEGAL_CHARACTERS = Pattern.compile("[^a-zA-Z0-9._-]+");
    private static final int MAX_TOPIC_NAME_LENGTH = 249;

    public AdapterConfig {
        Objects.requireNonNull(applicationId, "applicationId");
        Objects.requireNonNull(sourceTopic, "sourceTopic");
        Objects.requireNonNull(mapping, "mapping");
        Objects.requireNonNull(stateDir, "stateDir");
        Objects.requireNonNull(instanceId, "instanceId");
        Objects.requireNonNull(bootstrapServers, "bootstrapServers");
        Objects.requireNonNull(topicPrefix, "topicPrefix");
        Objects.requireNonNull(registry, "registry");
        requireName(APPLICATION_ID, applicationId);
        if (!isName(sourceTopic) || sourceTopic.equals(".") || sourceTopic.equals("..")
                || sourceTopic.length() > MAX_TOPIC_NAME_LENGTH) {
            throw new IllegalArgumentException(SOURCE_TOPIC + " must be a topic name (letters, digits, '.', '_' or '-',"
                    + " at most " + MAX_TOPIC_NAME_LENGTH + " characters), was '" + sourceTopic + "'");
        }
        if (mapping.isBlank()) {
            throw new IllegalArgumentException(MAPPING + " must name a preset (" + String.join(", ", Mapping.PRESETS)
                    + ") or a mapping file");
        }
        if (commitIntervalMs <= 0) {
            throw new IllegalArgumentException(COMMIT_INTERVAL_MS + " must be > 0, was " + commitIntervalMs);
        }
        if (streamThreads < 1) {
            throw new IllegalArgumentException(STREAM_THREADS + " must be >= 1, was " + streamThreads);
        }
        if (!instanceId.isEmpty() && !isName(instanceId)) {
            throw new IllegalArgumentException(INSTANCE_ID + " must be empty or letters, digits, '.', '_' or '-', was '"
                    + instanceId + "'");
        }
        if (bootstrapServers.isBlank()) {
            throw new IllegalArgumentException(BOOTSTRAP_SERVERS + " must not be blank");
        }
        if (!topicPrefix.isEmpty()) {
            requireName(TOPIC_PREFIX, topicPrefix);
        }
        var topics = Topics.withPrefix(topicPrefix);
        if (sourceTopic.equals(topics.nodesUtilization().name()) || sourceTopic.equals(topics.deadLetters().name())) {
            throw new IllegalArgumentException(SOURCE_TOPIC + " must not be one of the adapter's outputs, was '"
                    + sourceTopic + "'");
        }
    }

    /**
     * Every setting at its default for reading {@code sourceTopic} with {@code mapping}; the application id is
     * {@link #defaultApplicationId(String)}.
     */
    public static AdapterConfig of(String sourceTopic, String mapping) {
        return new AdapterConfig(defaultApplicationId(mapping), sourceTopic, mapping, DEFAULT_COMMIT_INTERVAL_MS,
                DEFAULT_STATE_DIR, DEFAULT_STREAM_THREADS, "", DEFAULT_BOOTSTRAP_SERVERS, DEFAULT_TOPIC_PREFIX,
                RegistryConfig.of(DEFAULT_REGISTRY_URL));
    }

    /**
     * {@code gleaner-ingest-} followed by the preset's name or the mapping file's name without directories and
     * extension, characters Kafka does not allow replaced by {@code -}: {@code telegraf-json} ->
     * {@code gleaner-ingest-telegraf-json}, {@code /etc/gleaner/My Hosts.yaml} -> {@code gleaner-ingest-My-Hosts}.
     */
    public static String defaultApplicationId(String mapping) {
        Objects.requireNonNull(mapping, "mapping");
        var name = mapping;
        if (!Mapping.PRESETS.contains(mapping)) {
            var fileName = Path.of(mapping).getFileName();
            name = fileName == null ? mapping : fileName.toString();
            var dot = name.lastIndexOf('.');
            if (dot > 0) {
                name = name.substring(0, dot);
            }
        }
        name = ILLEGAL_CHARACTERS.matcher(name).replaceAll("-");
        return APPLICATION_ID_PREFIX + (name.isEmpty() ? "mapping" : name);
    }

    /**
     * Reads the settings from properties keyed as the constants of this class (plus {@link RegistryConfig}'s
     * keys). {@value #SOURCE_TOPIC} and {@value #MAPPING} are required; a missing key takes its default, other
     * keys are ignored.
     *
     * @throws IllegalArgumentException naming the key and the value when one is missing or wrong
     */
    public static AdapterConfig from(Map<String, ?> properties) {
        var registry = RegistryConfig.fromOrDefault(properties);
        var mapping = required(properties, MAPPING);
        return new AdapterConfig(
                text(properties, APPLICATION_ID, defaultApplicationId(mapping)),
                required(properties, SOURCE_TOPIC),
                mapping,
                longValue(properties, COMMIT_INTERVAL_MS, DEFAULT_COMMIT_INTERVAL_MS),
                Path.of(text(properties, STATE_DIR, DEFAULT_STATE_DIR.toString())),
                Math.toIntExact(longValue(properties, STREAM_THREADS, DEFAULT_STREAM_THREADS)),
                text(properties, INSTANCE_ID, ""),
                text(properties, BOOTSTRAP_SERVERS, DEFAULT_BOOTSTRAP_SERVERS),
                text(properties, TOPIC_PREFIX, DEFAULT_TOPIC_PREFIX),
                registry);
    }

    /**
     * The Kafka Streams settings of the adapter: exactly-once (v2); explicit names for every internal resource
     * (KIP-1111), so that an unnamed store stops the topology from building; and, for the rare source record
     * without a valid timestamp, the partition's time instead of a failure (the output's timestamps are the
     * samples' own times in any case, see {@link AdapterTopology}); static membership when {@link #instanceId()}
     * is set.
     */
    public Properties streamsProperties() {
        var props = StageSettings.streamsProperties(applicationId, bootstrapServers, stateDir, commitIntervalMs,
                streamThreads, instanceId);
        props.put(StreamsConfig.DEFAULT_TIMESTAMP_EXTRACTOR_CLASS_CONFIG,
                UsePartitionTimeOnInvalidTimestamp.class.getName());
        return props;
    }

    /** The topic catalogue with this configuration's prefix. */
    public Topics topics() {
        return Topics.withPrefix(topicPrefix);
    }

    /** This configuration with another application id. */
    public AdapterConfig withApplicationId(String value) {
        return new AdapterConfig(value, sourceTopic, mapping, commitIntervalMs, stateDir, streamThreads, instanceId,
                bootstrapServers, topicPrefix, registry);
    }

    /** This configuration with another commit interval. */
    public AdapterConfig withCommitIntervalMs(long value) {
        return new AdapterConfig(applicationId, sourceTopic, mapping, value, stateDir, streamThreads, instanceId,
                bootstrapServers, topicPrefix, registry);
    }

    /** This configuration with another state directory. */
    public AdapterConfig withStateDir(Path value) {
        return new AdapterConfig(applicationId, sourceTopic, mapping, commitIntervalMs, value, streamThreads,
                instanceId, bootstrapServers, topicPrefix, registry);
    }

    /** This configuration with another number of stream threads. */
    public AdapterConfig withStreamThreads(int value) {
        return new AdapterConfig(applicationId, sourceTopic, mapping, commitIntervalMs, stateDir, value, instanceId,
                bootstrapServers, topicPrefix, registry);
    }

    /** This configuration with another instance id (empty for dynamic membership). */
    public AdapterConfig withInstanceId(String value) {
        return new AdapterConfig(applicationId, sourceTopic, mapping, commitIntervalMs, stateDir, streamThreads,
                value, bootstrapServers, topicPrefix, registry);
    }

    /** This configuration with other bootstrap servers. */
    public AdapterConfig withBootstrapServers(String value) {
        return new AdapterConfig(applicationId, sourceTopic, mapping, commitIntervalMs, stateDir, streamThreads,
                instanceId, value, topicPrefix, registry);
    }

    /** This configuration with another topic prefix. */
    public AdapterConfig withTopicPrefix(String value) {
        return new AdapterConfig(applicationId, sourceTopic, mapping, commitIntervalMs, stateDir, streamThreads,
                instanceId, bootstrapServers, value, registry);
    }

    /** This configuration with another registry. */
    public AdapterConfig withRegistry(RegistryConfig value) {
        return new AdapterConfig(applicationId, sourceTopic, mapping, commitIntervalMs, stateDir, streamThreads,
                instanceId, bootstrapServers, topicPrefix, value);
    }

    private static String required(Map<String, ?> properties, String key) {
        var value = properties.get(key);
        if (value == null || value.toString().isBlank()) {
            throw new IllegalArgumentException(key + " is required");
        }
        return value.toString().strip();
    }

}
