package io.gleaner.deploy.cli;

import io.gleaner.classifier.ClassifierConfig;
import io.gleaner.classifier.ClassifierSettingsDef;
import io.gleaner.runtime.StageSettings;
import io.gleaner.schemas.serde.RegistryConfig;
import java.nio.file.Path;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * The classifier stage's settings as {@code gleaner run}'s {@code --classifier-*} options, one per setting
 * {@link ClassifierSettingsDef} declares (the instance id is run's one {@code --instance-id}).
 */
@Command(modelTransformer = StageOptions.Generator.class)
final class ClassifierOptions extends StageOptions {

    @Spec(Spec.Target.MIXEE)
    CommandSpec mixee;

    ClassifierOptions() {
        super(ClassifierSettingsDef.CONFIG, "classifier-", allBut(StageSettings.INSTANCE_ID), Map.of());
    }

    ClassifierConfig config(String bootstrapServers, String topicPrefix, RegistryConfig registry, Path dataDir) {
        return config(mixee, ClassifierConfig::from, "classifier-state", bootstrapServers, topicPrefix, registry,
                dataDir).withStage(s -> s.withRegistry(registry));
    }
}
