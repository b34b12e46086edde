package io.gleaner.qos;

import io.gleaner.qos.core.QosMode;
import io.gleaner.qos.core.QosSettings;
import io.gleaner.runtime.SettingValidators;
import io.gleaner.runtime.StageConfigDef;
import io.gleaner.runtime.StageSettings;
import org.apache.kafka.common.config.ConfigDef.Range;
import org.apache.kafka.common.config.ConfigDef.Type;

/**
 * The QoS controller stage's settings, each declared once (key, type, default, validator, doc); {@link QosConfig#from}
 * reads them, {@code gleaner run} makes its {@code --qos-*} options of them and docs/configuration.md is generated
 * from them. The defaults are the core's ({@link QosSettings}).
 */
public final class QosSettingsDef {

    /** Setting (after {@code gleaner.qos.}) of {@link QosConfig#mode()}. */
    public static final String MODE = "mode";
    /** Setting of {@link QosConfig#periodMs()}. */
    public static final String PERIOD_MS = "period-ms";
    /** Setting of {@link QosConfig#cpuSafetyMargin()}, S(cpu). */
    public static final String SAFETY_MARGIN_CPU = "safety-margin-cpu";
    /** Setting of {@link QosConfig#ramSafetyMargin()}, S(memory). */
    public static final String SAFETY_MARGIN_MEMORY = "safety-margin-memory";
    /** Setting of {@link QosConfig#ramThresholdShare()}. */
    public static final String RAM_THRESHOLD_SHARE = "ram-threshold-share";

    /** The declarations. */
    public static final StageConfigDef CONFIG = StageSettings
            .configDef(QosConfig.NAME, QosConfig.DEFAULT_APPLICATION_ID)
            .define(MODE, Type.STRING, QosConfig.DEFAULT_MODE.configValue(),
                    SettingValidators.parsedBy(QosMode::parse, "salamander, cuckoo"),
                    "QoS controller: salamander (throttle CPU, kill on RAM; Salamander Algorithm 3) or cuckoo (kill on "
                            + "any violation, the baseline).")
            .define(PERIOD_MS, Type.LONG, QosSettings.DEFAULT_PERIOD.toMillis(), Range.atLeast(1),
                    "Event time, in ms, between two ticks of a node; a node is ticked when one of its records arrives "
                            + "at least this long after its last tick (Salamander §III-D, \"e.g., every 100 ms\").")
            .define(SAFETY_MARGIN_CPU, Type.DOUBLE, QosSettings.DEFAULT_SAFETY_MARGIN,
                    SettingValidators.shareBelowOne(),
                    "Safety margin S(cpu): the share of a node's cores kept from Gleaner's tasks.")
            .define(SAFETY_MARGIN_MEMORY, Type.DOUBLE, QosSettings.DEFAULT_SAFETY_MARGIN,
                    SettingValidators.shareBelowOne(),
                    "Safety margin S(memory): the share of a node's RAM kept from Gleaner's tasks.")
            .define(RAM_THRESHOLD_SHARE, Type.DOUBLE, QosSettings.DEFAULT_RAM_THRESHOLD_SHARE, Range.between(0, 1),
                    "The share of the RAM safety margin the tasks may use before kills start.")
            .deprecated("gleaner.qos.cpu-safety-margin", SAFETY_MARGIN_CPU)
            .deprecated("gleaner.qos.ram-safety-margin", SAFETY_MARGIN_MEMORY);

    private QosSettingsDef() {
    }

    /** The key of {@code setting}, e.g. {@code gleaner.qos.period-ms}. */
    public static String key(String setting) {
        return CONFIG.key(setting);
    }
}
