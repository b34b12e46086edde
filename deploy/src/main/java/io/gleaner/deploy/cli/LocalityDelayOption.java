package io.gleaner.deploy.cli;

import io.gleaner.planner.core.policies.PolicySettings;
import java.time.Duration;
import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code --locality-delay-ms}, the fair policy's delay scheduling wait ({@link PolicySettings#localityDelay()}), for
 * every command that sets it ({@code gleaner run}, {@code gleaner evaluate}): declared, described and checked here.
 */
final class LocalityDelayOption {

    @Spec(Spec.Target.MIXEE)
    CommandSpec mixee;

    private Long ms;

    @Option(names = "--locality-delay-ms", paramLabel = "MS",
            description = "How long the fair policy lets a job wait for a node holding its input before it runs a map "
                    + "elsewhere; 0 turns delay scheduling off (default: 4500, 1.5 heartbeats of 3 s, as in "
                    + "Hadoop's fair scheduler).")
    void ms(Long value) {
        if (value != null && value < 0) {
            throw new ParameterException(mixee.commandLine(), "--locality-delay-ms must be >= 0, was " + value);
        }
        ms = value;
    }

    /** The delay given on the command line; empty when the option was not given. */
    Optional<Duration> given() {
        return Optional.ofNullable(ms).map(Duration::ofMillis);
    }

    /** The delay given on the command line, else {@link PolicySettings#DEFAULT_LOCALITY_DELAY}. */
    Duration orDefault() {
        return given().orElse(PolicySettings.DEFAULT_LOCALITY_DELAY);
    }
}
