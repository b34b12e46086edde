package io.gleaner.forecaster;

import io.gleaner.forecaster.core.ForecastSettings;
import io.gleaner.forecaster.core.MissReaction;
import io.gleaner.forecaster.core.ResourceMetric;
import io.gleaner.schemas.Topics;
import io.gleaner.runtime.StageSettings;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;
import java.util.function.UnaryOperator;
import org.apache.kafka.common.config.AbstractConfig;

/**
 * The forecaster stage's settings, declared in {@link ForecasterSettingsDef} (key, type, default, validator, doc)
 * and validated there, in {@link StageSettings} and in {@link ForecastSettings}; durations are ISO-8601
 * ({@code P7D}, {@code PT1H}, {@code PT3M}).
 *
 * @param stage    how the stage runs on Kafka, its keys under {@code gleaner.forecaster.} ({@link StageSettings}); a
 *                 static member ({@code instance-id}) takes its tasks back at once on restart, as
 *                 {@link ForecasterApp#close()} leaves the group
 * @param settings window, refit period, step, max hold, horizon, quantile, staleness and safety margins
 */
public record ForecasterConfig(StageSettings stage, ForecastSettings settings) {

    /** The stage's name in its keys. */
    public static final String NAME = "forecaster";
    /** Default application id. */
    public static final String DEFAULT_APPLICATION_ID = "gleaner-forecaster";
    public ForecasterConfig {
        Objects.requireNonNull(stage, "stage").requireStage(NAME);
        Objects.requireNonNull(settings, "settings");
    }

    /** Every setting at its default. */
    public static ForecasterConfig defaults() {
        return new ForecasterConfig(StageSettings.defaults(NAME, DEFAULT_APPLICATION_ID), ForecastSettings.defaults());
    }

    /**
     * Reads the settings from properties keyed as {@link ForecasterSettingsDef} declares them (plus
     * {@link io.gleaner.schemas.serde.RegistryConfig}'s keys); a missing key takes its default, a deprecated key
     * ({@code gleaner.forecaster.margin.cpu}) still works with a warning, other keys are ignored.
     *
     * @throws IllegalArgumentException naming the key and the value when one is wrong
     */
    public static ForecasterConfig from(Map<String, ?> properties) {
        var stage = StageSettings.from(properties, NAME, DEFAULT_APPLICATION_ID);
        var values = ForecasterSettingsDef.CONFIG.parse(properties);
        var margins = new EnumMap<ResourceMetric, Double>(ResourceMetric.class);
        for (var metric : ForecasterSettingsDef.METRICS) {
            margins.put(metric, values.getDouble(key(ForecasterSettingsDef.safetyMargin(metric))));
        }
        var escalation = values.getBoolean(key(ForecasterSettingsDef.REACT_TO_MISSES))
                ? values.getDouble(key(ForecasterSettingsDef.MISS_ESCALATION)) : null;
        ForecastSettings settings;
        try {
            settings = new ForecastSettings(duration(values, ForecasterSettingsDef.WINDOW),
                    duration(values, ForecasterSettingsDef.REFIT_PERIOD), duration(values, ForecasterSettingsDef.STEP),
                    duration(values, ForecasterSettingsDef.MAX_HOLD), values.getInt(key(ForecasterSettingsDef.HORIZON)),
                    values.getDouble(key(ForecasterSettingsDef.QUANTILE)),
                    duration(values, ForecasterSettingsDef.STALENESS), margins,
                    Optional.ofNullable(escalation).map(MissReaction::new));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("invalid gleaner.forecaster setting: " + e.getMessage(), e);
        }
        return new ForecasterConfig(stage, settings);
    }

    private static String key(String setting) {
        return ForecasterSettingsDef.key(setting);
    }

    private static Duration duration(AbstractConfig values, String setting) {
        return Duration.parse(values.getString(key(setting)));
    }

    /**
     * The Kafka Streams settings of the forecaster: the stage's ({@link StageSettings#streamsProperties()}).
     * Timestamps come from the samples' time field through the extractor the topology sets on its source.
     */
    public Properties streamsProperties() {
        return stage.streamsProperties();
    }

    /** The topic catalogue with this configuration's prefix. */
    public Topics topics() {
        return stage.topics();
    }

    /** This configuration with its stage settings changed by {@code change}. */
    public ForecasterConfig withStage(UnaryOperator<StageSettings> change) {
        return new ForecasterConfig(change.apply(stage), settings);
    }

    /** This configuration with other forecast settings. */
    public ForecasterConfig withSettings(ForecastSettings value) {
        return new ForecasterConfig(stage, value);
    }
}
