package io.gleaner.planner;

import static io.gleaner.schemas.SettingValues.flag;
import static io.gleaner.schemas.SettingValues.intValue;
import static io.gleaner.schemas.SettingValues.longValue;
import static io.gleaner.schemas.SettingValues.text;

import io.gleaner.planner.core.NodeLiveness;
import io.gleaner.planner.core.PlacementPolicy;
import io.gleaner.planner.core.PolicyName;
import io.gleaner.planner.core.Pool;
import io.gleaner.planner.core.RetryRules;
import io.gleaner.planner.core.coshh.CoshhSettings;
import io.gleaner.planner.core.policies.Policies;
import io.gleaner.planner.core.policies.PolicySettings;
import io.gleaner.planner.core.salamander.SalamanderSettings;
import io.gleaner.runtime.StageSettings;
import io.gleaner.schemas.Topics;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.function.UnaryOperator;
import org.apache.kafka.streams.StreamsConfig;

/**
 * The planner's settings, validated here and in {@link StageSettings} and nowhere else. Each field has a named
 * default and a namespaced property key ({@link #from} reads them); the registry settings use the keys a Confluent
 * user knows ({@code schema.registry.url}, see {@link io.gleaner.schemas.serde.RegistryConfig}).
 *
 * @param stage             how the stage runs on Kafka, its keys under {@code gleaner.planner.}
 *                          ({@link StageSettings}); under exactly-once the commit interval bounds how late a
 *                          placement becomes visible, so the lockstep round trip costs at least that. The planner is
 *                          one instance with one stream thread per application id, a static member named by the
 *                          application id: it takes no instance id and no other number of threads
 * @param policy            the placement policy ({@value #POLICY})
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
 * @param nodeLiveness      how long a node may be silent, in event time, before it is lost ({@value #NODE_TIMEOUT_MS}, in
 *                          ms, default {@link NodeLiveness#DEFAULT_NODE_TIMEOUT}; 0 for never: docs/node-liveness.md)
 * @param retryRules        the attempt limit ({@value #MAX_ATTEMPTS}), the retry backoff ({@value #RETRY_BACKOFF_MS},
 *                          {@value #RETRY_BACKOFF_MAX_MS}) and node exclusion ({@value #EXCLUDE_AFTER},
 *                          {@value #EXCLUDE_FOR_MS}); defaults {@link RetryRules#defaults()},
 *                          docs/retries-and-reservations.md
 */
public record PlannerConfig(StageSettings stage, PolicyName policy, PolicySettings policySettings,
                            NodeLiveness nodeLiveness, RetryRules retryRules) {

    /** The stage's name in its keys. */
    public static final String NAME = "planner";
    /** Property key of {@link #policy()}. */
    public static final String POLICY = "gleaner.planner.policy";
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

    /**
     * Property key of the node timeout in ms of event time ({@link NodeLiveness#nodeTimeout()}); 0 turns node
     * liveness off.
     */
    public static final String NODE_TIMEOUT_MS = "gleaner.planner.node-timeout.ms";

    /** Default node timeout in ms ({@value #NODE_TIMEOUT_MS}): {@link NodeLiveness#DEFAULT_NODE_TIMEOUT}. */
    public static final long DEFAULT_NODE_TIMEOUT_MS = NodeLiveness.DEFAULT_NODE_TIMEOUT_MS;

    /** Property key of the FAILED attempts of a task after which its job fails ({@link RetryRules#maxAttempts()}). */
    public static final String MAX_ATTEMPTS = "gleaner.planner.max-attempts";
    /** Property key of the wait after a task's first FAILED attempt, in ms of event time; 0 relaunches at once. */
    public static final String RETRY_BACKOFF_MS = "gleaner.planner.retry-backoff.ms";
    /** Property key of the most the doubled retry backoff grows to, in ms. */
    public static final String RETRY_BACKOFF_MAX_MS = "gleaner.planner.retry-backoff-max.ms";
    /** Property key of the ends in a row after which a node is excluded ({@link RetryRules#excludeAfter()}); 0: never. */
    public static final String EXCLUDE_AFTER = "gleaner.planner.exclude-after";
    /** Property key of how long an excluded node gets no new attempt, in ms of event time. */
    public static final String EXCLUDE_FOR_MS = "gleaner.planner.exclude-for.ms";

    /** Default application id. */
    public static final String DEFAULT_APPLICATION_ID = "gleaner-planner";
    /** Default {@link #policy()}. */
    public static final PolicyName DEFAULT_POLICY = PolicyName.FIFO;

    public PlannerConfig {
        Objects.requireNonNull(stage, "stage").requireStage(NAME);
        Objects.requireNonNull(policy, "policy");
        Objects.requireNonNull(policySettings, "policySettings");
        Objects.requireNonNull(nodeLiveness, "nodeLiveness");
        Objects.requireNonNull(retryRules, "retryRules");
        if (!stage.instanceId().isEmpty()) {
            throw new IllegalArgumentException(stage.key(StageSettings.INSTANCE_ID) + " is not a planner setting: "
                    + "the planner is a static member named by its application id, was '" + stage.instanceId() + "'");
        }
        if (stage.streamThreads() != 1) {
            throw new IllegalArgumentException(stage.key(StageSettings.STREAM_THREADS) + " must be 1: the planner "
                    + "decides over every node in one stream task, was " + stage.streamThreads());
        }
    }

    /** These settings with the default retry rules ({@link RetryRules#defaults()}). */
    public PlannerConfig(StageSettings stage, PolicyName policy, PolicySettings policySettings,
                         NodeLiveness nodeLiveness) {
        this(stage, policy, policySettings, nodeLiveness, RetryRules.defaults());
    }

    /** These settings with the default node timeout ({@link NodeLiveness#defaults()}). */
    public PlannerConfig(StageSettings stage, PolicyName policy, PolicySettings policySettings) {
        this(stage, policy, policySettings, NodeLiveness.defaults());
    }

    /** These settings with the policy settings at their defaults ({@link PolicySettings#defaults()}). */
    public PlannerConfig(StageSettings stage, PolicyName policy) {
        this(stage, policy, PolicySettings.defaults());
    }

    /** Every setting at its default. */
    public static PlannerConfig defaults() {
        return new PlannerConfig(StageSettings.defaults(NAME, DEFAULT_APPLICATION_ID), DEFAULT_POLICY);
    }

    /**
     * Reads the settings from properties keyed as the constants of this class (plus {@link StageSettings}'s and
     * {@link io.gleaner.schemas.serde.RegistryConfig}'s keys); a missing key takes its default, other keys are
     * ignored.
     *
     * @throws IllegalArgumentException naming the key and the value when one is wrong
     */
    public static PlannerConfig from(Map<String, ?> properties) {
        return new PlannerConfig(StageSettings.from(properties, NAME, DEFAULT_APPLICATION_ID),
                PolicyName.parse(text(properties, POLICY, DEFAULT_POLICY.configValue())), policySettings(properties),
                nodeLiveness(longValue(properties, NODE_TIMEOUT_MS, DEFAULT_NODE_TIMEOUT_MS)),
                retryRules(properties));
    }

    /**
     * The retry rules of {@code properties} ({@value #MAX_ATTEMPTS}, {@value #RETRY_BACKOFF_MS},
     * {@value #RETRY_BACKOFF_MAX_MS}, {@value #EXCLUDE_AFTER}, {@value #EXCLUDE_FOR_MS}); a missing key takes its
     * default.
     *
     * @throws IllegalArgumentException naming the key and the value when one is wrong
     */
    public static RetryRules retryRules(Map<String, ?> properties) {
        var defaults = RetryRules.defaults();
        int maxAttempts = intValue(properties, MAX_ATTEMPTS, defaults.maxAttempts());
        if (maxAttempts < 1) {
            throw new IllegalArgumentException(MAX_ATTEMPTS + " must be >= 1, was " + maxAttempts);
        }
        long backoff = longValue(properties, RETRY_BACKOFF_MS, defaults.backoff().toMillis());
        long maxBackoff = longValue(properties, RETRY_BACKOFF_MAX_MS, Math.max(backoff,
                defaults.maxBackoff().toMillis()));
        if (backoff < 0 || maxBackoff < backoff) {
            throw new IllegalArgumentException(RETRY_BACKOFF_MS + " must be >= 0 and " + RETRY_BACKOFF_MAX_MS
                    + " >= it, were " + backoff + " and " + maxBackoff);
        }
        int excludeAfter = intValue(properties, EXCLUDE_AFTER, defaults.excludeAfter());
        if (excludeAfter < 0) {
            throw new IllegalArgumentException(EXCLUDE_AFTER + " must be >= 0 (0: never exclude a node), was "
                    + excludeAfter);
        }
        long excludeFor = longValue(properties, EXCLUDE_FOR_MS, defaults.excludeFor().toMillis());
        if (excludeFor < 0) {
            throw new IllegalArgumentException(EXCLUDE_FOR_MS + " must be >= 0, was " + excludeFor);
        }
        return new RetryRules(maxAttempts, Duration.ofMillis(backoff), Duration.ofMillis(maxBackoff), excludeAfter,
                Duration.ofMillis(excludeFor));
    }

    /**
     * The node liveness of a timeout of {@code timeoutMs} ({@value #NODE_TIMEOUT_MS}): 0 is off.
     *
     * @throws IllegalArgumentException naming the key when it is negative
     */
    public static NodeLiveness nodeLiveness(long timeoutMs) {
        if (timeoutMs < 0) {
            throw new IllegalArgumentException(NODE_TIMEOUT_MS + " must be >= 0 (0: never lose a node), was "
                    + timeoutMs);
        }
        return timeoutMs == 0 ? NodeLiveness.OFF : NodeLiveness.after(Duration.ofMillis(timeoutMs));
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
        boolean workConserving = flag(properties, COSHH_WORK_CONSERVING, coshhDefaults.workConserving());
        boolean minShareGuarantee = flag(properties, COSHH_MIN_SHARE_GUARANTEE, coshhDefaults.minShareGuarantee());
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
                flag(properties, SALAMANDER_EARLY_RELEASE, salamanderDefaults.earlyRelease()),
                longValue(properties, SALAMANDER_LINK_MBPS, salamanderDefaults.linkBitsPerSecond() / 1_000_000)
                        * 1_000_000);
        return new PolicySettings(pools, Duration.ofMillis(delayMs), coshh, salamander,
                flag(properties, PLACE_DATA, true));
    }

    /** A new instance of the configured policy with the configured settings. */
    public PlacementPolicy createPolicy() {
        return Policies.create(policy, policySettings);
    }

    /**
     * The Kafka Streams settings of the planner. Exactly-once (v2); explicit names for every internal resource
     * (KIP-1111), so that an unnamed store or topic stops the topology from building; and
     * {@code max.task.idle.ms=0} as the lockstep protocol (docs/simulator.md, "Lockstep") relies on: within the one task,
     * the record with the smallest timestamp among the partitions with data goes first. The stream thread's
     * consumer is a static member ({@code group.instance.id} = application id). Timestamps come from
     * each input's event-time field through the extractors the topology sets on its sources.
     */
    public Properties streamsProperties() {
        // One stream thread, a static member whose id is the application id: the planner is one instance per
        // application id, so a restarted planner takes its task over at once instead of waiting for the old
        // member's session to time out (and KafkaStreams can only make a static member leave the group on close).
        // A second instance with the same id fences the first, which is what a singleton wants.
        var props = stage.withInstanceId(stage.applicationId()).streamsProperties();
        props.put(StreamsConfig.MAX_TASK_IDLE_MS_CONFIG, "0");
        // The stream thread commits only between polls; with the default 100 ms poll a quiet planner holds a
        // finished round's placements back until the poll times out. A short poll lets it commit right away.
        props.put(StreamsConfig.POLL_MS_CONFIG, "5");
        return props;
    }

    /** The topic catalogue with this configuration's prefix. */
    public Topics topics() {
        return stage.topics();
    }

    /** This configuration with its stage settings changed by {@code change}. */
    public PlannerConfig withStage(UnaryOperator<StageSettings> change) {
        return new PlannerConfig(change.apply(stage), policy, policySettings, nodeLiveness, retryRules);
    }

    /** This configuration with another policy. */
    public PlannerConfig withPolicy(PolicyName value) {
        return new PlannerConfig(stage, value, policySettings, nodeLiveness, retryRules);
    }

    /** This configuration with other policy settings. */
    public PlannerConfig withPolicySettings(PolicySettings value) {
        return new PlannerConfig(stage, policy, value, nodeLiveness, retryRules);
    }

    /** This configuration with another node liveness. */
    public PlannerConfig withNodeLiveness(NodeLiveness value) {
        return new PlannerConfig(stage, policy, policySettings, value, retryRules);
    }

    /** This configuration with other retry rules. */
    public PlannerConfig withRetryRules(RetryRules value) {
        return new PlannerConfig(stage, policy, policySettings, nodeLiveness, value);
    }
}
