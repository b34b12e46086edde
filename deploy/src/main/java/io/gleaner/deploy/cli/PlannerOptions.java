package io.gleaner.deploy.cli;

import io.gleaner.planner.PlannerConfig;
import io.gleaner.planner.core.PolicyName;
import io.gleaner.planner.core.RetryRules;
import io.gleaner.planner.core.policies.PolicySettings;
import io.gleaner.planner.core.salamander.SalamanderSettings;
import io.gleaner.runtime.StageSettings;
import io.gleaner.schemas.serde.RegistryConfig;
import java.nio.file.Path;
import java.util.Map;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** The planner's settings, one option per {@link PlannerConfig} field. */
final class PlannerOptions {

    @Option(names = "--application-id", defaultValue = PlannerConfig.DEFAULT_APPLICATION_ID,
            description = "Kafka Streams application id of the planner: its consumer group and the prefix of its "
                    + "internal topics (default: ${DEFAULT-VALUE}).")
    String applicationId;

    @Option(names = "--policy", defaultValue = "fifo",
            description = "Placement policy: fifo, fair, coshh, salamander or cuckoo (default: ${DEFAULT-VALUE}).")
    String policy;

    @Option(names = "--pools", paramLabel = "USER:MIN:WEIGHT[,...]",
            description = "The fair and coshh policies' pools: per user, the min share in running tasks and the "
                    + "weight, e.g. alice:5:1,bob:0:2; users not listed get no min share and weight 1 (default: none).")
    String pools;

    @Option(names = "--coshh-seed", paramLabel = "S",
            description = "Seed of the coshh policy's k-means++ and of its ties between users (default: 0).")
    Long coshhSeed;

    @Option(names = "--coshh-strict",
            description = "Run COSHH's routing (Algorithm 2) as printed: leave a slot idle when no job of the node's "
                    + "suggested classes can use it, instead of giving it to any waiting job, and serve a user below "
                    + "her min share only with jobs of suggested classes (default: off).")
    boolean coshhStrict;

    @Option(names = "--salamander-seed", paramLabel = "S",
            description = "Seed of the salamander policy's first-fit order and local search (default: 0).")
    Long salamanderSeed;

    @Option(names = "--salamander-moves", paramLabel = "N",
            description = "Local-search moves per salamander plan after the first-fit construction; 0 keeps "
                    + "Algorithm 1's plan (default: " + SalamanderSettings.DEFAULT_MOVE_LIMIT + ").")
    Long salamanderMoves;

    @Option(names = "--salamander-strict",
            description = "Release each planned task at its planned start only, instead of as soon as its node has "
                    + "room for it, in planned order (default: off).")
    boolean salamanderStrict;

    @Mixin
    LocalityDelayOption localityDelay;

    @Spec(Spec.Target.MIXEE)
    CommandSpec mixee;

    private long nodeTimeoutMs;

    @Option(names = "--node-timeout-ms", paramLabel = "MS",
            defaultValue = "" + PlannerConfig.DEFAULT_NODE_TIMEOUT_MS,
            description = "How long a node may be silent, in event time, before the planner counts it lost and "
                    + "relaunches its attempts elsewhere; 0 never loses a node (docs/node-liveness.md) "
                    + "(default: ${DEFAULT-VALUE}).")
    void nodeTimeoutMs(long value) {
        if (value < 0) {
            throw new ParameterException(mixee.commandLine(), "--node-timeout-ms must be >= 0, was " + value);
        }
        nodeTimeoutMs = value;
    }

    private int maxAttempts;
    private long retryBackoffMs;
    private long retryBackoffMaxMs;
    private int excludeAfter;
    private long excludeForMs;

    @Option(names = "--max-attempts", paramLabel = "N", defaultValue = "" + RetryRules.DEFAULT_MAX_ATTEMPTS,
            description = "FAILED attempts of one task after which its job fails, as YARN's mapreduce.map.maxattempts; "
                    + "killed, preempted, refused and lost attempts do not count (docs/retries-and-reservations.md) "
                    + "(default: ${DEFAULT-VALUE}).")
    void maxAttempts(int value) {
        maxAttempts = (int) atLeast("--max-attempts", value, 1);
    }

    @Option(names = "--retry-backoff-ms", paramLabel = "MS", defaultValue = "" + RetryRules.DEFAULT_BACKOFF_MS,
            description = "Event time a task waits after its first FAILED attempt before its next one, doubled after "
                    + "each further failure; 0 relaunches at once (default: ${DEFAULT-VALUE}).")
    void retryBackoffMs(long value) {
        retryBackoffMs = atLeast("--retry-backoff-ms", value, 0);
    }

    @Option(names = "--retry-backoff-max-ms", paramLabel = "MS", defaultValue = "" + RetryRules.DEFAULT_MAX_BACKOFF_MS,
            description = "The most the doubled retry backoff grows to; at least --retry-backoff-ms "
                    + "(default: ${DEFAULT-VALUE}).")
    void retryBackoffMaxMs(long value) {
        retryBackoffMaxMs = atLeast("--retry-backoff-max-ms", value, 0);
    }

    @Option(names = "--exclude-after", paramLabel = "N", defaultValue = "" + RetryRules.DEFAULT_EXCLUDE_AFTER,
            description = "Attempts on a node in a row that failed, were killed or refused (a success resets the "
                    + "count) after which the node gets no new attempt for --exclude-for-ms; 0 never excludes a node "
                    + "(default: ${DEFAULT-VALUE}).")
    void excludeAfter(int value) {
        excludeAfter = (int) atLeast("--exclude-after", value, 0);
    }

    @Option(names = "--exclude-for-ms", paramLabel = "MS", defaultValue = "" + RetryRules.DEFAULT_EXCLUDE_FOR_MS,
            description = "Event time an excluded node gets no new attempt (default: ${DEFAULT-VALUE}).")
    void excludeForMs(long value) {
        excludeForMs = atLeast("--exclude-for-ms", value, 0);
    }

    /** {@code value}, or a usage error naming {@code option} when it is below {@code least}. */
    private long atLeast(String option, long value, long least) {
        if (value < least) {
            throw new ParameterException(mixee.commandLine(), option + " must be >= " + least + ", was " + value);
        }
        return value;
    }

    @Option(names = "--commit-interval-ms", defaultValue = "" + StageSettings.DEFAULT_COMMIT_INTERVAL_MS,
            description = "How often the planner commits its exactly-once transaction; a lockstep round costs at "
                    + "least one commit (default: ${DEFAULT-VALUE}).")
    long commitIntervalMs;

    @Option(names = "--state-dir", paramLabel = "DIR",
            description = "Where the planner's state stores live (default: <data-dir>/planner-state).")
    Path stateDir;

    private PolicySettings policySettings() {
        var settings = PolicySettings.defaults();
        if (pools != null) {
            settings = settings.withPools(PolicySettings.parsePools(pools));
        }
        settings = settings.withLocalityDelay(localityDelay.orDefault());
        var coshh = settings.coshh().withWorkConserving(!coshhStrict).withMinShareGuarantee(!coshhStrict);
        if (coshhSeed != null) {
            coshh = coshh.withSeed(coshhSeed);
        }
        var salamander = settings.salamander().withEarlyRelease(!salamanderStrict);
        if (salamanderSeed != null) {
            salamander = salamander.withSeed(salamanderSeed);
        }
        if (salamanderMoves != null) {
            salamander = salamander.withMoveLimit(salamanderMoves);
        }
        return settings.withCoshh(coshh).withSalamander(salamander);
    }

    PlannerConfig config(String bootstrapServers, String topicPrefix, RegistryConfig registry, Path dataDir) {
        return PlannerConfig.defaults()
                .withStage(s -> s.withApplicationId(applicationId).withCommitIntervalMs(commitIntervalMs)
                        .withStateDir(stateDir != null ? stateDir : dataDir.resolve("planner-state"))
                        .withBootstrapServers(bootstrapServers).withTopicPrefix(topicPrefix).withRegistry(registry))
                .withPolicy(PolicyName.parse(policy))
                .withPolicySettings(policySettings())
                .withNodeLiveness(PlannerConfig.nodeLiveness(nodeTimeoutMs))
                .withRetryRules(retryRules());
    }

    /** The retry options, checked by the same rules as the properties ({@link PlannerConfig#retryRules}). */
    private RetryRules retryRules() {
        try {
            return PlannerConfig.retryRules(Map.of(PlannerConfig.MAX_ATTEMPTS, maxAttempts,
                    PlannerConfig.RETRY_BACKOFF_MS, retryBackoffMs, PlannerConfig.RETRY_BACKOFF_MAX_MS, retryBackoffMaxMs,
                    PlannerConfig.EXCLUDE_AFTER, excludeAfter, PlannerConfig.EXCLUDE_FOR_MS, excludeForMs));
        } catch (IllegalArgumentException e) {
            throw new ParameterException(mixee.commandLine(), e.getMessage(), e);
        }
    }
}
