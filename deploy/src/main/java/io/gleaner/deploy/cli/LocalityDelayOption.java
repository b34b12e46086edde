package io.gleaner.deploy.cli;

import io.gleaner.planner.PlannerSettingsDef;
import io.gleaner.planner.core.policies.PolicySettings;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import picocli.CommandLine.Command;

/**
 * {@code --locality-delay-ms}, the fair policy's delay scheduling wait ({@link PolicySettings#localityDelay()}), for
 * {@code gleaner evaluate}, made from the planner's declaration as {@code gleaner run}'s is.
 */
@Command(modelTransformer = StageOptions.Generator.class)
final class LocalityDelayOption extends StageOptions {

    LocalityDelayOption() {
        super(PlannerSettingsDef.CONFIG, "", PlannerSettingsDef.LOCALITY_DELAY_MS::equals, Map.of());
    }

    /** The delay given on the command line; empty when the option was not given. */
    Optional<Duration> given() {
        var value = properties().get(PlannerSettingsDef.key(PlannerSettingsDef.LOCALITY_DELAY_MS));
        return Optional.ofNullable(value).map(ms -> Duration.ofMillis(Long.parseLong(ms.toString().strip())));
    }

    /** The delay given on the command line, else {@link PolicySettings#DEFAULT_LOCALITY_DELAY}. */
    Duration orDefault() {
        return given().orElse(PolicySettings.DEFAULT_LOCALITY_DELAY);
    }
}
