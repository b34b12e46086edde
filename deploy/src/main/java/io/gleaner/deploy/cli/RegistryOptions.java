package io.gleaner.deploy.cli;

import io.gleaner.deploy.registry.RegistryKeystore;
import io.gleaner.schemas.serde.RegistryConfig;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
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
            description = "Credentials for the schema registry (basic.auth.user.info); without "
                    + "--schema-registry-url the embedded registry requires them too.")
    String basicAuthUserInfo;

    @Option(names = "--basic-auth-user-info-file", paramLabel = "FILE",
            description = "A file holding USER:PASSWORD, in place of --basic-auth-user-info (which other users of "
                    + "the machine can read in the process list).")
    Path basicAuthUserInfoFile;

    @Option(names = "--registry-keystore", paramLabel = "FILE",
            description = "Keystore (PKCS12 or JKS) the embedded registry serves HTTPS with; its clients in this "
                    + "process trust it through the JVM's truststore (javax.net.ssl.trustStore).")
    Path registryKeystore;

    @Option(names = "--registry-keystore-password-file", paramLabel = "FILE",
            description = "A file holding the password of --registry-keystore (store and key).")
    Path registryKeystorePasswordFile;

    @Option(names = "--registry-host", paramLabel = "ADDRESS", defaultValue = "localhost",
            description = "Address the embedded schema registry listens on: 0.0.0.0 for every interface, as in a "
                    + "container others reach (default: ${DEFAULT-VALUE}, this machine only).")
    String registryHost;

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

    /** The registry's credentials: {@code --basic-auth-user-info}, else the file's, else none. */
    Optional<String> basicAuthUserInfo() {
        if (basicAuthUserInfo != null) {
            return Optional.of(basicAuthUserInfo);
        }
        return Optional.ofNullable(basicAuthUserInfoFile).map(file -> secret("--basic-auth-user-info-file", file));
    }

    /** The embedded registry's keystore, checked to come with its password. */
    Optional<RegistryKeystore> registryKeystore() {
        if (registryKeystore == null) {
            return Optional.empty();
        }
        if (registryKeystorePasswordFile == null) {
            throw new IllegalArgumentException("--registry-keystore needs --registry-keystore-password-file");
        }
        return Optional.of(new RegistryKeystore(registryKeystore,
                secret("--registry-keystore-password-file", registryKeystorePasswordFile)));
    }

    /** The first line of a file holding a secret; errors name the option and the file, never the contents. */
    private static String secret(String option, Path file) {
        try {
            var lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            if (lines.isEmpty() || lines.get(0).isBlank()) {
                throw new IllegalArgumentException(option + ": " + file + " is empty");
            }
            return lines.get(0).strip();
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException(option + ": no such file: " + file, e);
        } catch (IOException e) {
            throw new IllegalArgumentException(option + ": cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    /** The retry settings, checked. */
    RegistryConfig.Retries retries() {
        return new RegistryConfig.Retries(maxRetries, Duration.ofMillis(retriesWaitMs),
                Duration.ofMillis(retriesMaxWaitMs), Duration.ofMillis(deadlineMs));
    }
}
