package io.gleaner.deploy.cli;

import io.gleaner.forecaster.ForecastSettings;
import io.gleaner.forecaster.ForecasterConfig;
import io.gleaner.forecaster.core.MissReaction;
import io.gleaner.schemas.avro.Metric;
import io.gleaner.schemas.serde.RegistryConfig;
import java.nio.file.Path;
import java.time.Duration;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The forecaster stage's settings, one option per {@link ForecasterConfig} and {@link ForecastSettings} field (the
 * learner it refits is {@link ForecasterModelOption}).
 */
final class ForecasterOptions {

    @Option(names = "--forecaster-application-id", defaultValue = ForecasterConfig.DEFAULT_APPLICATION_ID,
            description = "Kafka Streams application id of the forecaster (default: ${DEFAULT-VALUE}).")
    String applicationId;

    @Option(names = "--forecaster-state-dir", paramLabel = "DIR",
            description = "Where the forecaster's state stores live (default: <data-dir>/forecaster-state).")
    Path stateDir;

    @Option(names = "--forecaster-window", defaultValue = "P7D", paramLabel = "DURATION",
            description = "History each refit sees, ISO-8601 (default: ${DEFAULT-VALUE}).")
    Duration window;

    @Option(names = "--forecaster-refit-period", defaultValue = "PT1H", paramLabel = "DURATION",
            description = "Refit each node's forecast when its event time crosses a multiple of this "
                    + "(default: ${DEFAULT-VALUE}).")
    Duration refitPeriod;

    @Option(names = "--forecaster-step", defaultValue = "PT3M", paramLabel = "DURATION",
            description = "Forecast step; samples are averaged onto it (default: ${DEFAULT-VALUE}).")
    Duration step;

    @Option(names = "--forecaster-max-hold", defaultValue = "PT10M", paramLabel = "DURATION",
            description = "A step without a sample holds the latest earlier one for at most this long before it is "
                    + "a gap for the learner (default: ${DEFAULT-VALUE}).")
    Duration maxHold;

    @Option(names = "--forecaster-horizon", defaultValue = "" + ForecastSettings.DEFAULT_HORIZON, paramLabel = "STEPS",
            description = "Steps forecast (default: ${DEFAULT-VALUE}).")
    int horizon;

    @Option(names = "--forecaster-quantile", defaultValue = "" + ForecastSettings.DEFAULT_QUANTILE,
            description = "Quantile level of the forecast (default: ${DEFAULT-VALUE}).")
    double quantile;

    @Option(names = "--forecaster-staleness", defaultValue = "PT15M", paramLabel = "DURATION",
            description = "A node with no sample for this long of event time is published as stale "
                    + "(default: ${DEFAULT-VALUE}).")
    Duration staleness;

    @Option(names = "--margin-cpu", defaultValue = "" + ForecastSettings.DEFAULT_MARGIN,
            description = "Safety margin S(cpu), a fraction of capacity (default: ${DEFAULT-VALUE}).")
    double marginCpu;

    @Option(names = "--margin-memory", defaultValue = "" + ForecastSettings.DEFAULT_MARGIN,
            description = "Safety margin S(memory), a fraction of capacity (default: ${DEFAULT-VALUE}).")
    double marginMemory;

    @Spec(Spec.Target.MIXEE)
    CommandSpec mixee;

    private MissReaction reaction;

    @Option(names = "--forecaster-miss-escalation", paramLabel = "ESCALATION",
            description = "React to misses (gleaner.forecaster.miss-escalation): a sample above the forecast in force "
                    + "refits its node at once, each forecast gets ESCALATION (in [0, 1)) more per miss of the last "
                    + "day, and once a day's misses reach floor((1 - quantile) x steps per day) the forecast is the "
                    + "whole capacity until the oldest is a day old. With --forecaster-model max-1h+0.01 and 0.05, "
                    + "the setting that meets the forecaster's goals on the Bitbrains month (README). Default: off, "
                    + "forecasts change at the refit boundaries only.")
    void missEscalation(double value) {
        if (!(value >= 0 && value < 1)) {
            throw new ParameterException(mixee.commandLine(), "--forecaster-miss-escalation must be in [0, 1), was "
                    + value);
        }
        reaction = new MissReaction(value);
    }

    ForecasterConfig config(String bootstrapServers, String topicPrefix, RegistryConfig registry, Path dataDir) {
        var settings = ForecastSettings.defaults()
                .withStep(step)
                .withWindow(window)
                .withRefitPeriod(refitPeriod)
                .withMaxHold(maxHold)
                .withHorizon(horizon)
                .withQuantile(quantile)
                .withStaleness(staleness)
                .withMargin(Metric.CPU, marginCpu)
                .withMargin(Metric.MEMORY, marginMemory);
        if (reaction != null) {
            settings = settings.withReaction(reaction);
        }
        return ForecasterConfig.defaults()
                .withStage(s -> s.withApplicationId(applicationId)
                        .withStateDir(stateDir != null ? stateDir : dataDir.resolve("forecaster-state"))
                        .withBootstrapServers(bootstrapServers).withTopicPrefix(topicPrefix).withRegistry(registry))
                .withSettings(settings);
    }
}
