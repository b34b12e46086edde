package io.gleaner.deploy.cli;

import io.gleaner.planner.PlannerConfig;
import io.gleaner.planner.PlannerSettingsDef;
import io.gleaner.runtime.StageSettings;
import io.gleaner.schemas.serde.RegistryConfig;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * The planner's settings as {@code gleaner run}'s options: one per setting {@link PlannerSettingsDef} declares, named
 * as the setting ({@code --node-timeout-ms} sets {@code gleaner.planner.node-timeout-ms}), except the instance id,
 * which is {@code gleaner run}'s one {@code --instance-id}, and the number of stream threads, which the planner
 * refuses; plus two shorthands for the papers' algorithms as printed.
 */
@Command(modelTransformer = StageOptions.Generator.class)
final class PlannerOptions extends StageOptions {

    @Spec(Spec.Target.MIXEE)
    CommandSpec mixee;

    @Option(names = "--coshh-strict",
            description = "Run COSHH's routing (Algorithm 2) as printed: the same as --coshh-work-conserving false "
                    + "--coshh-min-share-guarantee false --coshh-least-satisfied-first false "
                    + "--coshh-delay-scheduling false (default: off).")
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
        return config(mixee, this::withShorthands, "planner-state", bootstrapServers, topicPrefix, registry, dataDir)
                .withStage(s -> s.withRegistry(registry));
    }

    /** The planner's configuration of {@code properties} with the strict shorthands' settings. */
    private PlannerConfig withShorthands(Map<String, ?> properties) {
        var all = new HashMap<String, Object>(properties);
        if (coshhStrict) {
            all.put(PlannerSettingsDef.key(PlannerSettingsDef.COSHH_WORK_CONSERVING), false);
            all.put(PlannerSettingsDef.key(PlannerSettingsDef.COSHH_MIN_SHARE_GUARANTEE), false);
            all.put(PlannerSettingsDef.key(PlannerSettingsDef.COSHH_LEAST_SATISFIED_FIRST), false);
            all.put(PlannerSettingsDef.key(PlannerSettingsDef.COSHH_DELAY_SCHEDULING), false);
        }
        if (salamanderStrict) {
            all.put(PlannerSettingsDef.key(PlannerSettingsDef.SALAMANDER_EARLY_RELEASE), false);
        }
        return PlannerConfig.from(all);
    }
}
