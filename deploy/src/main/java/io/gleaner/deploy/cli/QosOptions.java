package io.gleaner.deploy.cli;

import io.gleaner.qos.QosConfig;
import io.gleaner.qos.QosSettingsDef;
import io.gleaner.runtime.StageSettings;
import io.gleaner.schemas.serde.RegistryConfig;
import java.nio.file.Path;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * The QoS controller stage's settings as {@code gleaner run}'s {@code --qos-*} options, one per setting
 * {@link QosSettingsDef} declares (the instance id is run's one {@code --instance-id}); the options named before the
 * safety margin had one name ({@code --qos-cpu-margin}, {@code --qos-ram-margin}, {@code --qos-ram-threshold}) still
 * work.
 */
@Command(modelTransformer = StageOptions.Generator.class)
final class QosOptions extends StageOptions {

    @Spec(Spec.Target.MIXEE)
    CommandSpec mixee;

    QosOptions() {
        super(QosSettingsDef.CONFIG, "qos-", allBut(StageSettings.INSTANCE_ID), Map.of(
                QosSettingsDef.SAFETY_MARGIN_CPU, "--qos-cpu-margin",
                QosSettingsDef.SAFETY_MARGIN_MEMORY, "--qos-ram-margin",
                QosSettingsDef.RAM_THRESHOLD_SHARE, "--qos-ram-threshold"));
    }

    QosConfig config(String bootstrapServers, String topicPrefix, RegistryConfig registry, Path dataDir) {
        return config(mixee, QosConfig::from, "qos-state", bootstrapServers, topicPrefix, registry, dataDir)
                .withStage(s -> s.withRegistry(registry));
    }
}
