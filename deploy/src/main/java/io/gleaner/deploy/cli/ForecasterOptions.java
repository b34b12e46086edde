package io.gleaner.deploy.cli;

import io.gleaner.forecaster.ForecasterConfig;
import io.gleaner.forecaster.ForecasterSettingsDef;
import io.gleaner.forecaster.core.ResourceMetric;
import io.gleaner.runtime.StageSettings;
import io.gleaner.schemas.serde.RegistryConfig;
import java.nio.file.Path;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * The forecaster stage's settings as {@code gleaner run}'s {@code --forecaster-*} options, one per setting
 * {@link ForecasterSettingsDef} declares, except the instance id (run's one {@code --instance-id}) and the miss
 * escalation ({@link ForecasterModelOption}'s, which {@code gleaner evaluate} shares); {@code --margin-cpu} and
 * {@code --margin-memory}, the safety margins' names before they had one, still work.
 */
@Command(modelTransformer = StageOptions.Generator.class)
final class ForecasterOptions extends StageOptions {

    @Spec(Spec.Target.MIXEE)
    CommandSpec mixee;

    ForecasterOptions() {
        super(ForecasterSettingsDef.CONFIG, "forecaster-",
                allBut(StageSettings.INSTANCE_ID, ForecasterSettingsDef.MISS_ESCALATION), Map.of(
                        ForecasterSettingsDef.safetyMargin(ResourceMetric.CPU), "--margin-cpu",
                        ForecasterSettingsDef.safetyMargin(ResourceMetric.MEMORY), "--margin-memory"));
    }

    ForecasterConfig config(String bootstrapServers, String topicPrefix, RegistryConfig registry, Path dataDir) {
        return config(mixee, ForecasterConfig::from, "forecaster-state", bootstrapServers, topicPrefix, registry,
                dataDir).withStage(s -> s.withRegistry(registry));
    }
}
