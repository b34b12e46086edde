package io.gleaner.planner;

import static io.gleaner.schemas.SettingValues.intValue;
import static io.gleaner.schemas.SettingValues.longValue;
import static io.gleaner.schemas.SettingValues.text;
import static io.gleaner.schemas.streams.StageSettings.requireName;

import io.gleaner.planner.core.CoshhSettings;
import io.gleaner.planner.core.PlacementPolicy;
import io.gleaner.planner.core.PolicyName;
import io.gleaner.planner.core.Pool;
import io.gleaner.planner.core.PolicySettings;
import io.gleaner.planner.core.SalamanderSettings;
import io.gleaner.schemas.Topics;
import io.gleaner.schemas.serde.RegistryConfig;
import io.gleaner.schemas.streams.StageSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import org.apache.kafka.streams.StreamsConfig;

/**
 * The planner's settings, validated here and nowhere else. Each field has a named default and a namespaced
 * property key ({@link #from} reads them); the registry settings use the keys a Confluent user knows
 * ({@code schema.registry.url}, see {@link RegistryConfig}).
 *
 * @param applicationId     Kafka Streams {@code application.id}: the consumer group, the transactional id
 *                          prefix and the prefix of the changelog topics ({@value #APPLICATION_ID})
 * @param policy            the placement policy ({@value #POLICY})
 * @param commitIntervalMs  how often Kafka Streams commits, in ms; under exactly-once this bounds how late a
 *                          placement becomes visible, so the lockstep round trip costs at least this
 *                          ({@value #COMMIT_INTERVAL_MS})
 * @param stateDir          where the RocksDB state stores live; keep it across restarts to avoid restoring
 *                          from the changelogs ({@value #STATE_DIR})
 * @param bootstrapServers  the Kafka cluster ({@value #BOOTSTRAP_SERVERS})
 * @param topicPrefix       prefix of every topic name ({@value #TOPIC_PREFIX})
 * @param registry          the schema registry
 * @param policySettings    what the policy gets besides its name: the fair policy's pools ({@value #FAIR_POOLS},
 *                          none by default) and locality delay ({@value #FAIR_LOCALITY_DELAY_MS}, default
 *                          {@link PolicySettings#DEFAULT_LOCALITY_DELAY}), COSHH's seed ({@value #COSHH_SEED},
 *                          default 0), work conservation ({@value #COSHH_WORK_CONSERVING}, default true), min-share
 *                          guarantee ({@value #COSHH_MIN_SHARE_GUARANTEE}, default true) and history
 *                          ({@value #COSHH_HISTORY_JOBS}, default {@value CoshhSettings#DEFAULT_HISTORY_JOBS} jobs);
 *                          COSHH uses the pools too, FIFO ignores them all; Salamander's seed
 *                          ({@value #SALAMANDER_SEED}), tasks per plan ({@value #SALAMANDER_TASK_BUDGET}), local-search
 *                          moves ({@value #SALAMANDER_MOVE_LIMIT}), early release ({@value #SALAMANDER_EARLY_RELEASE})
 *                          and link bandwidth ({@value #SALAMANDER_LINK_MBPS}), defaults {@link SalamanderSettings#defaults()};
 *                          whether Cuckoo and COSHH place new jobs' input ({@value #PLACE_DATA}, default true)
 */
public record PlannerConfig(String applicationId, PolicyName policy, long commitIntervalMs, Path stateDir,
                            String bootstrapServers, String topicPrefix, RegistryConfig registry,
                            PolicySettings policySettings) {

    /** Property key of {@link #applicationId()}. */
    public static final String APPLICATION_ID = "gleaner.planner.application-id";
    /** Property key of {@link #policy()}. */
    public static final String POLICY = "gleaner.planner.policy";
    /** Property key of {@link #commitIntervalMs()}. */
    public static final String COMMIT_INTERVAL_MS = "gleaner.planner.commit-interval-ms";
    /** Property key of {@link #stateDir()}. */
    public static final String STATE_DIR = "gleaner.planner.state-dir";
    /** Property key of {@link #bootstrapServers()}. */
    public static final String BOOTSTRAP_SERVERS = "gleaner.bootstrap-servers";
    /** Property key of {@link #topicPrefix()}. */
    public static final String TOPIC_PREFIX = "gleaner.topic-prefix";
    /**
     * Property key of the fair policy's pools ({@link PolicySettings#pools()}): {@code user:minShare:weight} entries
     * separated by commas, e.g. {@code alice:4:2,bob:0:1}.
     */
    public static final String FAIR_POOLS = "gleaner.planner.fair.pools";
    /** Property key of the fair policy's locality delay in ms ({@link PolicySettings#localityDelay()}). */
    public static final String FAIR_LOCALITY_DELAY_MS = "gleaner.planner.fair.locality.delay.ms";
    /** Property key of COSHH's seed ({@link CoshhSettings#seed()}). */
    public static final String COSHH_SEED = "gleaner.planner.coshh.seed";
    /** Property key of COSHH's work conservation, true or false ({@link CoshhSettings#workConserving()}). */
    public static final String COSHH_WORK_CONSERVING = "gleaner.planner.coshh.work-conserving";
    /** Property key of COSHH's min-share guarantee, true or false ({@link CoshhSettings#minShareGuarantee()}). */
    public static final String COSHH_MIN_SHARE_GUARANTEE = "gleaner.planner.coshh.min-share-guarantee";
    /** Property key of COSHH's history, in jobs ({@link CoshhSettings#historyJobs()}). */
    public static final String COSHH_HISTORY_JOBS = "gleaner.planner.coshh.history-jobs";
    /** Property key of Salamander's seed ({@link SalamanderSettings#seed()}). */
    public static final String SALAMANDER_SEED = "gleaner.planner.salamander.seed";
    /** Property key of Salamander's tasks per plan ({@link SalamanderSettings#taskBudget()}). */
    public static final String SALAMANDER_TASK_BUDGET = "gleaner.planner.salamander.task-budget";
    /** Property key of Salamander's local-search moves per plan ({@link SalamanderSettings#moveLimit()}). */
    public static final String SALAMANDER_MOVE_LIMIT = "gleaner.planner.salamander.move-limit";
    /** Property key of the link bandwidth Salamander counts chunk copies at, in Mbit/s. */
    public static final String SALAMANDER_LINK_MBPS = "gleaner.planner.salamander.link-mbps";
    /** Property key of Salamander's early release, true or false ({@link SalamanderSettings#earlyRelease()}). */
    public static final String SALAMANDER_EARLY_RELEASE = "gleaner.planner.salamander.early-release";

    /** Property key of {@link PolicySettings#placeData()}, true or false. */
    public static final String PLACE_DATA = "gleaner.planner.place-data";

    /** Default {@link #applicationId()}. */
    public static final String DEFAULT_APPLICATION_ID = "gleaner-planner";
    /** Default {@link #policy()}. */
    public static final PolicyName DEFAULT_POLICY = PolicyName.FIFO;
    /** Default {@link #commitIntervalMs()}: Kafka Streams' own default under exactly-once. */
    public static final long DEFAULT_COMMIT_INTERVAL_MS = 100;
    /** Default {@link #stateDir()}, relative to the working directory. */
    public static final Path DEFAULT_STATE_DIR = Path.of("gleaner-state", "planner");
    /** Default {@link #bootstrapServers()}. */
    public static final String DEFAULT_BOOTSTRAP_SERVERS = "localhost:9092";
    /** Default {@link #topicPrefix()}. */
    public static final String DEFAULT_TOPIC_PREFIX = Topics.DEFAULT_PREFIX;
    /** Default schema registry URL. */
    public static final String DEFAULT_REGISTRY_URL = RegistryConfig.DEFAULT_URL;

    public PlannerConfig {
        Objects.requireNonNull(applicationId, "applicationId");
        Objects.requireNonNull(policy, "policy");
        Objects.requireNonNull(stateDir, "stateDir");
        Objects.requireNonNull(bootstrapServers, "bootstrapServers");
        Objects.requireNonNull(topicPrefix, "topicPrefix");
        Objects.requireNonNull(registry, "registry");
        Objects.requireNonNull(policySettings, "policySettings");
        requireName(APPLICATION_ID, applicationId);
        if (commitIntervalMs <= 0) {
            throw new IllegalArgumentException(COMMIT_INTERVAL_MS + " must be > 0, was " + commitIntervalMs);
        }
        if (bootstrapServers.isBlank()) {
            throw new IllegalArgumentException(BOOTSTRAP_SERVERS + " must not be blank");
        }
        if (!topicPrefix.isEmpty()) {
            requireName(TOPIC_PREFIX, topicPrefix);
        }
    }

    /** These settings with the policy settings at their defaults ({@link PolicySettings#defaults()}). */
    public PlannerConfig(String applicationId, PolicyName policy, long commitIntervalMs, Path stateDir,
                         String bootstrapServers, String topicPrefix, RegistryConfig registry) {
        this(applicationId, policy, commitIntervalMs, stateDir, bootstrapServers, topicPrefix, registry,
                PolicySettings.defaults());
    }

    /** Every setting at its default. */
    public static PlannerConfig defaults() {
        return new PlannerConfig(DEFAULT_APPLICATION_ID, DEFAULT_POLICY, DEFAULT_COMMIT_INTERVAL_MS, DEFAULT_STATE_DIR,
                DEFAULT_BOOTSTRAP_SERVERS, DEFAULT_TOPIC_PREFIX, RegistryConfig.of(DEFAULT_REGISTRY_URL),
                PolicySettings.defaults());
    }

    /**
     * Reads the settings from properties keyed as the constants of this class (plus {@link RegistryConfig}'s
     * keys); a missing key takes its default, other keys are ignored.
     *
     * @throws IllegalArgumentException naming the key and the value when one is wrong
     */
    public static PlannerConfig from(Map<String, ?> properties) {
        var registry = RegistryConfig.fromOrDefault(properties);
        return new PlannerConfig(
                text(properties, APPLICATION_ID, DEFAULT_APPLICATION_ID),
                PolicyName.parse(text(properties, POLICY, DEFAULT_POLICY.configValue())),
                longValue(properties, COMMIT_INTERVAL_MS, DEFAULT_COMMIT_INTERVAL_MS),
                Path.of(text(properties, STATE_DIR, DEFAULT_STATE_DIR.toString())),
                text(properties, BOOTSTRAP_SERVERS, DEFAULT_BOOTSTRAP_SERVERS),
                text(properties, TOPIC_PREFIX, DEFAULT_TOPIC_PREFIX),
                registry,
                policySettings(properties));
    }

    private static PolicySettings policySettings(Map<String, ?> properties) {
        List<Pool> pools;
        try {
            pools = PolicySettings.parsePools(text(properties, FAIR_POOLS, ""));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(FAIR_POOLS + ": " + e.getMessage(), e);
        }
        long delayMs = longValue(properties, FAIR_LOCALITY_DELAY_MS, PolicySettings.DEFAULT_LOCALITY_DELAY.toMillis());
        if (delayMs < 0) {
            throw new IllegalArgumentException(FAIR_LOCALITY_DELAY_MS + " must be >= 0, was " + delayMs);
        }
        var coshhDefaults = CoshhSettings.defaults();
        boolean workConserving = bool(properties, COSHH_WORK_CONSERVING, coshhDefaults.workConserving());
        boolean minShareGuarantee = bool(properties, COSHH_MIN_SHARE_GUARANTEE, coshhDefaults.minShareGuarantee());
        int historyJobs = intValue(properties, COSHH_HISTORY_JOBS, coshhDefaults.historyJobs());
        if (historyJobs < 1) {
            throw new IllegalArgumentException(COSHH_HISTORY_JOBS + " must be >= 1, was " + historyJobs);
        }
        var coshh = new CoshhSettings(longValue(properties, COSHH_SEED, coshhDefaults.seed()),
                workConserving, minShareGuarantee, historyJobs);
        var salamanderDefaults = SalamanderSettings.defaults();
        var salamander = new SalamanderSettings(salamanderDefaults.window(), salamanderDefaults.replanEvery(),
                intValue(properties, SALAMANDER_TASK_BUDGET, salamanderDefaults.taskBudget()),
                longValue(properties, SALAMANDER_MOVE_LIMIT, salamanderDefaults.moveLimit()),
                longValue(properties, SALAMANDER_SEED, salamanderDefaults.seed()),
                bool(properties, SALAMANDER_EARLY_RELEASE, salamanderDefaults.earlyRelease()),
                longValue(properties, SALAMANDER_LINK_MBPS, salamanderDefaults.linkBitsPerSecond() / 1_000_000)
                        * 1_000_000);
        return new PolicySettings(pools, Duration.ofMillis(delayMs), coshh, salamander,
                bool(properties, PLACE_DATA, true));
    }

    private static boolean bool(Map<String, ?> properties, String key, boolean defaultValue) {
        var value = text(properties, key, Boolean.toString(defaultValue));
        if (!value.equals("true") && !value.equals("false")) {
            throw new IllegalArgumentException(key + " must be true or false, was '" + value + "'");
        }
        return Boolean.parseBoolean(value);
    }

    /** A new instance of the configured policy with the configured settings. */
    public PlacementPolicy createPolicy() {
        return policy.create(policySettings);
    }

    /**
     * The Kafka Streams settings of the planner. Exactly-once (v2); explicit names for every internal resource
     * (KIP-1111), so that an unnamed store or topic stops the topology from building; and
     * {@code max.task.idle.ms=0} as the lockstep protocol (notes/lockstep.md) relies on: within the one task,
     * the record with the smallest timestamp among the partitions with data goes first. The stream thread's
     * consumer is a static member ({@code group.instance.id} = application id). Timestamps come from
     * each input's event-time field through the extractors the topology sets on its sources.
     */
    public Properties streamsProperties() {
        // One stream thread, a static member whose id is the application id: the planner is one instance per
        // application id, so a restarted planner takes its task over at once instead of waiting for the old
        // member's session to time out (and KafkaStreams can only make a static member leave the group on close).
        // A second instance with the same id fences the first, which is what a singleton wants.
        var props = StageSettings.streamsProperties(applicationId, bootstrapServers, stateDir, commitIntervalMs, 1,
                applicationId);
        props.put(StreamsConfig.MAX_TASK_IDLE_MS_CONFIG, "0");
        // The stream thread commits only between polls; with the default 100 ms poll a quiet planner holds a
        // finished round's placements back until the poll times out. A short poll lets it commit right away.
        props.put(StreamsConfig.POLL_MS_CONFIG, "5");
        return props;
    }

    /** The topic catalogue with this configuration's prefix. */
    public Topics topics() {
        return Topics.withPrefix(topicPrefix);
    }

    /** This configuration with another application id. */
    public PlannerConfig withApplicationId(String value) {
        return new PlannerConfig(value, policy, commitIntervalMs, stateDir, bootstrapServers, topicPrefix,
                registry, policySettings);
    }

    /** This configuration with another policy. */
    public PlannerConfig withPolicy(PolicyName value) {
        return new PlannerConfig(applicationId, value, commitIntervalMs, stateDir, bootstrapServers, topicPrefix,
                registry, policySettings);
    }

    /** This configuration with another commit interval. */
    public PlannerConfig withCommitIntervalMs(long value) {
        return new PlannerConfig(applicationId, policy, value, stateDir, bootstrapServers, topicPrefix,
                registry, policySettings);
    }

    /** This configuration with another state directory. */
    public PlannerConfig withStateDir(Path value) {
        return new PlannerConfig(applicationId, policy, commitIntervalMs, value, bootstrapServers, topicPrefix,
                registry, policySettings);
    }

    /** This configuration with other bootstrap servers. */
    public PlannerConfig withBootstrapServers(String value) {
        return new PlannerConfig(applicationId, policy, commitIntervalMs, stateDir, value, topicPrefix,
                registry, policySettings);
    }

    /** This configuration with another topic prefix. */
    public PlannerConfig withTopicPrefix(String value) {
        return new PlannerConfig(applicationId, policy, commitIntervalMs, stateDir, bootstrapServers, value,
                registry, policySettings);
    }

    /** This configuration with another registry. */
    public PlannerConfig withRegistry(RegistryConfig value) {
        return new PlannerConfig(applicationId, policy, commitIntervalMs, stateDir, bootstrapServers, topicPrefix,
                value, policySettings);
    }

    /** This configuration with other policy settings. */
    public PlannerConfig withPolicySettings(PolicySettings value) {
        return new PlannerConfig(applicationId, policy, commitIntervalMs, stateDir, bootstrapServers, topicPrefix,
                registry, value);
    }

}
