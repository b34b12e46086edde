package io.gleaner.deploy.cli;

import io.gleaner.forecaster.Forecasters;
import io.gleaner.forecaster.core.ForecastSettings;
import io.gleaner.forecaster.core.Forecaster;
import io.gleaner.forecaster.core.MissReaction;
import io.gleaner.evaluators.forecasts.DayOracle;
import io.gleaner.evaluators.forecasts.ForecastModels;
import io.gleaner.evaluators.forecasts.StageDefault;
import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code --forecaster-model}, the learner that forecasts the owners' use, and {@code --forecaster-miss-escalation},
 * how its forecasts react to their misses, for every command that refits one ({@code gleaner run}'s forecaster
 * stage, {@code gleaner evaluate}'s in-process forecasts): declared, described and checked here. Any model
 * {@code gleaner forecast-eval} scores, but not its bound.
 */
final class ForecasterModelOption {

    @Spec(Spec.Target.MIXEE)
    CommandSpec mixee;

    private Forecaster model;

    @Option(names = "--forecaster-model", paramLabel = "MODEL",
            description = "The learner that forecasts the owners' use: any model gleaner forecast-eval scores, e.g. "
                    + "qr|sq+h, qr|sq|max-6h+0.01 or burst-discount "
                    + "(see docs/results/2026-11-27-forecaster-accuracy.md), "
                    + "but not the bound " + DayOracle.NAME + " (default: " + Forecasters.STANDARD_NAME + ", with "
                    + "--forecaster-miss-escalation's default; see docs/results/2026-11-28-forecast-default.md).")
    void model(String name) {
        if (name.equals(StageDefault.NAME)) {
            model = Forecasters.standard();
            return;
        }
        if (name.equals(DayOracle.NAME) || !ForecastModels.isKnown(name)) {
            throw new ParameterException(mixee.commandLine(), "--forecaster-model must be a learner that gleaner "
                    + "forecast-eval scores (e.g. qr|sq+h, qr|sq|max-6h+0.01, burst-discount), was '" + name + "'");
        }
        model = ForecastModels.of(name);
    }

    private MissReaction reaction;

    @Option(names = "--forecaster-miss-escalation", paramLabel = "ESCALATION",
            description = "React to misses (gleaner.forecaster.miss-escalation): a sample above the forecast in force "
                    + "refits its node at once, each forecast gets ESCALATION (in [0, 1)) more per miss of the last "
                    + "day, and once a day's misses reach floor((1 - quantile) x steps per day) the forecast is the "
                    + "whole capacity until the oldest is a day old (default: "
                    + ForecastSettings.DEFAULT_MISS_ESCALATION + "; docs/results/2026-11-28-forecast-default.md).")
    void missEscalation(double value) {
        if (!(value >= 0 && value < 1)) {
            throw new ParameterException(mixee.commandLine(), "--forecaster-miss-escalation must be in [0, 1), was "
                    + value);
        }
        reaction = new MissReaction(value);
    }

    /** The reaction to misses given on the command line; empty when the option was not given (the default's then). */
    Optional<MissReaction> reaction() {
        return Optional.ofNullable(reaction);
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
