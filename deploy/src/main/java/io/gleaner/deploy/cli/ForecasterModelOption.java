package io.gleaner.deploy.cli;

import io.gleaner.forecaster.Forecasters;
import io.gleaner.forecaster.core.Forecaster;
import io.gleaner.forecaster.eval.DayOracle;
import io.gleaner.forecaster.eval.ForecastModels;
import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code --forecaster-model}, the learner that forecasts the owners' use, for every command that refits one
 * ({@code gleaner run}'s forecaster stage, {@code gleaner evaluate}'s in-process forecasts): declared, described and
 * checked here. Any model {@code gleaner forecast-eval} scores, but not its bound.
 */
final class ForecasterModelOption {

    @Spec(Spec.Target.MIXEE)
    CommandSpec mixee;

    private Forecaster model;

    @Option(names = "--forecaster-model", paramLabel = "MODEL",
            description = "The learner that forecasts the owners' use: any model gleaner forecast-eval scores, e.g. "
                    + "qr|sq+h, qr|sq|max-6h+0.01 (fewer violations), burst-discount (more spare capacity, scored "
                    + "hourly) or max-1h+0.01 (with gleaner run's --forecaster-miss-escalation 0.05; see the README), "
                    + "but not the bound " + DayOracle.NAME + " (default: qr|sq+h).")
    void model(String name) {
        if (name.equals(DayOracle.NAME) || !ForecastModels.isKnown(name)) {
            throw new ParameterException(mixee.commandLine(), "--forecaster-model must be a learner that gleaner "
                    + "forecast-eval scores (e.g. qr|sq+h, qr|sq|max-6h+0.01, burst-discount), was '" + name + "'");
        }
        model = ForecastModels.of(name);
    }

    /** The learner given on the command line; empty when the option was not given. */
    Optional<Forecaster> given() {
        return Optional.ofNullable(model);
    }

    /** The learner given on the command line, else {@link Forecasters#standard()}, the stage's default. */
    Forecaster orDefault() {
        return given().orElseGet(Forecasters::standard);
    }
}
