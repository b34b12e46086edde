package io.gleaner.deploy.cli;

import io.gleaner.planner.PlannerConfig;
import io.gleaner.planner.core.PolicyName;
import io.gleaner.schemas.serde.RegistryConfig;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** The planner's settings, one option per {@link PlannerConfig} field. */
final class PlannerOptions {

    @Option(names = "--application-id", defaultValue = PlannerConfig.DEFAULT_APPLICATION_ID,
            description = "Kafka Streams application id of the planner: its consumer group and the prefix of its "
                    + "internal topics (default: ${DEFAULT-VALUE}).")
    String applicationId;

    @Option(names = "--policy", defaultValue = "fifo",
            description = "Placement policy (default: ${DEFAULT-VALUE}; today: fifo).")
    String policy;

    @Option(names = "--commit-interval-ms", defaultValue = "" + PlannerConfig.DEFAULT_COMMIT_INTERVAL_MS,
            description = "How often the planner commits its exactly-once transaction; a lockstep round costs at "
                    + "least one commit (default: ${DEFAULT-VALUE}).")
    long commitIntervalMs;

    @Option(names = "--state-dir", paramLabel = "DIR",
            description = "Where the planner's state stores live (default: <data-dir>/planner-state).")
    Path stateDir;

    PlannerConfig config(String bootstrapServers, String topicPrefix, RegistryConfig registry, Path dataDir) {
        return PlannerConfig.defaults()
                .withApplicationId(applicationId)
                .withPolicy(PolicyName.parse(policy))
                .withCommitIntervalMs(commitIntervalMs)
                .withStateDir(stateDir != null ? stateDir : dataDir.resolve("planner-state"))
                .withBootstrapServers(bootstrapServers)
                .withTopicPrefix(topicPrefix)
                .withRegistry(registry);
    }
}
