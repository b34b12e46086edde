package io.gleaner.forecaster;

import io.gleaner.forecaster.core.ForecastSettings;
import io.gleaner.forecaster.core.ResourceMetric;
import io.gleaner.runtime.SettingValidators;
import io.gleaner.runtime.StageConfigDef;
import io.gleaner.runtime.StageSettings;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.kafka.common.config.ConfigDef.Range;
import org.apache.kafka.common.config.ConfigDef.Type;

/**
 * The forecaster stage's settings, each declared once (key, type, default, validator, doc);
 * {@link ForecasterConfig#from} reads them, {@code gleaner run} makes its {@code --forecaster-*} options of them and
 * docs/configuration.md is generated from them. The defaults are the core's ({@link ForecastSettings}).
 */
public final class ForecasterSettingsDef {

    /** Setting (after {@code gleaner.forecaster.}) of {@link ForecastSettings#window()}, ISO-8601. */
    public static final String WINDOW = "window";
    /** Setting of {@link ForecastSettings#refitPeriod()}, ISO-8601. */
    public static final String REFIT_PERIOD = "refit-period";
    /** Setting of {@link ForecastSettings#step()}, ISO-8601. */
    public static final String STEP = "step";
    /** Setting of {@link ForecastSettings#maxHold()}, ISO-8601. */
    public static final String MAX_HOLD = "max-hold";
    /** Setting of {@link ForecastSettings#horizon()}, in steps. */
    public static final String HORIZON = "horizon";
    /** Setting of {@link ForecastSettings#quantile()}. */
    public static final String QUANTILE = "quantile";
    /** Setting of {@link ForecastSettings#staleness()}, ISO-8601. */
    public static final String STALENESS = "staleness";
    /** Setting of the {@link io.gleaner.forecaster.core.MissReaction}'s escalation. */
    public static final String MISS_ESCALATION = "miss-escalation";
    /** Setting of whether the stage reacts to misses at all. */
    public static final String REACT_TO_MISSES = "react-to-misses";

    /** The metrics with a safety margin: every one but UNKNOWN. */
    public static final List<ResourceMetric> METRICS = Arrays.stream(ResourceMetric.values())
            .filter(metric -> metric != ResourceMetric.UNKNOWN).toList();

    /** The declarations. */
    public static final StageConfigDef CONFIG = declare();

    private ForecasterSettingsDef() {
    }

    /** Setting of {@code metric}'s safety margin S(m), e.g. {@code safety-margin-cpu}. */
    public static String safetyMargin(ResourceMetric metric) {
        return "safety-margin-" + metric.name().toLowerCase(Locale.ROOT);
    }

    /** The key of {@code setting}, e.g. {@code gleaner.forecaster.window}. */
    public static String key(String setting) {
        return CONFIG.key(setting);
    }

    private static StageConfigDef declare() {
        var def = StageSettings.configDef(ForecasterConfig.NAME, ForecasterConfig.DEFAULT_APPLICATION_ID)
                .define(WINDOW, Type.STRING, StageConfigDef.text(ForecastSettings.DEFAULT_WINDOW),
                        SettingValidators.positiveDuration(),
                        "History each refit sees; a whole number of steps.")
                .define(REFIT_PERIOD, Type.STRING, StageConfigDef.text(ForecastSettings.DEFAULT_REFIT_PERIOD),
                        SettingValidators.positiveDuration(),
                        "Refit each node's forecast when its event time crosses a multiple of this; a whole number "
                                + "of steps.")
                .define(STEP, Type.STRING, StageConfigDef.text(ForecastSettings.DEFAULT_STEP),
                        SettingValidators.positiveDuration(), "Forecast step; samples are averaged onto it.")
                .define(MAX_HOLD, Type.STRING, StageConfigDef.text(ForecastSettings.DEFAULT_MAX_HOLD),
                        SettingValidators.duration(),
                        "A step without a sample holds the latest earlier one for at most this long before it is a "
                                + "gap for the learner.")
                .define(HORIZON, Type.INT, ForecastSettings.DEFAULT_HORIZON, Range.atLeast(1), "Steps forecast.")
                .define(QUANTILE, Type.DOUBLE, ForecastSettings.DEFAULT_QUANTILE, null,
                        "Quantile level of the forecast, in (0, 1).")
                .define(STALENESS, Type.STRING, StageConfigDef.text(ForecastSettings.DEFAULT_STALENESS),
                        SettingValidators.positiveDuration(),
                        "A node with no sample for this long of event time is published as stale.")
                .define(MISS_ESCALATION, Type.DOUBLE, ForecastSettings.DEFAULT_MISS_ESCALATION,
                        SettingValidators.shareBelowOne(),
                        "React to misses: a sample above the forecast in force refits its node at once, each forecast "
                                + "gets this much more (in [0, 1)) per miss of the last day, and once a day's misses "
                                + "reach floor((1 - quantile) x steps per day) the forecast is the whole capacity "
                                + "until the oldest is a day old (docs/results/2026-11-28-forecast-default.md).")
                .define(REACT_TO_MISSES, Type.BOOLEAN, true, null,
                        "Whether the forecasts react to misses as miss-escalation says; false: they change at the "
                                + "refit boundaries only.");
        for (var metric : METRICS) {
            var name = metric.name().toLowerCase(Locale.ROOT);
            def.define(safetyMargin(metric), Type.DOUBLE, ForecastSettings.DEFAULT_MARGIN,
                    SettingValidators.shareBelowOne(),
                    "Safety margin S(" + name + "): the share of a node's " + name + " capacity kept out of the "
                            + "spare capacity forecast (Salamander §III-A).")
                    .deprecated("gleaner.forecaster.margin." + name, safetyMargin(metric));
        }
        return def;
    }
}
