package io.gleaner.qos;

import static io.gleaner.schemas.SettingValues.decimal;
import static io.gleaner.schemas.SettingValues.intValue;
import static io.gleaner.schemas.SettingValues.longValue;
import static io.gleaner.schemas.SettingValues.text;
import static io.gleaner.schemas.streams.StageSettings.requireName;

import io.gleaner.qos.core.QosMode;
import io.gleaner.qos.core.QosSettings;
import io.gleaner.schemas.Topics;
import io.gleaner.schemas.serde.RegistryConfig;
import io.gleaner.schemas.streams.StageSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;

/**
 * The QoS controller stage's settings, validated here and nowhere else. Each field has a named default and a
 * namespaced property key ({@link #from} reads them).
 *
 * @param applicationId     Kafka Streams {@code application.id}, prefix of the changelog and repartition topics
 *                          ({@value #APPLICATION_ID})
 * @param instanceId        the static group member id of this instance ({@code group.instance.id}), or empty for a
 *                          dynamic member ({@value #INSTANCE_ID}, empty by default)
 * @param commitIntervalMs  how often Kafka Streams commits, in ms ({@value #COMMIT_INTERVAL_MS})
 * @param streamThreads     stream threads of this instance ({@value #STREAM_THREADS})
 * @param stateDir          where the RocksDB store lives ({@value #STATE_DIR})
 * @param bootstrapServers  the Kafka cluster ({@value #BOOTSTRAP_SERVERS})
 * @param topicPrefix       prefix of every topic name ({@value #TOPIC_PREFIX})
 * @param registry          the schema registry
 * @param mode              salamander (throttle CPU, kill on RAM) or cuckoo (kill on any violation) ({@value #MODE})
 * @param periodMs          event time between two ticks of a node, in ms, > 0 ({@value #PERIOD_MS})
 * @param cpuSafetyMargin   S(cpu), the share of a node's cores kept from the tasks, in [0, 1)
 *                          ({@value #CPU_SAFETY_MARGIN})
 * @param ramSafetyMargin   S(ram), the share of a node's RAM kept from the tasks, in [0, 1)
 *                          ({@value #RAM_SAFETY_MARGIN})
 * @param ramThresholdShare the share of the RAM margin the tasks may use before kills start, in [0, 1]
 *                          ({@value #RAM_THRESHOLD_SHARE})
 */
public record QosConfig(String applicationId, String instanceId, long commitIntervalMs, int streamThreads,
                        Path stateDir, String bootstrapServers, String topicPrefix, RegistryConfig registry,
                        QosMode mode, long periodMs, double cpuSafetyMargin, double ramSafetyMargin,
                        double ramThresholdShare) {

    /** Property key of {@link #applicationId()}. */
    public static final String APPLICATION_ID = "gleaner.qos.application-id";
    /** Property key of {@link #instanceId()}. */
    public static final String INSTANCE_ID = "gleaner.qos.instance-id";
    /** Property key of {@link #commitIntervalMs()}. */
    public static final String COMMIT_INTERVAL_MS = "gleaner.qos.commit-interval-ms";
    /** Property key of {@link #streamThreads()}. */
    public static final String STREAM_THREADS = "gleaner.qos.stream-threads";
    /** Property key of {@link #stateDir()}. */
    public static final String STATE_DIR = "gleaner.qos.state-dir";
    /** Property key of {@link #bootstrapServers()}. */
    public static final String BOOTSTRAP_SERVERS = "gleaner.bootstrap-servers";
    /** Property key of {@link #topicPrefix()}. */
    public static final String TOPIC_PREFIX = "gleaner.topic-prefix";
    /** Property key of {@link #mode()}. */
    public static final String MODE = "gleaner.qos.mode";
    /** Property key of {@link #periodMs()}. */
    public static final String PERIOD_MS = "gleaner.qos.period-ms";
    /** Property key of {@link #cpuSafetyMargin()}. */
    public static final String CPU_SAFETY_MARGIN = "gleaner.qos.cpu-safety-margin";
    /** Property key of {@link #ramSafetyMargin()}. */
    public static final String RAM_SAFETY_MARGIN = "gleaner.qos.ram-safety-margin";
    /** Property key of {@link #ramThresholdShare()}. */
    public static final String RAM_THRESHOLD_SHARE = "gleaner.qos.ram-threshold-share";

    /** Default {@link #applicationId()}. */
    public static final String DEFAULT_APPLICATION_ID = "gleaner-qos";
    /** Default {@link #commitIntervalMs()}: Kafka Streams' own default under exactly-once. */
    public static final long DEFAULT_COMMIT_INTERVAL_MS = 100;
    /** Default {@link #streamThreads()}. */
    public static final int DEFAULT_STREAM_THREADS = 1;
    /** Default {@link #stateDir()}, relative to the working directory. */
    public static final Path DEFAULT_STATE_DIR = Path.of("gleaner-state", "qos");
    /** Default {@link #bootstrapServers()}. */
    public static final String DEFAULT_BOOTSTRAP_SERVERS = "localhost:9092";
    /** Default {@link #topicPrefix()}. */
    public static final String DEFAULT_TOPIC_PREFIX = Topics.DEFAULT_PREFIX;
    /** Default schema registry URL. */
    public static final String DEFAULT_REGISTRY_URL = RegistryConfig.DEFAULT_URL;
    /** Default {@link #mode()}: Salamander's controller. */
    public static final QosMode DEFAULT_MODE = QosMode.SALAMANDER;
    /**
     * Default {@link #periodMs()}: Salamander §III-D, "e.g., every 100 ms" ({@link QosSettings#DEFAULT_PERIOD}; a
     * literal here so that picocli annotations can use it, and QosConfigTest checks that the two agree).
     */
    public static final long DEFAULT_PERIOD_MS = 100;
    /** Default safety margins ({@link QosSettings#DEFAULT_SAFETY_MARGIN}, 10 %). */
    public static final double DEFAULT_SAFETY_MARGIN = QosSettings.DEFAULT_SAFETY_MARGIN;
    /** Default {@link #ramThresholdShare()} ({@link QosSettings#DEFAULT_RAM_THRESHOLD_SHARE}, 50 %). */
    public static final double DEFAULT_RAM_THRESHOLD_SHARE = QosSettings.DEFAULT_RAM_THRESHOLD_SHARE;

    public QosConfig {
        Objects.requireNonNull(applicationId, "applicationId");
        Objects.requireNonNull(instanceId, "instanceId");
        Objects.requireNonNull(stateDir, "stateDir");
        Objects.requireNonNull(bootstrapServers, "bootstrapServers");
        Objects.requireNonNull(topicPrefix, "topicPrefix");
        Objects.requireNonNull(registry, "registry");
        Objects.requireNonNull(mode, "mode");
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
        if (periodMs <= 0) {
            throw new IllegalArgumentException(PERIOD_MS + " must be > 0, was " + periodMs);
        }
        requireShare(CPU_SAFETY_MARGIN, cpuSafetyMargin, false);
        requireShare(RAM_SAFETY_MARGIN, ramSafetyMargin, false);
        requireShare(RAM_THRESHOLD_SHARE, ramThresholdShare, true);
    }

    private static void requireShare(String key, double value, boolean oneAllowed) {
        boolean ok = value >= 0 && (oneAllowed ? value <= 1 : value < 1);
        if (!ok) {
            throw new IllegalArgumentException(key + " must be in [0, 1" + (oneAllowed ? "]" : ")") + ", was "
                    + value);
        }
    }

    /** Every setting at its default. */
    public static QosConfig defaults() {
        return new QosConfig(DEFAULT_APPLICATION_ID, "", DEFAULT_COMMIT_INTERVAL_MS, DEFAULT_STREAM_THREADS,
                DEFAULT_STATE_DIR, DEFAULT_BOOTSTRAP_SERVERS, DEFAULT_TOPIC_PREFIX,
                RegistryConfig.of(DEFAULT_REGISTRY_URL), DEFAULT_MODE, DEFAULT_PERIOD_MS, DEFAULT_SAFETY_MARGIN,
                DEFAULT_SAFETY_MARGIN, DEFAULT_RAM_THRESHOLD_SHARE);
    }

    /**
     * Reads the settings from properties keyed as the constants of this class (plus {@link RegistryConfig}'s keys);
     * a missing key takes its default, other keys are ignored.
     *
     * @throws IllegalArgumentException naming the key and the value when one is wrong (for the mode, listing the
     *                                  allowed names)
     */
    public static QosConfig from(Map<String, ?> properties) {
        var registry = RegistryConfig.fromOrDefault(properties);
        QosMode mode;
        try {
            mode = QosMode.parse(text(properties, MODE, DEFAULT_MODE.configValue()));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(MODE + ": " + e.getMessage(), e);
        }
        return new QosConfig(
                text(properties, APPLICATION_ID, DEFAULT_APPLICATION_ID),
                text(properties, INSTANCE_ID, ""),
                longValue(properties, COMMIT_INTERVAL_MS, DEFAULT_COMMIT_INTERVAL_MS),
                intValue(properties, STREAM_THREADS, DEFAULT_STREAM_THREADS),
                Path.of(text(properties, STATE_DIR, DEFAULT_STATE_DIR.toString())),
                text(properties, BOOTSTRAP_SERVERS, DEFAULT_BOOTSTRAP_SERVERS),
                text(properties, TOPIC_PREFIX, DEFAULT_TOPIC_PREFIX),
                registry,
                mode,
                longValue(properties, PERIOD_MS, DEFAULT_PERIOD_MS),
                decimal(properties, CPU_SAFETY_MARGIN, DEFAULT_SAFETY_MARGIN),
                decimal(properties, RAM_SAFETY_MARGIN, DEFAULT_SAFETY_MARGIN),
                decimal(properties, RAM_THRESHOLD_SHARE, DEFAULT_RAM_THRESHOLD_SHARE));
    }

    /**
     * The core's settings: this period, margins and threshold; CPU steps and the raise rule at the core's defaults
     * (0.01-core steps, raise straight to what the owners leave, Algorithm 3 line 6).
     */
    public QosSettings settings() {
        var defaults = QosSettings.defaults();
        return new QosSettings(Duration.ofMillis(periodMs), cpuSafetyMargin, ramSafetyMargin, ramThresholdShare,
                defaults.cpuStepsPerCore(), defaults.maxCpuRaiseCores());
    }

    /**
     * The Kafka Streams settings of the stage: exactly-once (v2) and explicit names for every internal resource
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
    public QosConfig withApplicationId(String value) {
        return new QosConfig(value, instanceId, commitIntervalMs, streamThreads, stateDir, bootstrapServers,
                topicPrefix, registry, mode, periodMs, cpuSafetyMargin, ramSafetyMargin, ramThresholdShare);
    }

    /** This configuration with another static member id (empty: a dynamic member). */
    public QosConfig withInstanceId(String value) {
        return new QosConfig(applicationId, value, commitIntervalMs, streamThreads, stateDir, bootstrapServers,
                topicPrefix, registry, mode, periodMs, cpuSafetyMargin, ramSafetyMargin, ramThresholdShare);
    }

    /** This configuration with another commit interval. */
    public QosConfig withCommitIntervalMs(long value) {
        return new QosConfig(applicationId, instanceId, value, streamThreads, stateDir, bootstrapServers,
                topicPrefix, registry, mode, periodMs, cpuSafetyMargin, ramSafetyMargin, ramThresholdShare);
    }

    /** This configuration with another state directory. */
    public QosConfig withStateDir(Path value) {
        return new QosConfig(applicationId, instanceId, commitIntervalMs, streamThreads, value, bootstrapServers,
                topicPrefix, registry, mode, periodMs, cpuSafetyMargin, ramSafetyMargin, ramThresholdShare);
    }

    /** This configuration with other bootstrap servers. */
    public QosConfig withBootstrapServers(String value) {
        return new QosConfig(applicationId, instanceId, commitIntervalMs, streamThreads, stateDir, value,
                topicPrefix, registry, mode, periodMs, cpuSafetyMargin, ramSafetyMargin, ramThresholdShare);
    }

    /** This configuration with another topic prefix. */
    public QosConfig withTopicPrefix(String value) {
        return new QosConfig(applicationId, instanceId, commitIntervalMs, streamThreads, stateDir, bootstrapServers,
                value, registry, mode, periodMs, cpuSafetyMargin, ramSafetyMargin, ramThresholdShare);
    }

    /** This configuration with another registry. */
    public QosConfig withRegistry(RegistryConfig value) {
        return new QosConfig(applicationId, instanceId, commitIntervalMs, streamThreads, stateDir, bootstrapServers,
                topicPrefix, value, mode, periodMs, cpuSafetyMargin, ramSafetyMargin, ramThresholdShare);
    }

    /** This configuration with another mode. */
    public QosConfig withMode(QosMode value) {
        return new QosConfig(applicationId, instanceId, commitIntervalMs, streamThreads, stateDir, bootstrapServers,
                topicPrefix, registry, value, periodMs, cpuSafetyMargin, ramSafetyMargin, ramThresholdShare);
    }

    /** This configuration with another period. */
    public QosConfig withPeriodMs(long value) {
        return new QosConfig(applicationId, instanceId, commitIntervalMs, streamThreads, stateDir, bootstrapServers,
                topicPrefix, registry, mode, value, cpuSafetyMargin, ramSafetyMargin, ramThresholdShare);
    }

    /** This configuration with other safety margins. */
    public QosConfig withSafetyMargins(double cpu, double ram) {
        return new QosConfig(applicationId, instanceId, commitIntervalMs, streamThreads, stateDir, bootstrapServers,
                topicPrefix, registry, mode, periodMs, cpu, ram, ramThresholdShare);
    }

    /** This configuration with another RAM threshold share. */
    public QosConfig withRamThresholdShare(double value) {
        return new QosConfig(applicationId, instanceId, commitIntervalMs, streamThreads, stateDir, bootstrapServers,
                topicPrefix, registry, mode, periodMs, cpuSafetyMargin, ramSafetyMargin, value);
    }
}
