package io.gleaner.qos;

import io.gleaner.qos.core.QosMode;
import io.gleaner.qos.core.QosSettings;
import io.gleaner.schemas.Topics;
import io.gleaner.runtime.StageSettings;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.function.UnaryOperator;

/**
 * The QoS controller stage's settings, declared in {@link QosSettingsDef} (key, type, default, validator, doc) and
 * validated there, here and in {@link StageSettings}.
 *
 * @param stage             how the stage runs on Kafka, its keys under {@code gleaner.qos.} ({@link StageSettings})
 * @param mode              salamander (throttle CPU, kill on RAM) or cuckoo (kill on any violation) 
 * @param periodMs          event time between two ticks of a node, in ms, > 0 
 * @param cpuSafetyMargin   S(cpu), the share of a node's cores kept from the tasks, in [0, 1)
 *                          
 * @param ramSafetyMargin   S(ram), the share of a node's RAM kept from the tasks, in [0, 1)
 *                          
 * @param ramThresholdShare the share of the RAM margin the tasks may use before kills start, in [0, 1]
 *                          
 */
public record QosConfig(StageSettings stage, QosMode mode, long periodMs, double cpuSafetyMargin,
                        double ramSafetyMargin, double ramThresholdShare) {

    /** The stage's name in its keys. */
    public static final String NAME = "qos";
    /** Default application id. */
    public static final String DEFAULT_APPLICATION_ID = "gleaner-qos";
    /** Default {@link #mode()}: Salamander's controller. */
    public static final QosMode DEFAULT_MODE = QosMode.SALAMANDER;

    public QosConfig {
        Objects.requireNonNull(stage, "stage").requireStage(NAME);
        Objects.requireNonNull(mode, "mode");
        if (periodMs <= 0) {
            throw new IllegalArgumentException(QosSettingsDef.key(QosSettingsDef.PERIOD_MS) + " must be > 0, was "
                    + periodMs);
        }
        requireShare(QosSettingsDef.key(QosSettingsDef.SAFETY_MARGIN_CPU), cpuSafetyMargin, false);
        requireShare(QosSettingsDef.key(QosSettingsDef.SAFETY_MARGIN_MEMORY), ramSafetyMargin, false);
        requireShare(QosSettingsDef.key(QosSettingsDef.RAM_THRESHOLD_SHARE), ramThresholdShare, true);
    }

    private static void requireShare(String key, double value, boolean oneAllowed) {
        boolean ok = value >= 0 && (oneAllowed ? value <= 1 : value < 1);
        if (!ok) {
            throw new IllegalArgumentException(key + " must be in [0, 1" + (oneAllowed ? "]" : ")") + ", was "
                    + value);
        }
    }

    /** Every setting at its default: the mode above, the rest the core's ({@link QosSettings#defaults()}). */
    public static QosConfig defaults() {
        return new QosConfig(StageSettings.defaults(NAME, DEFAULT_APPLICATION_ID), DEFAULT_MODE,
                QosSettings.DEFAULT_PERIOD.toMillis(), QosSettings.DEFAULT_SAFETY_MARGIN,
                QosSettings.DEFAULT_SAFETY_MARGIN, QosSettings.DEFAULT_RAM_THRESHOLD_SHARE);
    }

    /**
     * Reads the settings from properties keyed as {@link QosSettingsDef} declares them (plus
     * {@link io.gleaner.schemas.serde.RegistryConfig}'s keys); a missing key takes its default, a deprecated key
     * ({@code gleaner.qos.cpu-safety-margin}) still works with a warning, other keys are ignored.
     *
     * @throws IllegalArgumentException naming the key and the value when one is wrong (for the mode, listing the
     *                                  allowed names)
     */
    public static QosConfig from(Map<String, ?> properties) {
        var values = QosSettingsDef.CONFIG.parse(properties);
        return new QosConfig(StageSettings.from(properties, NAME, DEFAULT_APPLICATION_ID),
                QosMode.parse(values.getString(QosSettingsDef.key(QosSettingsDef.MODE))),
                values.getLong(QosSettingsDef.key(QosSettingsDef.PERIOD_MS)),
                values.getDouble(QosSettingsDef.key(QosSettingsDef.SAFETY_MARGIN_CPU)),
                values.getDouble(QosSettingsDef.key(QosSettingsDef.SAFETY_MARGIN_MEMORY)),
                values.getDouble(QosSettingsDef.key(QosSettingsDef.RAM_THRESHOLD_SHARE)));
    }

    /**
     * The core's settings: this period, margins and threshold; CPU steps and the raise rule at the core's defaults
     * (0.01-core steps, raise straight to what the owners leave, Algorithm 3 line 6).
     */
    public QosSettings settings() {
        var defaults = QosSettings.defaults();
        return new QosSettings(Duration.ofMillis(periodMs), cpuSafetyMargin, ramSafetyMargin, ramThresholdShare,
                defaults.cpuStepsPerCore(), defaults.maxCpuRaiseCores());
    }

    /**
     * The Kafka Streams settings of the stage: the stage's ({@link StageSettings#streamsProperties()}). Timestamps
     * come from the records' event-time fields through the extractors the topology sets on its sources.
     */
    public Properties streamsProperties() {
        return stage.streamsProperties();
    }

    /** The topic catalogue with this configuration's prefix. */
    public Topics topics() {
        return stage.topics();
    }

    /** This configuration with its stage settings changed by {@code change}. */
    public QosConfig withStage(UnaryOperator<StageSettings> change) {
        return new QosConfig(change.apply(stage), mode, periodMs, cpuSafetyMargin, ramSafetyMargin, ramThresholdShare);
    }

    /** This configuration with another mode. */
    public QosConfig withMode(QosMode value) {
        return new QosConfig(stage, value, periodMs, cpuSafetyMargin, ramSafetyMargin, ramThresholdShare);
    }

    /** This configuration with another period. */
    public QosConfig withPeriodMs(long value) {
        return new QosConfig(stage, mode, value, cpuSafetyMargin, ramSafetyMargin, ramThresholdShare);
    }

    /** This configuration with other safety margins. */
    public QosConfig withSafetyMargins(double cpu, double ram) {
        return new QosConfig(stage, mode, periodMs, cpu, ram, ramThresholdShare);
    }

    /** This configuration with another RAM threshold share. */
    public QosConfig withRamThresholdShare(double value) {
        return new QosConfig(stage, mode, periodMs, cpuSafetyMargin, ramSafetyMargin, value);
    }
}
