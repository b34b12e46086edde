package io.gleaner.planner;

import io.gleaner.planner.core.adaptive.AdaptiveSettings;
import io.gleaner.planner.core.coshh.CoshhSettings;
import io.gleaner.planner.core.NodeLiveness;
import io.gleaner.planner.core.PolicyName;
import io.gleaner.planner.core.policies.PolicySettings;
import io.gleaner.planner.core.RetryRules;
import io.gleaner.planner.core.cells.CellBy;
import io.gleaner.planner.core.cells.CellMap;
import io.gleaner.planner.core.mdasa.MdasaSettings;
import io.gleaner.planner.core.salamander.SalamanderSettings;
import io.gleaner.runtime.SettingValidators;
import io.gleaner.runtime.StageConfigDef;
import io.gleaner.runtime.StageSettings;
import java.util.Arrays;
import java.util.stream.Collectors;
import org.apache.kafka.common.config.ConfigDef.Range;
import org.apache.kafka.common.config.ConfigDef.Type;

/**
 * The planner's settings, each declared once (key, type, default, validator, doc); {@link PlannerConfig#from} reads
 * them, {@code gleaner run} makes its options of them and docs/configuration.md is generated from them. The defaults
 * are the cores' ({@link PolicySettings}, {@link CoshhSettings}, {@link SalamanderSettings}, {@link NodeLiveness},
 * {@link RetryRules}).
 */
public final class PlannerSettingsDef {

    /** Setting (after {@code gleaner.planner.}) of {@link PlannerConfig#policy()}. */
    public static final String POLICY = "policy";
    /** Setting of {@link PolicySettings#pools()}: {@code user:minShare:weight} entries separated by commas. */
    public static final String POOLS = "pools";
    /** Setting of {@link PolicySettings#localityDelay()}, in ms. */
    public static final String LOCALITY_DELAY_MS = "locality-delay-ms";
    /** Setting of {@link CoshhSettings#seed()}. */
    public static final String COSHH_SEED = "coshh-seed";
    /** Setting of {@link CoshhSettings#workConserving()}. */
    public static final String COSHH_WORK_CONSERVING = "coshh-work-conserving";
    /** Setting of {@link CoshhSettings#minShareGuarantee()}. */
    public static final String COSHH_MIN_SHARE_GUARANTEE = "coshh-min-share-guarantee";
    /** Setting of {@link CoshhSettings#historyJobs()}. */
    public static final String COSHH_HISTORY_JOBS = "coshh-history-jobs";
    /** Setting of {@link CoshhSettings#leastSatisfiedFirst()}. */
    public static final String COSHH_LEAST_SATISFIED_FIRST = "coshh-least-satisfied-first";
    /** Setting of {@link CoshhSettings#delayScheduling()}. */
    public static final String COSHH_DELAY_SCHEDULING = "coshh-delay-scheduling";
    /** Setting of {@link SalamanderSettings#seed()}. */
    public static final String SALAMANDER_SEED = "salamander-seed";
    /** Setting of {@link SalamanderSettings#taskBudget()}. */
    public static final String SALAMANDER_TASK_BUDGET = "salamander-task-budget";
    /** Setting of {@link SalamanderSettings#moveLimit()}. */
    public static final String SALAMANDER_MOVE_LIMIT = "salamander-move-limit";
    /** Setting of {@link SalamanderSettings#repairMoveLimit()}. */
    public static final String SALAMANDER_REPAIR_MOVE_LIMIT = "salamander-repair-move-limit";
    /** Setting of {@link SalamanderSettings#earlyRelease()}. */
    public static final String SALAMANDER_EARLY_RELEASE = "salamander-early-release";
    /** Setting of {@link SalamanderSettings#linkBitsPerSecond()}, in Mbit/s. */
    public static final String SALAMANDER_LINK_MBPS = "salamander-link-mbps";
    /** Setting of {@link MdasaSettings#sizing()}: lagrange or fixed-reduce. */
    public static final String MDASA_SIZING = "mdasa-sizing";
    /** Setting of {@link MdasaSettings#edfEpoch()}, in ms; 0 is event-based. */
    public static final String EDF_EPOCH_MS = "edf-epoch-ms";
    /** Setting of {@link PolicySettings#placeData()}. */
    public static final String PLACE_DATA = "place-data";
    /** Setting of {@link NodeLiveness#nodeTimeout()}, in ms; 0 is off. */
    public static final String NODE_TIMEOUT_MS = "node-timeout-ms";
    /** Setting of {@link RetryRules#maxAttempts()}. */
    public static final String MAX_ATTEMPTS = "max-attempts";
    /** Setting of {@link RetryRules#backoff()}, in ms. */
    public static final String RETRY_BACKOFF_MS = "retry-backoff-ms";
    /** Setting of {@link RetryRules#maxBackoff()}, in ms. */
    public static final String RETRY_BACKOFF_MAX_MS = "retry-backoff-max-ms";
    /** Setting of {@link RetryRules#excludeAfter()}. */
    public static final String EXCLUDE_AFTER = "exclude-after";
    /** Setting of {@link RetryRules#excludeFor()}, in ms. */
    public static final String EXCLUDE_FOR_MS = "exclude-for-ms";
    /** Setting of {@link PolicySettings#planDelay()}, in ms; 0 is at once. */
    public static final String PLAN_DELAY_MS = "plan-delay-ms";
    /** Setting of {@link AdaptiveSettings#maxDelays()}. */
    public static final String ADAPTIVE_MAX_DELAYS = "adaptive-max-delays";
    /** Setting of {@link AdaptiveSettings#acceleratedLabel()}. */
    public static final String ADAPTIVE_ACCELERATED_LABEL = "adaptive-accelerated-label";
    /** Setting of {@link AdaptiveSettings#speedupThreshold()}. */
    public static final String ADAPTIVE_SPEEDUP_THRESHOLD = "adaptive-speedup-threshold";
    /** Setting of {@link AdaptiveSettings#reduceCost()}. */
    public static final String ADAPTIVE_REDUCE_COST = "adaptive-reduce-cost";
    /** Setting of {@link CellMap#cells()}. */
    public static final String CELLS = "cells";
    /** Setting of {@link CellMap#by()}: node-id, rack or label:KEY. */
    public static final String CELL_BY = "cell-by";

    private static final String POLICIES = Arrays.stream(PolicyName.values()).map(PolicyName::configValue)
            .collect(Collectors.joining(", "));

    /** The declarations. */
    public static final StageConfigDef CONFIG = declare();

    private PlannerSettingsDef() {
    }

    private static StageConfigDef declare() {
        var coshh = CoshhSettings.defaults();
        var salamander = SalamanderSettings.defaults();
        var retry = RetryRules.defaults();
        var def = StageSettings.configDef(PlannerConfig.NAME, PlannerConfig.DEFAULT_APPLICATION_ID)
                .define(POLICY, Type.STRING, PlannerConfig.DEFAULT_POLICY.configValue(),
                        SettingValidators.parsedBy(PolicyName::parse, POLICIES),
                        "Placement policy: " + POLICIES + ".")
                .define(POOLS, Type.STRING, "", SettingValidators.parsedBy(PolicySettings::parsePools,
                                "user:minShare:weight,..."),
                        "The fair and coshh policies' pools: per user, the min share in running tasks and the weight, "
                                + "e.g. alice:5:1,bob:0:2; users not listed get no min share and weight 1; FIFO "
                                + "ignores them.")
                .define(LOCALITY_DELAY_MS, Type.LONG, PolicySettings.DEFAULT_LOCALITY_DELAY.toMillis(),
                        Range.atLeast(0),
                        "How long the fair and coshh policies let a job wait for a node holding its input before it "
                                + "runs a map elsewhere, in ms; 0 turns delay scheduling off (the default is 1.5 heartbeats of "
                                + "3 s, as in Hadoop's fair scheduler).")
                .define(COSHH_SEED, Type.LONG, coshh.seed(), null,
                        "Seed of the coshh policy's k-means++ and of its ties between users.")
                .define(COSHH_WORK_CONSERVING, Type.BOOLEAN, coshh.workConserving(), null,
                        "Whether COSHH gives a slot no job of the node's suggested classes can use to a waiting job, "
                                + "least running / weight first (each user's suggested job first, else her oldest); "
                                + "false leaves it idle, as Algorithm 2 does.")
                .define(COSHH_MIN_SHARE_GUARANTEE, Type.BOOLEAN, coshh.minShareGuarantee(), null,
                        "Whether, when all min shares fit in the known slots, COSHH gives users below theirs any job "
                                + "after stage 1; false serves them only with suggested classes, as Algorithm 2 does.")
                .define(COSHH_LEAST_SATISFIED_FIRST, Type.BOOLEAN, coshh.leastSatisfiedFirst(), null,
                        "Whether COSHH's first stage serves the user below her min share with the least running / "
                                + "min(min share, demand) first, as Fair orders them; false serves the largest "
                                + "(min share - running) x weight first, as Algorithm 2 does.")
                .define(COSHH_DELAY_SCHEDULING, Type.BOOLEAN, coshh.delayScheduling(), null,
                        "Whether COSHH lets a job whose maps have no input on the node wait up to "
                                + "locality-delay-ms for a node that has some, as Fair does; false runs a map "
                                + "anywhere at once, as Algorithm 2 does.")
                .define(COSHH_HISTORY_JOBS, Type.INT, coshh.historyJobs(), Range.atLeast(1),
                        "The most recent jobs COSHH's classification clusters over.")
                .define(SALAMANDER_SEED, Type.LONG, salamander.seed(), null,
                        "Seed of the salamander policy's first-fit order (Algorithm 1) and local search.")
                .define(SALAMANDER_TASK_BUDGET, Type.INT, salamander.taskBudget(), Range.atLeast(1),
                        "The most not-yet-running tasks one salamander plan takes.")
                .define(SALAMANDER_MOVE_LIMIT, Type.LONG, salamander.moveLimit(), Range.atLeast(0),
                        "Local-search moves per salamander plan made from scratch, after the first-fit "
                                + "construction; 0 keeps Algorithm 1's plan.")
                .define(SALAMANDER_REPAIR_MOVE_LIMIT, Type.LONG, salamander.repairMoveLimit(), Range.atLeast(0),
                        "Local-search moves per salamander plan repaired from the previous one (kept where it "
                                + "still fits, new tasks by first fit); a count, not a time, so plans are "
                                + "reproducible.")
                .define(SALAMANDER_EARLY_RELEASE, Type.BOOLEAN, salamander.earlyRelease(), null,
                        "Whether salamander releases a planned task as soon as its node has room for it, in planned "
                                + "order; false releases each at its planned start only.")
                .define(SALAMANDER_LINK_MBPS, Type.LONG, salamander.linkBitsPerSecond() / 1_000_000,
                        Range.atLeast(1), "Bandwidth, in Mbit/s, a chunk copy is counted at in a map's Te.")
                .define(MDASA_SIZING, Type.STRING, MdasaSettings.sizingName(MdasaSettings.defaults().sizing()),
                        SettingValidators.parsedBy(MdasaSettings::parseSizing, MdasaSettings.SIZINGS),
                        "How mdasa and ndasa size a job for its deadline (seed 002 section 3.5): lagrange, the fewest "
                                + "map + reduce slots (Eqs. 3.17-3.18), or fixed-reduce, a reduce slot per reduce "
                                + "task (Eq. 3.16); either re-checked on the wave model.")
                .define(EDF_EPOCH_MS, Type.LONG, MdasaSettings.defaults().edfEpoch().toMillis(), Range.atLeast(0),
                        "How often, in ms of event time, the edf policy reads its queue: a job counts from the end "
                                + "of the epoch it came in (epEDF); 0 counts it at once (evEDF).")
                .define(PLACE_DATA, Type.BOOLEAN, PolicySettings.defaults().placeData(), null,
                        "Whether cuckoo and coshh place a new job's input (data.placements); false leaves it where "
                                + "its submitter wrote it.")
                .define(PLAN_DELAY_MS, Type.LONG, 0L, Range.atLeast(0),
                        "Event time from a re-plan's request (COSHH's LPs, after its classes or nodes change; "
                        + "Salamander's plan) to the "
                        + "first heartbeat it answers; the plan is computed on a worker thread meanwhile, and the "
                        + "heartbeats in between are answered with the plan in force, so a re-plan does not hold up "
                        + "their placements. The same inputs give the same decisions at any delay and machine speed. "
                        + "0 computes each plan on the stream thread and uses it at once "
                        + "(docs/operations.md#plans-off-the-stream-thread).")
                .define(NODE_TIMEOUT_MS, Type.LONG, NodeLiveness.DEFAULT_NODE_TIMEOUT_MS, Range.atLeast(0),
                        "How long a node may be silent, in ms of event time, before the planner counts it lost and "
                                + "relaunches its attempts elsewhere; 0 never loses a node (docs/node-liveness.md).")
                .define(MAX_ATTEMPTS, Type.INT, retry.maxAttempts(), Range.atLeast(1),
                        "FAILED attempts of one task after which its job fails, as YARN's "
                                + "mapreduce.map.maxattempts; killed, preempted, refused and lost attempts do not "
                                + "count (docs/retries-and-reservations.md).")
                .define(RETRY_BACKOFF_MS, Type.LONG, retry.backoff().toMillis(), Range.atLeast(0),
                        "Event time, in ms, a task waits after its first FAILED attempt before its next one, doubled "
                                + "after each further failure; 0 relaunches at once.")
                .define(RETRY_BACKOFF_MAX_MS, Type.LONG, retry.maxBackoff().toMillis(), Range.atLeast(0),
                        "The most the doubled retry backoff grows to, in ms; at least " + RETRY_BACKOFF_MS
                                + " (when only that is given above this default, the cap follows it).")
                .define(EXCLUDE_AFTER, Type.INT, retry.excludeAfter(), Range.atLeast(0),
                        "Jobs, counted once each, whose attempts on a node failed, were killed or refused in a row (a "
                                + "success resets the count) after which the node gets no new attempt for " + EXCLUDE_FOR_MS
                                + "; 0 never excludes a node.")
                .define(EXCLUDE_FOR_MS, Type.LONG, retry.excludeFor().toMillis(), Range.atLeast(0),
                        "Event time, in ms, an excluded node gets no new attempt.");
        var adaptive = AdaptiveSettings.defaults();
        def.define(ADAPTIVE_MAX_DELAYS, Type.INT, adaptive.maxDelays(), Range.atLeast(0),
                        "Offers of a node without its input that an adaptive job which already has the slots its "
                                + "goal needs passes over before it runs a map there; 0 turns data affinity off "
                                + "(docs/policies/adaptive.md).")
                .define(ADAPTIVE_ACCELERATED_LABEL, Type.STRING, adaptive.acceleratedLabel(), null,
                        "Node label of the adaptive policy's accelerated pool (hardware affinity); blank: one pool.")
                .define(ADAPTIVE_SPEEDUP_THRESHOLD, Type.DOUBLE, adaptive.speedupThreshold(), Range.atLeast(0.01),
                        "Map speed-up on the accelerated pool (mean regular map length over mean accelerated) above "
                                + "which the adaptive policy marks a job accelerable.")
                .define(ADAPTIVE_REDUCE_COST, Type.DOUBLE, adaptive.reduceCost(), Range.atLeast(0.01),
                        "A reduce's length relative to a map's, by which the adaptive policy estimates a job's "
                                + "reduces until one has completed.");
        def.define(CELLS, Type.INT, CellMap.ONE.cells(), Range.atLeast(1),
                        "Planner cells: each runs the policy over its own nodes, jobs routed to one (docs/cells.md); "
                                + "all instances of one application id must run the same number.")
                .define(CELL_BY, Type.STRING, CellMap.ONE.by().configValue(),
                        SettingValidators.parsedBy(CellBy::parse, "node-id, rack, label:KEY"),
                        "What decides a node's cell: its id (by hash), its rack, or the value of its label KEY.");
        var old = "gleaner.planner.";
        return def.deprecated(old + "fair.pools", POOLS)
                .deprecated(old + "fair.locality.delay.ms", LOCALITY_DELAY_MS)
                .deprecated(old + "coshh.seed", COSHH_SEED)
                .deprecated(old + "coshh.work-conserving", COSHH_WORK_CONSERVING)
                .deprecated(old + "coshh.min-share-guarantee", COSHH_MIN_SHARE_GUARANTEE)
                .deprecated(old + "coshh.history-jobs", COSHH_HISTORY_JOBS)
                .deprecated(old + "salamander.seed", SALAMANDER_SEED)
                .deprecated(old + "salamander.task-budget", SALAMANDER_TASK_BUDGET)
                .deprecated(old + "salamander.move-limit", SALAMANDER_MOVE_LIMIT)
                .deprecated(old + "salamander.early-release", SALAMANDER_EARLY_RELEASE)
                .deprecated(old + "salamander.link-mbps", SALAMANDER_LINK_MBPS)
                .deprecated(old + "node-timeout.ms", NODE_TIMEOUT_MS)
                .deprecated(old + "retry-backoff.ms", RETRY_BACKOFF_MS)
                .deprecated(old + "retry-backoff-max.ms", RETRY_BACKOFF_MAX_MS)
                .deprecated(old + "exclude-for.ms", EXCLUDE_FOR_MS);
    }

    /** The key of {@code setting}, e.g. {@code gleaner.planner.node-timeout-ms}. */
    public static String key(String setting) {
        return CONFIG.key(setting);
    }
}
