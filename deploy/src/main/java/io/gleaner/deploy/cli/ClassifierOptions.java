package io.gleaner.deploy.cli;

import io.gleaner.classifier.ClassifierConfig;
import io.gleaner.schemas.serde.RegistryConfig;
import io.gleaner.runtime.StageSettings;
import java.nio.file.Path;
import java.time.Duration;
import picocli.CommandLine.Option;

/** The classifier stage's settings, one option per {@link ClassifierConfig} field the command line sets. */
final class ClassifierOptions {

    @Option(names = "--classifier-application-id", defaultValue = ClassifierConfig.DEFAULT_APPLICATION_ID,
            description = "Kafka Streams application id of the classifier (default: ${DEFAULT-VALUE}).")
    String applicationId;

    @Option(names = "--classifier-state-dir", paramLabel = "DIR",
            description = "Where the classifier's state stores live (default: <data-dir>/classifier-state).")
    Path stateDir;

    @Option(names = "--classifier-commit-interval-ms", paramLabel = "MS",
            defaultValue = "" + StageSettings.DEFAULT_COMMIT_INTERVAL_MS,
            description = "How often the classifier commits (default: ${DEFAULT-VALUE}).")
    long commitIntervalMs;

    @Option(names = "--classifier-profiled-retention", paramLabel = "DURATION",
            description = "Event time a profiled job's dedupe marker (and its job entry) is kept, ISO-8601 "
                    + "(default: P7D).")
    Duration profiledRetention;

    @Option(names = "--classifier-unfinished-retention", paramLabel = "DURATION",
            description = "Event time an unfinished run is kept after its last task success, and a job without a "
                    + "success after its submission, ISO-8601 (default: P30D).")
    Duration unfinishedRetention;

    ClassifierConfig config(String bootstrapServers, String topicPrefix, RegistryConfig registry, Path dataDir) {
        var defaults = ClassifierConfig.defaults();
        return defaults
                .withStage(s -> s.withApplicationId(applicationId)
                        .withStateDir(stateDir != null ? stateDir : dataDir.resolve("classifier-state"))
                        .withCommitIntervalMs(commitIntervalMs).withBootstrapServers(bootstrapServers)
                        .withTopicPrefix(topicPrefix).withRegistry(registry))
                .withProfiledRetention(profiledRetention != null ? profiledRetention : defaults.profiledRetention())
                .withUnfinishedRetention(unfinishedRetention != null ? unfinishedRetention
                        : defaults.unfinishedRetention());
    }
}
