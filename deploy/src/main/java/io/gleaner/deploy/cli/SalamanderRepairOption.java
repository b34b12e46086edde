package io.gleaner.deploy.cli;

import io.gleaner.planner.PlannerSettingsDef;
import io.gleaner.planner.core.salamander.SalamanderSettings;
import java.util.Map;
import java.util.OptionalLong;
import picocli.CommandLine.Command;

/**
 * {@code --salamander-repair-move-limit}, the local-search moves of each repaired Salamander plan
 * ({@link SalamanderSettings#repairMoveLimit()}), for {@code gleaner evaluate}, made from the planner's declaration
 * as {@code gleaner run}'s is.
 */
@Command(modelTransformer = StageOptions.Generator.class)
final class SalamanderRepairOption extends StageOptions {

    SalamanderRepairOption() {
        super(PlannerSettingsDef.CONFIG, "", PlannerSettingsDef.SALAMANDER_REPAIR_MOVE_LIMIT::equals, Map.of());
    }

    /** The limit given on the command line; empty when the option was not given. */
    OptionalLong given() {
        var value = properties().get(PlannerSettingsDef.key(PlannerSettingsDef.SALAMANDER_REPAIR_MOVE_LIMIT));
        return value == null ? OptionalLong.empty() : OptionalLong.of(Long.parseLong(value.toString().strip()));
    }

    /** The limit given on the command line, else {@link SalamanderSettings#DEFAULT_REPAIR_MOVE_LIMIT}. */
    long orDefault() {
        return given().orElse(SalamanderSettings.DEFAULT_REPAIR_MOVE_LIMIT);
    }
}
