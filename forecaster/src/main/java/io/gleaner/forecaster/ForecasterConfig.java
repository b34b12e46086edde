package io.gleaner.forecaster;

import static io.gleaner.schemas.SettingValues.decimal;
import static io.gleaner.schemas.SettingValues.duration;
import static io.gleaner.schemas.SettingValues.intValue;

import io.gleaner.forecaster.core.ForecastSettings;
import io.gleaner.forecaster.core.MissReaction;
import io.gleaner.forecaster.core.ResourceMetric;
import io.gleaner.schemas.Topics;
import io.gleaner.schemas.avro.Metric;
import io.gleaner.runtime.StageSettings;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;
import java.util.function.UnaryOperator;

/**
 * The forecaster stage's settings, validated here, in {@link StageSettings} and in {@link ForecastSettings} and
 * nowhere else. Each field has a named default and a namespaced property key ({@link #from} reads them); durations
 * are ISO-8601 ({@code P7D}, {@code PT1H}, {@code PT3M}).
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
    /** Property key of {@link ForecastSettings#window()}, ISO-8601. */
    public static final String WINDOW = "gleaner.forecaster.window";
    /** Property key of {@link ForecastSettings#refitPeriod()}, ISO-8601. */
    public static final String REFIT_PERIOD = "gleaner.forecaster.refit-period";
    /** Property key of {@link ForecastSettings#step()}, ISO-8601. */
    public static final String STEP = "gleaner.forecaster.step";
    /** Property key of {@link ForecastSettings#maxHold()}, ISO-8601. */
    public static final String MAX_HOLD = "gleaner.forecaster.max-hold";
    /** Property key of {@link ForecastSettings#horizon()}, in steps. */
    public static final String HORIZON = "gleaner.forecaster.horizon";
    /** Property key of {@link ForecastSettings#quantile()}. */
    public static final String QUANTILE = "gleaner.forecaster.quantile";
    /** Property key of {@link ForecastSettings#staleness()}, ISO-8601. */
    public static final String STALENESS = "gleaner.forecaster.staleness";
    /**
     * Property key of the {@link io.gleaner.forecaster.core.MissReaction}'s escalation, in [0, 1): when set, a series'
     * forecast reacts to a sample above it (refit at once, this much more room per miss of the last day, the whole
     * capacity once a day holds {@link ForecastSettings#missBudget()} misses); when not set, forecasts are refit on
     * the schedule only.
     */
    public static final String MISS_ESCALATION = "gleaner.forecaster.miss-escalation";
    /**
     * Prefix of the safety margin keys: {@code gleaner.forecaster.margin.cpu}, {@code .memory}, {@code .disk},
     * {@code .network}.
     */
    public static final String MARGIN_PREFIX = "gleaner.forecaster.margin.";

    public ForecasterConfig {
        Objects.requireNonNull(stage, "stage").requireStage(NAME);
        Objects.requireNonNull(settings, "settings");
    }

    /** Every setting at its default. */
    public static ForecasterConfig defaults() {
        return new ForecasterConfig(StageSettings.defaults(NAME, DEFAULT_APPLICATION_ID), ForecastSettings.defaults());
    }

    /**
     * Reads the settings from properties keyed as the constants of this class (plus {@link StageSettings}'s and
     * {@link io.gleaner.schemas.serde.RegistryConfig}'s keys); a missing key takes its default, other keys are
     * ignored.
     *
     * @throws IllegalArgumentException naming the key and the value when one is wrong
     */
    public static ForecasterConfig from(Map<String, ?> properties) {
        var stage = StageSettings.from(properties, NAME, DEFAULT_APPLICATION_ID);
        var margins = new EnumMap<ResourceMetric, Double>(ResourceMetric.class);
        for (var metric : Metric.values()) {
            if (metric != Metric.UNKNOWN) {
                margins.put(ResourceMetric.of(metric.name()), decimal(properties, marginKey(metric),
                        ForecastSettings.DEFAULT_MARGIN));
            }
        }
        var window = duration(properties, WINDOW, ForecastSettings.DEFAULT_WINDOW);
        var refitPeriod = duration(properties, REFIT_PERIOD, ForecastSettings.DEFAULT_REFIT_PERIOD);
        var step = duration(properties, STEP, ForecastSettings.DEFAULT_STEP);
        var maxHold = duration(properties, MAX_HOLD, ForecastSettings.DEFAULT_MAX_HOLD);
        int horizon = intValue(properties, HORIZON, ForecastSettings.DEFAULT_HORIZON);
        double quantile = decimal(properties, QUANTILE, ForecastSettings.DEFAULT_QUANTILE);
        var staleness = duration(properties, STALENESS, ForecastSettings.DEFAULT_STALENESS);
        Optional<MissReaction> reaction = Optional.empty();
        if (properties.get(MISS_ESCALATION) != null) {
            double escalation = decimal(properties, MISS_ESCALATION, 0);
            if (!(escalation >= 0 && escalation < 1)) {
                throw new IllegalArgumentException(MISS_ESCALATION + " must be in [0, 1), was " + escalation);
            }
            reaction = Optional.of(new MissReaction(escalation));
        }
        ForecastSettings settings;
        try {
            settings = new ForecastSettings(window, refitPeriod, step, maxHold, horizon, quantile, staleness, margins,
                    reaction);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("invalid gleaner.forecaster setting: " + e.getMessage(), e);
        }
        return new ForecasterConfig(stage, settings);
    }

    /** The property key of {@code metric}'s safety margin, e.g. {@code gleaner.forecaster.margin.cpu}. */
    public static String marginKey(Metric metric) {
        return MARGIN_PREFIX + metric.name().toLowerCase(Locale.ROOT);
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
