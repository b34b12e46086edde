package io.gleaner.deploy.cli;

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

    Optional<String> schemaRegistryUrl() {
        return Optional.ofNullable(schemaRegistryUrl).filter(s -> !s.isBlank());
    }
}
