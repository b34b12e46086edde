package io.gleaner.deploy.cli;

import io.gleaner.schemas.serde.RegistryConfig;
import java.time.Duration;
import java.util.Optional;
import picocli.CommandLine.Option;

/** Where the schema registry is, for commands that read or write Avro records. */
final class RegistryOptions {

    @Option(names = "--schema-registry-url", paramLabel = "URL[,...]",
            description = "Confluent-compatible schema registry. Without it, the embedded registry is started "
                    + "and keeps its schemas in the <topic-prefix>_schemas topic.")
    String schemaRegistryUrl;

    @Option(names = "--basic-auth-user-info", paramLabel = "USER:PASSWORD",
            description = "Credentials for the schema registry (basic.auth.user.info).")
    String basicAuthUserInfo;

    @Option(names = "--registry-port", defaultValue = "0",
            description = "Port of the embedded schema registry; 0 picks a free one (default: ${DEFAULT-VALUE}).")
    int registryPort;

    @Option(names = "--registry-max-retries", paramLabel = "N", defaultValue = "" + RegistryConfig.DEFAULT_MAX_RETRIES,
            description = "How often a registry request is sent again when no registry answers or one answers 5xx "
                    + "or 429; a stage stops when they are spent (max.retries, default: ${DEFAULT-VALUE}).")
    int maxRetries;

    @Option(names = "--registry-retries-wait-ms", paramLabel = "MS",
            defaultValue = "" + RegistryConfig.DEFAULT_RETRIES_WAIT_MS,
            description = "Wait before the first retry, doubled before each next one (retries.wait.ms, default: "
                    + "${DEFAULT-VALUE}).")
    long retriesWaitMs;

    @Option(names = "--registry-retries-max-wait-ms", paramLabel = "MS",
            defaultValue = "" + RegistryConfig.DEFAULT_RETRIES_MAX_WAIT_MS,
            description = "Longest wait before a retry (retries.max.wait.ms, default: ${DEFAULT-VALUE}).")
    long retriesMaxWaitMs;

    @Option(names = "--registry-deadline-ms", paramLabel = "MS", defaultValue = "" + RegistryConfig.DEFAULT_DEADLINE_MS,
            description = "Longest one registry request may take, its retries and waits included, so that a "
                    + "registry that never answers cannot hold a stage past its consumer's 300 s poll interval "
                    + "(" + RegistryConfig.DEADLINE_MS + ", default: ${DEFAULT-VALUE}).")
    long deadlineMs;

    Optional<String> schemaRegistryUrl() {
        return Optional.ofNullable(schemaRegistryUrl).filter(s -> !s.isBlank());
    }

    /** The retry settings, checked. */
    RegistryConfig.Retries retries() {
        return new RegistryConfig.Retries(maxRetries, Duration.ofMillis(retriesWaitMs),
                Duration.ofMillis(retriesMaxWaitMs), Duration.ofMillis(deadlineMs));
    }
}
