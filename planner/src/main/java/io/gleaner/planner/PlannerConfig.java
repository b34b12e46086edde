package io.gleaner.planner;

import io.gleaner.planner.core.NodeLiveness;
import io.gleaner.planner.core.PlacementPolicy;
import io.gleaner.planner.core.PolicyName;
import io.gleaner.planner.core.RetryRules;
import io.gleaner.planner.core.cells.CellBy;
import io.gleaner.planner.core.cells.CellMap;
import io.gleaner.planner.core.adaptive.AdaptiveSettings;
import io.gleaner.planner.core.coshh.CoshhSettings;
import io.gleaner.planner.core.policies.Policies;
import io.gleaner.planner.core.policies.PolicySettings;
import io.gleaner.planner.core.mdasa.MdasaSettings;
import io.gleaner.planner.core.salamander.SalamanderSettings;
import io.gleaner.runtime.StageSettings;
import io.gleaner.schemas.Topics;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.concurrent.Executor;
import java.util.function.UnaryOperator;
import org.apache.kafka.common.config.AbstractConfig;
import org.apache.kafka.streams.StreamsConfig;

/**
 * The planner's settings, declared in {@link PlannerSettingsDef} (key, type, default, validator, doc) and validated
 * there, here and in {@link StageSettings}; the registry settings use the keys a Confluent user knows
 * ({@code schema.registry.url}, see {@link io.gleaner.schemas.serde.RegistryConfig}).
 *
 * @param stage             how the stage runs on Kafka, its keys under {@code gleaner.planner.}
 *                          ({@link StageSettings}); under exactly-once the commit interval bounds how late a
 *                          placement becomes visible, so the lockstep round trip costs at least that. With one
 *                          cell the planner runs one stream thread per instance, and several instances of one
 *                          application id are one active and standbys (docs/operations.md#high-availability); with
 *                          several cells Kafka Streams spreads the cells' tasks over the threads and instances.
 *                          Each instance is a static member named by its instance id, or by the application id
 *                          when it has none
 * @param policy            the placement policy
 * @param policySettings    what the policy gets besides its name: the pools and locality delay (Fair, COSHH), COSHH's
 *                          and Salamander's settings, whether Cuckoo and COSHH place new jobs' input
 * @param nodeLiveness      how long a node may be silent, in event time, before it is lost (docs/node-liveness.md)
 * @param retryRules        the attempt limit, the retry backoff and node exclusion (docs/retries-and-reservations.md)
 * @param cells             the planner's cells and how nodes map to them (docs/cells.md)
 */
public record PlannerConfig(StageSettings stage, PolicyName policy, PolicySettings policySettings,
                            NodeLiveness nodeLiveness, RetryRules retryRules, CellMap cells) {

    /** The stage's name in its keys. */
    public static final String NAME = "planner";
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
        Objects.requireNonNull(cells, "cells");
        if (stage.streamThreads() != 1 && cells.cells() == 1) {
            throw new IllegalArgumentException(stage.key(StageSettings.STREAM_THREADS) + " must be 1 with one cell: "
                    + "the planner then decides over every node in one stream task, was " + stage.streamThreads());
        }
    }

    /** These settings with one cell. */
    public PlannerConfig(StageSettings stage, PolicyName policy, PolicySettings policySettings,
                         NodeLiveness nodeLiveness, RetryRules retryRules) {
        this(stage, policy, policySettings, nodeLiveness, retryRules, CellMap.ONE);
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
     * Reads the settings from properties keyed as {@link PlannerSettingsDef} declares them (plus
     * {@link io.gleaner.schemas.serde.RegistryConfig}'s keys); a missing key takes its default, a deprecated key
     * (e.g. {@code gleaner.planner.fair.pools}) still works with a warning, other keys are ignored.
     *
     * @throws IllegalArgumentException naming the key and the value when one is wrong
     */
    public static PlannerConfig from(Map<String, ?> properties) {
        var values = PlannerSettingsDef.CONFIG.parse(properties);
        return new PlannerConfig(StageSettings.from(properties, NAME, DEFAULT_APPLICATION_ID),
                PolicyName.parse(values.getString(key(PlannerSettingsDef.POLICY))), policySettings(values),
                nodeLiveness(values.getLong(key(PlannerSettingsDef.NODE_TIMEOUT_MS))), retryRules(values),
                new CellMap(values.getInt(key(PlannerSettingsDef.CELLS)),
                        CellBy.parse(values.getString(key(PlannerSettingsDef.CELL_BY)))));
    }

    private static String key(String setting) {
        return PlannerSettingsDef.key(setting);
    }

    /** The retry rules of {@code values}; the backoff cap follows a backoff given above its default. */
    private static RetryRules retryRules(AbstractConfig values) {
        long backoff = values.getLong(key(PlannerSettingsDef.RETRY_BACKOFF_MS));
        var maxKey = key(PlannerSettingsDef.RETRY_BACKOFF_MAX_MS);
        long maxBackoff = values.originals().containsKey(maxKey) ? values.getLong(maxKey)
                : Math.max(backoff, values.getLong(maxKey));
        if (maxBackoff < backoff) {
            throw new IllegalArgumentException(maxKey + " must be >= " + key(PlannerSettingsDef.RETRY_BACKOFF_MS)
                    + ", were " + maxBackoff + " and " + backoff);
        }
        return new RetryRules(values.getInt(key(PlannerSettingsDef.MAX_ATTEMPTS)), Duration.ofMillis(backoff),
                Duration.ofMillis(maxBackoff), values.getInt(key(PlannerSettingsDef.EXCLUDE_AFTER)),
                Duration.ofMillis(values.getLong(key(PlannerSettingsDef.EXCLUDE_FOR_MS))));
    }

    /** The node liveness of a timeout of {@code timeoutMs}: 0 is off. */
    private static NodeLiveness nodeLiveness(long timeoutMs) {
        return timeoutMs == 0 ? NodeLiveness.OFF : NodeLiveness.after(Duration.ofMillis(timeoutMs));
    }

    private static PolicySettings policySettings(AbstractConfig values) {
        var coshh = new CoshhSettings(values.getLong(key(PlannerSettingsDef.COSHH_SEED)),
                values.getBoolean(key(PlannerSettingsDef.COSHH_WORK_CONSERVING)),
                values.getBoolean(key(PlannerSettingsDef.COSHH_MIN_SHARE_GUARANTEE)),
                values.getBoolean(key(PlannerSettingsDef.COSHH_LEAST_SATISFIED_FIRST)),
                values.getBoolean(key(PlannerSettingsDef.COSHH_DELAY_SCHEDULING)),
                values.getInt(key(PlannerSettingsDef.COSHH_HISTORY_JOBS)));
        var salamanderDefaults = SalamanderSettings.defaults();
        var salamander = new SalamanderSettings(salamanderDefaults.window(), salamanderDefaults.replanEvery(),
                values.getInt(key(PlannerSettingsDef.SALAMANDER_TASK_BUDGET)),
                values.getLong(key(PlannerSettingsDef.SALAMANDER_MOVE_LIMIT)),
                values.getLong(key(PlannerSettingsDef.SALAMANDER_REPAIR_MOVE_LIMIT)),
                values.getLong(key(PlannerSettingsDef.SALAMANDER_SEED)),
                values.getBoolean(key(PlannerSettingsDef.SALAMANDER_EARLY_RELEASE)),
                values.getLong(key(PlannerSettingsDef.SALAMANDER_LINK_MBPS)) * 1_000_000);
        return new PolicySettings(PolicySettings.parsePools(values.getString(key(PlannerSettingsDef.POOLS))),
                Duration.ofMillis(values.getLong(key(PlannerSettingsDef.LOCALITY_DELAY_MS))), coshh, salamander,
                values.getBoolean(key(PlannerSettingsDef.PLACE_DATA)))
                .withMdasa(new MdasaSettings(
                        MdasaSettings.parseSizing(values.getString(key(PlannerSettingsDef.MDASA_SIZING))),
                        Duration.ofMillis(values.getLong(key(PlannerSettingsDef.EDF_EPOCH_MS)))))
                .withAdaptive(adaptiveSettings(values))
                .withPlanDelay(Duration.ofMillis(values.getLong(key(PlannerSettingsDef.PLAN_DELAY_MS))));
    }

    private static AdaptiveSettings adaptiveSettings(AbstractConfig values) {
        return new AdaptiveSettings(values.getInt(key(PlannerSettingsDef.ADAPTIVE_MAX_DELAYS)),
                values.getString(key(PlannerSettingsDef.ADAPTIVE_ACCELERATED_LABEL)),
                values.getDouble(key(PlannerSettingsDef.ADAPTIVE_SPEEDUP_THRESHOLD)),
                values.getDouble(key(PlannerSettingsDef.ADAPTIVE_REDUCE_COST)));
    }

    /** A new instance of the configured policy with the configured settings. */
    public PlacementPolicy createPolicy() {
        return Policies.create(policy, policySettings);
    }

    /** A new instance of the configured policy, its re-plans computed on {@code planWorker}. */
    public PlacementPolicy createPolicy(Executor planWorker) {
        return Policies.create(policy, policySettings, planWorker);
    }

    /**
     * The Kafka Streams settings of the planner. Exactly-once (v2); explicit names for every internal resource
     * (KIP-1111), so that an unnamed store or topic stops the topology from building; and
     * {@code max.task.idle.ms=0} as the lockstep protocol (docs/simulator.md#lockstep) relies on: within the one task,
     * the record with the smallest timestamp among the partitions with data goes first. The stream thread's
     * consumer is a static member ({@code group.instance.id} = instance id, or application id). Timestamps come from
     * each input's event-time field through the extractors the topology sets on its sources.
     */
    public Properties streamsProperties() {
        // One stream thread, always a static member, so that a restarted planner takes its task over at once instead
        // of waiting for the old member's session to time out (and KafkaStreams can only make a static member leave
        // the group on close). Without an instance id it is named by the application id: a second instance with the
        // same id fences the first, which is what a single planner wants; standbys each need an id of their own.
        var props = (stage.instanceId().isEmpty() ? stage.withInstanceId(stage.applicationId()) : stage)
                .streamsProperties();
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
        return new PlannerConfig(change.apply(stage), policy, policySettings, nodeLiveness, retryRules, cells);
    }

    /** This configuration with another policy. */
    public PlannerConfig withPolicy(PolicyName value) {
        return new PlannerConfig(stage, value, policySettings, nodeLiveness, retryRules, cells);
    }

    /** This configuration with other policy settings. */
    public PlannerConfig withPolicySettings(PolicySettings value) {
        return new PlannerConfig(stage, policy, value, nodeLiveness, retryRules, cells);
    }

    /** This configuration with another node liveness. */
    public PlannerConfig withNodeLiveness(NodeLiveness value) {
        return new PlannerConfig(stage, policy, policySettings, value, retryRules, cells);
    }

    /** This configuration with other cells. */
    public PlannerConfig withCells(CellMap value) {
        return new PlannerConfig(stage, policy, policySettings, nodeLiveness, retryRules, value);
    }

    /** This configuration with other retry rules. */
    public PlannerConfig withRetryRules(RetryRules value) {
        return new PlannerConfig(stage, policy, policySettings, nodeLiveness, value, cells);
    }
}
