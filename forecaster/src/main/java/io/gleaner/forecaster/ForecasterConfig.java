package io.gleaner.forecaster;

import static io.gleaner.schemas.SettingValues.decimal;
import static io.gleaner.schemas.SettingValues.duration;
import static io.gleaner.schemas.SettingValues.intValue;
import static io.gleaner.schemas.SettingValues.text;
import static io.gleaner.schemas.streams.StageSettings.requireName;

import io.gleaner.schemas.Topics;
import io.gleaner.schemas.avro.Metric;
import io.gleaner.schemas.serde.RegistryConfig;
import io.gleaner.schemas.streams.StageSettings;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;

/**
 * The forecaster stage's settings, validated here and in {@link ForecastSettings} and nowhere else. Each field has
 * a named default and a namespaced property key ({@link #from} reads them); durations are ISO-8601
 * ({@code P7D}, {@code PT1H}, {@code PT3M}).
 *
 * @param applicationId    Kafka Streams {@code application.id}, prefix of the changelog topics
 *                         ({@value #APPLICATION_ID})
 * @param instanceId       the static group member id of this instance ({@code group.instance.id}), or empty for a
 *                         dynamic member ({@value #INSTANCE_ID}, empty by default). With one, a restarted instance
 *                         takes its tasks back at once ({@link ForecasterApp#close()} leaves the group); without,
 *                         a restart within the session timeout (45 s) waits for the old member to expire. Each
 *                         instance of one application id needs its own.
 * @param commitIntervalMs how often Kafka Streams commits, in ms ({@value #COMMIT_INTERVAL_MS})
 * @param streamThreads    stream threads of this instance ({@value #STREAM_THREADS})
 * @param stateDir         where the RocksDB stores live ({@value #STATE_DIR})
 * @param bootstrapServers the Kafka cluster ({@value #BOOTSTRAP_SERVERS})
 * @param topicPrefix      prefix of every topic name ({@value #TOPIC_PREFIX})
 * @param registry         the schema registry
 * @param settings         window, refit period, step, max hold, horizon, quantile, staleness and safety margins
 */
public record ForecasterConfig(String applicationId, String instanceId, long commitIntervalMs, int streamThreads,
                               Path stateDir, String bootstrapServers, String topicPrefix, RegistryConfig registry,
                               ForecastSettings settings) {

    /** Property key of {@link #applicationId()}. */
    public static final String APPLICATION_ID = "gleaner.forecaster.application-id";
    /** Property key of {@link #instanceId()}. */
    public static final String INSTANCE_ID = "gleaner.forecaster.instance-id";
    /** Property key of {@link #commitIntervalMs()}. */
    public static final String COMMIT_INTERVAL_MS = "gleaner.forecaster.commit-interval-ms";
    /** Property key of {@link #streamThreads()}. */
    public static final String STREAM_THREADS = "gleaner.forecaster.stream-threads";
    /** Property key of {@link #stateDir()}. */
    public static final String STATE_DIR = "gleaner.forecaster.state-dir";
    /** Property key of {@link #bootstrapServers()}. */
    public static final String BOOTSTRAP_SERVERS = "gleaner.bootstrap-servers";
    /** Property key of {@link #topicPrefix()}. */
    public static final String TOPIC_PREFIX = "gleaner.topic-prefix";
    /** Property key of {@link ForecastSettings#window()}, ISO-8601. */
    public static final String WINDOW = "gleaner.forecaster.window";
    /** Property key of {@link ForecastSettings#refitPeriod()}, ISO-8601. */
    public static final String REFIT_PERIOD = "gleaner.forecaster.refit-period";
    /** Property key of {@link ForecastSettings#step()}, ISO-8601. */
    public static final String STEP = "gleaner.forecaster.step";
    /** Property key of {@link ForecastSettings#maxHold()}, ISO-8601. */
    public static final String MAX_HOLD = "gleaner.forecaster.max-hold";
    /** Property key of {@link ForecastSettings#horizon()}, in steps. */
    public static final String HORIZON = "gleaner.forecaster.horizon";
    /** Property key of {@link ForecastSettings#quantile()}. */
    public static final String QUANTILE = "gleaner.forecaster.quantile";
    /** Property key of {@link ForecastSettings#staleness()}, ISO-8601. */
    public static final String STALENESS = "gleaner.forecaster.staleness";
    /**
     * Prefix of the safety margin keys: {@code gleaner.forecaster.margin.cpu}, {@code .memory}, {@code .disk},
     * {@code .network}.
     */
    public static final String MARGIN_PREFIX = "gleaner.forecaster.margin.";

    /** Default {@link #applicationId()}. */
    public static final String DEFAULT_APPLICATION_ID = "gleaner-forecaster";
    /** Default {@link #commitIntervalMs()}: Kafka Streams' own default under exactly-once. */
    public static final long DEFAULT_COMMIT_INTERVAL_MS = 100;
    /** Default {@link #streamThreads()}. */
    public static final int DEFAULT_STREAM_THREADS = 1;
    /** Default {@link #stateDir()}, relative to the working directory. */
    public static final Path DEFAULT_STATE_DIR = Path.of("gleaner-state", "forecaster");
    /** Default {@link #bootstrapServers()}. */
    public static final String DEFAULT_BOOTSTRAP_SERVERS = "localhost:9092";
    /** Default {@link #topicPrefix()}. */
    public static final String DEFAULT_TOPIC_PREFIX = Topics.DEFAULT_PREFIX;
    /** Default schema registry URL. */
    public static final String DEFAULT_REGISTRY_URL = RegistryConfig.DEFAULT_URL;

    public ForecasterConfig {
        Objects.requireNonNull(applicationId, "applicationId");
        Objects.requireNonNull(instanceId, "instanceId");
        Objects.requireNonNull(stateDir, "stateDir");
        Objects.requireNonNull(bootstrapServers, "bootstrapServers");
        Objects.requireNonNull(topicPrefix, "topicPrefix");
        Objects.requireNonNull(registry, "registry");
        Objects.requireNonNull(settings, "settings");
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
    }

    /** Every setting at its default. */
    public static ForecasterConfig defaults() {
        return new ForecasterConfig(DEFAULT_APPLICATION_ID, "", DEFAULT_COMMIT_INTERVAL_MS, DEFAULT_STREAM_THREADS,
                DEFAULT_STATE_DIR, DEFAULT_BOOTSTRAP_SERVERS, DEFAULT_TOPIC_PREFIX,
                RegistryConfig.of(DEFAULT_REGISTRY_URL), ForecastSettings.defaults());
    }

    /**
     * Reads the settings from properties keyed as the constants of this class (plus {@link RegistryConfig}'s
     * keys); a missing key takes its default, other keys are ignored.
     *
     * @throws IllegalArgumentException naming the key and the value when one is wrong
     */
    public static ForecasterConfig from(Map<String, ?> properties) {
        var registry = RegistryConfig.fromOrDefault(properties);
        var margins = new EnumMap<Metric, Double>(Metric.class);
        for (var metric : Metric.values()) {
            if (metric != Metric.UNKNOWN) {
                margins.put(metric, decimal(properties, marginKey(metric), ForecastSettings.DEFAULT_MARGIN));
            }
        }
        var window = duration(properties, WINDOW, ForecastSettings.DEFAULT_WINDOW);
        var refitPeriod = duration(properties, REFIT_PERIOD, ForecastSettings.DEFAULT_REFIT_PERIOD);
        var step = duration(properties, STEP, ForecastSettings.DEFAULT_STEP);
        var maxHold = duration(properties, MAX_HOLD, ForecastSettings.DEFAULT_MAX_HOLD);
        int horizon = intValue(properties, HORIZON, ForecastSettings.DEFAULT_HORIZON);
        double quantile = decimal(properties, QUANTILE, ForecastSettings.DEFAULT_QUANTILE);
        var staleness = duration(properties, STALENESS, ForecastSettings.DEFAULT_STALENESS);
        ForecastSettings settings;
        try {
            settings = new ForecastSettings(window, refitPeriod, step, maxHold, horizon, quantile, staleness, margins);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("invalid gleaner.forecaster setting: " + e.getMessage(), e);
        }
        return new ForecasterConfig(
                text(properties, APPLICATION_ID, DEFAULT_APPLICATION_ID),
                text(properties, INSTANCE_ID, ""),
                intValue(properties, COMMIT_INTERVAL_MS, Math.toIntExact(DEFAULT_COMMIT_INTERVAL_MS)),
                intValue(properties, STREAM_THREADS, DEFAULT_STREAM_THREADS),
                Path.of(text(properties, STATE_DIR, DEFAULT_STATE_DIR.toString())),
                text(properties, BOOTSTRAP_SERVERS, DEFAULT_BOOTSTRAP_SERVERS),
                text(properties, TOPIC_PREFIX, DEFAULT_TOPIC_PREFIX),
                registry,
                settings);
    }

    /** The property key of {@code metric}'s safety margin, e.g. {@code gleaner.forecaster.margin.cpu}. */
    public static String marginKey(Metric metric) {
        return MARGIN_PREFIX + metric.name().toLowerCase(Locale.ROOT);
    }

    /**
     * The Kafka Streams settings of the forecaster: exactly-once (v2) and explicit names for every internal
     * resource (KIP-1111). Timestamps come from the samples' time field through the extractor the topology sets
     * on its source.
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
    public ForecasterConfig withApplicationId(String value) {
        return new ForecasterConfig(value, instanceId, commitIntervalMs, streamThreads, stateDir, bootstrapServers,
                topicPrefix, registry, settings);
    }

    /** This configuration with another static member id (empty: a dynamic member). */
    public ForecasterConfig withInstanceId(String value) {
        return new ForecasterConfig(applicationId, value, commitIntervalMs, streamThreads, stateDir,
                bootstrapServers, topicPrefix, registry, settings);
    }

    /** This configuration with another commit interval. */
    public ForecasterConfig withCommitIntervalMs(long value) {
        return new ForecasterConfig(applicationId, instanceId, value, streamThreads, stateDir, bootstrapServers,
                topicPrefix, registry, settings);
    }

    /** This configuration with another number of stream threads. */
    public ForecasterConfig withStreamThreads(int value) {
        return new ForecasterConfig(applicationId, instanceId, commitIntervalMs, value, stateDir, bootstrapServers,
                topicPrefix, registry, settings);
    }

    /** This configuration with another state directory. */
    public ForecasterConfig withStateDir(Path value) {
        return new ForecasterConfig(applicationId, instanceId, commitIntervalMs, streamThreads, value,
                bootstrapServers, topicPrefix, registry, settings);
    }

    /** This configuration with other bootstrap servers. */
    public ForecasterConfig withBootstrapServers(String value) {
        return new ForecasterConfig(applicationId, instanceId, commitIntervalMs, streamThreads, stateDir, value,
                topicPrefix, registry, settings);
    }

    /** This configuration with another topic prefix. */
    public ForecasterConfig withTopicPrefix(String value) {
        return new ForecasterConfig(applicationId, instanceId, commitIntervalMs, streamThreads, stateDir,
                bootstrapServers, value, registry, settings);
    }

    /** This configuration with another registry. */
    public ForecasterConfig withRegistry(RegistryConfig value) {
        return new ForecasterConfig(applicationId, instanceId, commitIntervalMs, streamThreads, stateDir,
                bootstrapServers, topicPrefix, value, settings);
    }

    /** This configuration with other forecast settings. */
    public ForecasterConfig withSettings(ForecastSettings value) {
        return new ForecasterConfig(applicationId, instanceId, commitIntervalMs, streamThreads, stateDir,
                bootstrapServers, topicPrefix, registry, value);
    }

}
