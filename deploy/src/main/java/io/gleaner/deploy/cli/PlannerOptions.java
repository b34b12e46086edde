package io.gleaner.deploy.cli;

import io.gleaner.planner.PlannerConfig;
import io.gleaner.planner.PlannerSettingsDef;
import io.gleaner.runtime.StageSettings;
import io.gleaner.schemas.serde.RegistryConfig;
import java.nio.file.Path;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The planner's settings as {@code gleaner run}'s options: one per setting {@link PlannerSettingsDef} declares, named
 * as the setting ({@code --node-timeout-ms} sets {@code gleaner.planner.node-timeout-ms}), except the instance id and
 * the number of stream threads, which the planner refuses; plus two shorthands for the papers' algorithms as printed.
 */
@Command(modelTransformer = StageOptions.Generator.class)
final class PlannerOptions extends StageOptions {

    @Spec(Spec.Target.MIXEE)
    CommandSpec mixee;

    @Option(names = "--coshh-strict",
            description = "Run COSHH's routing (Algorithm 2) as printed: the same as --coshh-work-conserving false "
                    + "--coshh-min-share-guarantee false (default: off).")
    boolean coshhStrict;

    @Option(names = "--salamander-strict",
            description = "Release each planned task at its planned start only: the same as "
                    + "--salamander-early-release false (default: off).")
    boolean salamanderStrict;

    PlannerOptions() {
        super(PlannerSettingsDef.CONFIG, "", allBut(StageSettings.INSTANCE_ID, StageSettings.STREAM_THREADS),
                Map.of(PlannerSettingsDef.SALAMANDER_MOVE_LIMIT, "--salamander-moves"));
    }

    PlannerConfig config(String bootstrapServers, String topicPrefix, RegistryConfig registry, Path dataDir) {
        var properties = properties();
        properties.put(StageSettings.BOOTSTRAP_SERVERS, bootstrapServers);
        properties.put(StageSettings.TOPIC_PREFIX, topicPrefix);
        if (!isGiven(StageSettings.STATE_DIR)) {
            properties.put(PlannerSettingsDef.key(StageSettings.STATE_DIR), dataDir.resolve("planner-state"));
        }
        if (coshhStrict) {
            properties.put(PlannerSettingsDef.key(PlannerSettingsDef.COSHH_WORK_CONSERVING), false);
            properties.put(PlannerSettingsDef.key(PlannerSettingsDef.COSHH_MIN_SHARE_GUARANTEE), false);
        }
        if (salamanderStrict) {
            properties.put(PlannerSettingsDef.key(PlannerSettingsDef.SALAMANDER_EARLY_RELEASE), false);
        }
        try {
            return PlannerConfig.from(properties).withStage(s -> s.withRegistry(registry));
        } catch (IllegalArgumentException e) {
            throw new ParameterException(mixee.commandLine(), e.getMessage(), e);
        }
    }
}
