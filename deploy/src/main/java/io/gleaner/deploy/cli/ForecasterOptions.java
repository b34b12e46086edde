package io.gleaner.deploy.cli;

import io.gleaner.forecaster.ForecasterConfig;
import io.gleaner.forecaster.core.ForecastSettings;
import io.gleaner.forecaster.core.ResourceMetric;
import io.gleaner.schemas.serde.RegistryConfig;
import java.nio.file.Path;
import java.time.Duration;
import picocli.CommandLine.Option;

/**
 * The forecaster stage's settings, one option per {@link ForecasterConfig} and {@link ForecastSettings} field (the
 * learner it refits and its reaction to misses are {@link ForecasterModelOption}).
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

    ForecasterConfig config(String bootstrapServers, String topicPrefix, RegistryConfig registry, Path dataDir) {
        var settings = ForecastSettings.defaults()
                .withStep(step)
                .withWindow(window)
                .withRefitPeriod(refitPeriod)
                .withMaxHold(maxHold)
                .withHorizon(horizon)
                .withQuantile(quantile)
                .withStaleness(staleness)
                .withMargin(ResourceMetric.CPU, marginCpu)
                .withMargin(ResourceMetric.MEMORY, marginMemory);
        return ForecasterConfig.defaults()
                .withStage(s -> s.withApplicationId(applicationId)
                        .withStateDir(stateDir != null ? stateDir : dataDir.resolve("forecaster-state"))
                        .withBootstrapServers(bootstrapServers).withTopicPrefix(topicPrefix).withRegistry(registry))
                .withSettings(settings);
    }
}
