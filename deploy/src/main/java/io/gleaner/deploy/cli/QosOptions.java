package io.gleaner.deploy.cli;

import io.gleaner.qos.QosConfig;
import io.gleaner.qos.core.QosMode;
import io.gleaner.schemas.serde.RegistryConfig;
import io.gleaner.runtime.StageSettings;
import java.nio.file.Path;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/** The QoS controller stage's settings, one option per {@link QosConfig} field the command line sets. */
final class QosOptions {

    @Option(names = "--qos-application-id", defaultValue = QosConfig.DEFAULT_APPLICATION_ID,
            description = "Kafka Streams application id of the QoS controller (default: ${DEFAULT-VALUE}).")
    String applicationId;

    @Option(names = "--qos-state-dir", paramLabel = "DIR",
            description = "Where the QoS controller's state store lives (default: <data-dir>/qos-state).")
    Path stateDir;

    @Option(names = "--qos-commit-interval-ms", paramLabel = "MS",
            defaultValue = "" + StageSettings.DEFAULT_COMMIT_INTERVAL_MS,
            description = "How often the QoS controller commits (default: ${DEFAULT-VALUE}).")
    long commitIntervalMs;

    @Option(names = "--qos-mode", paramLabel = "MODE", defaultValue = "salamander", converter = ModeConverter.class,
            description = "QoS controller: salamander (throttle CPU, kill on RAM; Salamander Algorithm 3) or cuckoo "
                    + "(kill on any violation, the baseline) (default: ${DEFAULT-VALUE}).")
    QosMode mode;

    @Option(names = "--qos-period-ms", paramLabel = "MS", defaultValue = "" + QosConfig.DEFAULT_PERIOD_MS,
            description = "Event time between two ticks of a node; a node is ticked when one of its records "
                    + "arrives at least this long after its last tick (default: ${DEFAULT-VALUE}).")
    long periodMs;

    @Option(names = "--qos-cpu-margin", paramLabel = "SHARE", defaultValue = "" + QosConfig.DEFAULT_SAFETY_MARGIN,
            description = "Safety margin S(cpu): share of a node's cores kept from Gleaner's tasks, in [0, 1) "
                    + "(default: ${DEFAULT-VALUE}).")
    double cpuMargin;

    @Option(names = "--qos-ram-margin", paramLabel = "SHARE", defaultValue = "" + QosConfig.DEFAULT_SAFETY_MARGIN,
            description = "Safety margin S(ram): share of a node's RAM kept from Gleaner's tasks, in [0, 1) "
                    + "(default: ${DEFAULT-VALUE}).")
    double ramMargin;

    @Option(names = "--qos-ram-threshold", paramLabel = "SHARE",
            defaultValue = "" + QosConfig.DEFAULT_RAM_THRESHOLD_SHARE,
            description = "Share of the RAM margin the tasks may use before kills start, in [0, 1] "
                    + "(default: ${DEFAULT-VALUE}).")
    double ramThreshold;

    QosConfig config(String bootstrapServers, String topicPrefix, RegistryConfig registry, Path dataDir) {
        return QosConfig.defaults()
                .withStage(s -> s.withApplicationId(applicationId)
                        .withStateDir(stateDir != null ? stateDir : dataDir.resolve("qos-state"))
                        .withCommitIntervalMs(commitIntervalMs).withBootstrapServers(bootstrapServers)
                        .withTopicPrefix(topicPrefix).withRegistry(registry))
                .withMode(mode)
                .withPeriodMs(periodMs)
                .withSafetyMargins(cpuMargin, ramMargin)
                .withRamThresholdShare(ramThreshold);
    }

    /** Parses {@code --qos-mode} with {@link QosMode#parse}, whose message lists the allowed names. */
    static final class ModeConverter implements ITypeConverter<QosMode> {
        @Override
        public QosMode convert(String value) {
            try {
                return QosMode.parse(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }
}
