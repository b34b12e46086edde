package io.gleaner.classifier;

import static io.gleaner.schemas.SettingValues.duration;
import static io.gleaner.schemas.SettingValues.intValue;
import static io.gleaner.schemas.SettingValues.text;
import static io.gleaner.schemas.streams.StageSettings.requireName;

import io.gleaner.schemas.Topics;
import io.gleaner.schemas.serde.RegistryConfig;
import io.gleaner.schemas.streams.StageSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;

/**
 * The classifier stage's settings, validated here and nowhere else. Each field has a named default and a namespaced
 * property key ({@link #from} reads them); durations are ISO-8601 ({@code P7D}, {@code PT1H}).
 *
 * @param applicationId    Kafka Streams {@code application.id}, prefix of the changelog and repartition topics
 *                         ({@value #APPLICATION_ID})
 * @param instanceId       the static group member id of this instance ({@code group.instance.id}), or empty for a
 *                         dynamic member ({@value #INSTANCE_ID}, empty by default); each instance of one
 *                         application id needs its own
 * @param commitIntervalMs how often Kafka Streams commits, in ms ({@value #COMMIT_INTERVAL_MS})
 * @param streamThreads    stream threads of this instance ({@value #STREAM_THREADS})
 * @param stateDir         where the RocksDB stores live ({@value #STATE_DIR})
 * @param bootstrapServers the Kafka cluster ({@value #BOOTSTRAP_SERVERS})
 * @param topicPrefix      prefix of every topic name ({@value #TOPIC_PREFIX})
 * @param registry         the schema registry
 * @param profiledRetention   how long, in event time, a profiled job keeps its marker in the job-progress store so
 *                            that a late duplicate success is recognised and ignored, and its entry in the jobs
 *                            store ({@value #PROFILED_RETENTION})
 * @param unfinishedRetention how long, in event time, a job whose run is not complete is kept after its last new
 *                            task success before the run is dropped without a profile, and a submitted job that
 *                            has reported no success is kept after its submission ({@value #UNFINISHED_RETENTION})
 */
public record ClassifierConfig(String applicationId, String instanceId, long commitIntervalMs, int streamThreads,
                               Path stateDir, String bootstrapServers, String topicPrefix, RegistryConfig registry,
                               Duration profiledRetention, Duration unfinishedRetention) {

    /** Property key of {@link #applicationId()}. */
    public static final String APPLICATION_ID = "gleaner.classifier.application-id";
    /** Property key of {@link #instanceId()}. */
    public static final String INSTANCE_ID = "gleaner.classifier.instance-id";
    /** Property key of {@link #commitIntervalMs()}. */
    public static final String COMMIT_INTERVAL_MS = "gleaner.classifier.commit-interval-ms";
    /** Property key of {@link #streamThreads()}. */
    public static final String STREAM_THREADS = "gleaner.classifier.stream-threads";
    /** Property key of {@link #stateDir()}. */
    public static final String STATE_DIR = "gleaner.classifier.state-dir";
    /** Property key of {@link #bootstrapServers()}. */
    public static final String BOOTSTRAP_SERVERS = "gleaner.bootstrap-servers";
    /** Property key of {@link #topicPrefix()}. */
    public static final String TOPIC_PREFIX = "gleaner.topic-prefix";
    /** Property key of {@link #profiledRetention()}, ISO-8601. */
    public static final String PROFILED_RETENTION = "gleaner.classifier.profiled-retention";
    /** Property key of {@link #unfinishedRetention()}, ISO-8601. */
    public static final String UNFINISHED_RETENTION = "gleaner.classifier.unfinished-retention";

    /** Default {@link #applicationId()}. */
    public static final String DEFAULT_APPLICATION_ID = "gleaner-classifier";
    /** Default {@link #commitIntervalMs()}: Kafka Streams' own default under exactly-once. */
    public static final long DEFAULT_COMMIT_INTERVAL_MS = 100;
    /** Default {@link #streamThreads()}. */
    public static final int DEFAULT_STREAM_THREADS = 1;
    /** Default {@link #stateDir()}, relative to the working directory. */
    public static final Path DEFAULT_STATE_DIR = Path.of("gleaner-state", "classifier");
    /** Default {@link #bootstrapServers()}. */
    public static final String DEFAULT_BOOTSTRAP_SERVERS = "localhost:9092";
    /** Default {@link #topicPrefix()}. */
    public static final String DEFAULT_TOPIC_PREFIX = Topics.DEFAULT_PREFIX;
    /** Default schema registry URL. */
    public static final String DEFAULT_REGISTRY_URL = RegistryConfig.DEFAULT_URL;
    /**
     * Default {@link #profiledRetention()}: 7 days. A duplicate success comes from a redelivered report or a second
     * attempt of a task, which arrive within minutes or hours of the job's end, not days; 7 days is Kafka's default
     * topic retention ({@code log.retention.hours=168}), and one marker per job of the last week is a small store.
     */
    public static final Duration DEFAULT_PROFILED_RETENTION = Duration.ofDays(7);
    /**
     * Default {@link #unfinishedRetention()}: 30 days, longer than {@link #DEFAULT_PROFILED_RETENTION} because dropping
     * a run loses its samples. The clock restarts at every new task success, so only a run with no new success for 30
     * days of event time goes (a job killed, or a task that failed and was never run again); a running job's tasks
     * succeed minutes or hours apart. Such abandoned runs are few, so a generous bound costs little store. The
     * same bound, counted from its submission, applies to a job that never reports a success: one still queued after
     * 30 days of event time is rare enough that its reports becoming dead letters (replayable) is an acceptable cost,
     * and every job of the last 30 days is one small entry.
     */
    public static final Duration DEFAULT_UNFINISHED_RETENTION = Duration.ofDays(30);

    public ClassifierConfig {
        Objects.requireNonNull(applicationId, "applicationId");
        Objects.requireNonNull(instanceId, "instanceId");
        Objects.requireNonNull(stateDir, "stateDir");
        Objects.requireNonNull(bootstrapServers, "bootstrapServers");
        Objects.requireNonNull(topicPrefix, "topicPrefix");
        Objects.requireNonNull(registry, "registry");
        requireName(APPLICATION_ID, applicationId);
        if (!instanceId.isEmpty()) {
            requireName(INSTANCE_ID, instanceId);
        }
        if (commitIntervalMs <= 0) {
            throw new IllegalArgumentException(COMMIT_INTERVAL_MS + " must be > 0, was " + commitIntervalMs);
        }
        if (streamThreads < 1) {
            throw new IllegalArgumentException(STREAM_THREADS + " must be >= 1, was " + streamThreads);
        }
        if (bootstrapServers.isBlank()) {
            throw new IllegalArgumentException(BOOTSTRAP_SERVERS + " must not be blank");
        }
        if (!topicPrefix.isEmpty()) {
            requireName(TOPIC_PREFIX, topicPrefix);
        }
        requirePositive(PROFILED_RETENTION, profiledRetention);
        requirePositive(UNFINISHED_RETENTION, unfinishedRetention);
    }

    private static void requirePositive(String key, Duration value) {
        Objects.requireNonNull(value, key);
        if (value.isNegative() || value.isZero()) {
            throw new IllegalArgumentException(key + " must be > 0, was " + value);
        }
    }

    /** Every setting at its default. */
    public static ClassifierConfig defaults() {
        return new ClassifierConfig(DEFAULT_APPLICATION_ID, "", DEFAULT_COMMIT_INTERVAL_MS, DEFAULT_STREAM_THREADS,
                DEFAULT_STATE_DIR, DEFAULT_BOOTSTRAP_SERVERS, DEFAULT_TOPIC_PREFIX,
                RegistryConfig.of(DEFAULT_REGISTRY_URL), DEFAULT_PROFILED_RETENTION, DEFAULT_UNFINISHED_RETENTION);
    }

    /**
     * Reads the settings from properties keyed as the constants of this class (plus {@link RegistryConfig}'s
     * keys); a missing key takes its default, other keys are ignored.
     *
     * @throws IllegalArgumentException naming the key and the value when one is wrong
     */
    public static ClassifierConfig from(Map<String, ?> properties) {
        var registry = RegistryConfig.fromOrDefault(properties);
        return new ClassifierConfig(
                text(properties, APPLICATION_ID, DEFAULT_APPLICATION_ID),
                text(properties, INSTANCE_ID, ""),
                intValue(properties, COMMIT_INTERVAL_MS, Math.toIntExact(DEFAULT_COMMIT_INTERVAL_MS)),
                intValue(properties, STREAM_THREADS, DEFAULT_STREAM_THREADS),
                Path.of(text(properties, STATE_DIR, DEFAULT_STATE_DIR.toString())),
                text(properties, BOOTSTRAP_SERVERS, DEFAULT_BOOTSTRAP_SERVERS),
                text(properties, TOPIC_PREFIX, DEFAULT_TOPIC_PREFIX),
                registry,
                duration(properties, PROFILED_RETENTION, DEFAULT_PROFILED_RETENTION),
                duration(properties, UNFINISHED_RETENTION, DEFAULT_UNFINISHED_RETENTION));
    }

    /**
     * The Kafka Streams settings of the classifier: exactly-once (v2) and explicit names for every internal resource
     * (KIP-1111). Timestamps come from the records' event-time fields through the extractors the topology sets on
     * its sources.
     */
    public Properties streamsProperties() {
        return StageSettings.streamsProperties(applicationId, bootstrapServers, stateDir, commitIntervalMs,
                streamThreads, instanceId);
    }

    /** The topic catalogue with this configuration's prefix. */
    public Topics topics() {
        return Topics.withPrefix(topicPrefix);
    }

    /** This configuration with another application id. */
    public ClassifierConfig withApplicationId(String value) {
        return new ClassifierConfig(value, instanceId, commitIntervalMs, streamThreads, stateDir, bootstrapServers,
                topicPrefix, registry, profiledRetention, unfinishedRetention);
    }

    /** This configuration with another static member id (empty: a dynamic member). */
    public ClassifierConfig withInstanceId(String value) {
        return new ClassifierConfig(applicationId, value, commitIntervalMs, streamThreads, stateDir,
                bootstrapServers, topicPrefix, registry, profiledRetention, unfinishedRetention);
    }

    /** This configuration with another commit interval. */
    public ClassifierConfig withCommitIntervalMs(long value) {
        return new ClassifierConfig(applicationId, instanceId, value, streamThreads, stateDir, bootstrapServers,
                topicPrefix, registry, profiledRetention, unfinishedRetention);
    }

    /** This configuration with another number of stream threads. */
    public ClassifierConfig withStreamThreads(int value) {
        return new ClassifierConfig(applicationId, instanceId, commitIntervalMs, value, stateDir, bootstrapServers,
                topicPrefix, registry, profiledRetention, unfinishedRetention);
    }

    /** This configuration with another state directory. */
    public ClassifierConfig withStateDir(Path value) {
        return new ClassifierConfig(applicationId, instanceId, commitIntervalMs, streamThreads, value,
                bootstrapServers, topicPrefix, registry, profiledRetention, unfinishedRetention);
    }

    /** This configuration with other bootstrap servers. */
    public ClassifierConfig withBootstrapServers(String value) {
        return new ClassifierConfig(applicationId, instanceId, commitIntervalMs, streamThreads, stateDir, value,
                topicPrefix, registry, profiledRetention, unfinishedRetention);
    }

    /** This configuration with another topic prefix. */
    public ClassifierConfig withTopicPrefix(String value) {
        return new ClassifierConfig(applicationId, instanceId, commitIntervalMs, streamThreads, stateDir,
                bootstrapServers, value, registry, profiledRetention, unfinishedRetention);
    }

    /** This configuration with another registry. */
    public ClassifierConfig withRegistry(RegistryConfig value) {
        return new ClassifierConfig(applicationId, instanceId, commitIntervalMs, streamThreads, stateDir,
                bootstrapServers, topicPrefix, value, profiledRetention, unfinishedRetention);
    }

    /** This configuration with another retention of profiled markers. */
    public ClassifierConfig withProfiledRetention(Duration value) {
        return new ClassifierConfig(applicationId, instanceId, commitIntervalMs, streamThreads, stateDir,
                bootstrapServers, topicPrefix, registry, value, unfinishedRetention);
    }

    /** This configuration with another retention of unfinished runs. */
    public ClassifierConfig withUnfinishedRetention(Duration value) {
        return new ClassifierConfig(applicationId, instanceId, commitIntervalMs, streamThreads, stateDir,
                bootstrapServers, topicPrefix, registry, profiledRetention, value);
    }
}
