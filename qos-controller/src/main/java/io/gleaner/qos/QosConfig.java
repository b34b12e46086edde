package io.gleaner.qos;

import static io.gleaner.schemas.SettingValues.decimal;
import static io.gleaner.schemas.SettingValues.longValue;
import static io.gleaner.schemas.SettingValues.text;

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
 * The QoS controller stage's settings, validated here and in {@link StageSettings} and nowhere else. Each field has
 * a named default and a namespaced property key ({@link #from} reads them).
 *
 * @param stage             how the stage runs on Kafka, its keys under {@code gleaner.qos.} ({@link StageSettings})
 * @param mode              salamander (throttle CPU, kill on RAM) or cuckoo (kill on any violation) ({@value #MODE})
 * @param periodMs          event time between two ticks of a node, in ms, > 0 ({@value #PERIOD_MS})
 * @param cpuSafetyMargin   S(cpu), the share of a node's cores kept from the tasks, in [0, 1)
 *                          ({@value #CPU_SAFETY_MARGIN})
 * @param ramSafetyMargin   S(ram), the share of a node's RAM kept from the tasks, in [0, 1)
 *                          ({@value #RAM_SAFETY_MARGIN})
 * @param ramThresholdShare the share of the RAM margin the tasks may use before kills start, in [0, 1]
 *                          ({@value #RAM_THRESHOLD_SHARE})
 */
public record QosConfig(StageSettings stage, QosMode mode, long periodMs, double cpuSafetyMargin,
                        double ramSafetyMargin, double ramThresholdShare) {

    /** The stage's name in its keys. */
    public static final String NAME = "qos";
    /** Property key of {@link #mode()}. */
    public static final String MODE = "gleaner.qos.mode";
    /** Property key of {@link #periodMs()}. */
    public static final String PERIOD_MS = "gleaner.qos.period-ms";
    /** Property key of {@link #cpuSafetyMargin()}. */
    public static final String CPU_SAFETY_MARGIN = "gleaner.qos.cpu-safety-margin";
    /** Property key of {@link #ramSafetyMargin()}. */
    public static final String RAM_SAFETY_MARGIN = "gleaner.qos.ram-safety-margin";
    /** Property key of {@link #ramThresholdShare()}. */
    public static final String RAM_THRESHOLD_SHARE = "gleaner.qos.ram-threshold-share";

    /** Default application id. */
    public static final String DEFAULT_APPLICATION_ID = "gleaner-qos";
    /** Default {@link #mode()}: Salamander's controller. */
    public static final QosMode DEFAULT_MODE = QosMode.SALAMANDER;
    /**
     * Default {@link #periodMs()}: Salamander §III-D, "e.g., every 100 ms" ({@link QosSettings#DEFAULT_PERIOD}; a
     * literal here so that picocli annotations can use it, and QosConfigTest checks that the two agree).
     */
    public static final long DEFAULT_PERIOD_MS = 100;
    /** Default safety margins ({@link QosSettings#DEFAULT_SAFETY_MARGIN}, 10 %). */
    public static final double DEFAULT_SAFETY_MARGIN = QosSettings.DEFAULT_SAFETY_MARGIN;
    /** Default {@link #ramThresholdShare()} ({@link QosSettings#DEFAULT_RAM_THRESHOLD_SHARE}, 50 %). */
    public static final double DEFAULT_RAM_THRESHOLD_SHARE = QosSettings.DEFAULT_RAM_THRESHOLD_SHARE;

    public QosConfig {
        Objects.requireNonNull(stage, "stage").requireStage(NAME);
        Objects.requireNonNull(mode, "mode");
        if (periodMs <= 0) {
            throw new IllegalArgumentException(PERIOD_MS + " must be > 0, was " + periodMs);
        }
        requireShare(CPU_SAFETY_MARGIN, cpuSafetyMargin, false);
        requireShare(RAM_SAFETY_MARGIN, ramSafetyMargin, false);
        requireShare(RAM_THRESHOLD_SHARE, ramThresholdShare, true);
    }

    private static void requireShare(String key, double value, boolean oneAllowed) {
        boolean ok = value >= 0 && (oneAllowed ? value <= 1 : value < 1);
        if (!ok) {
            throw new IllegalArgumentException(key + " must be in [0, 1" + (oneAllowed ? "]" : ")") + ", was "
                    + value);
        }
    }

    /** Every setting at its default. */
    public static QosConfig defaults() {
        return new QosConfig(StageSettings.defaults(NAME, DEFAULT_APPLICATION_ID), DEFAULT_MODE, DEFAULT_PERIOD_MS,
                DEFAULT_SAFETY_MARGIN, DEFAULT_SAFETY_MARGIN, DEFAULT_RAM_THRESHOLD_SHARE);
    }

    /**
     * Reads the settings from properties keyed as the constants of this class (plus {@link StageSettings}'s and
     * {@link io.gleaner.schemas.serde.RegistryConfig}'s keys); a missing key takes its default, other keys are
     * ignored.
     *
     * @throws IllegalArgumentException naming the key and the value when one is wrong (for the mode, listing the
     *                                  allowed names)
     */
    public static QosConfig from(Map<String, ?> properties) {
        var stage = StageSettings.from(properties, NAME, DEFAULT_APPLICATION_ID);
        QosMode mode;
        try {
            mode = QosMode.parse(text(properties, MODE, DEFAULT_MODE.configValue()));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(MODE + ": " + e.getMessage(), e);
        }
        return new QosConfig(stage, mode,
                longValue(properties, PERIOD_MS, DEFAULT_PERIOD_MS),
                decimal(properties, CPU_SAFETY_MARGIN, DEFAULT_SAFETY_MARGIN),
                decimal(properties, RAM_SAFETY_MARGIN, DEFAULT_SAFETY_MARGIN),
                decimal(properties, RAM_THRESHOLD_SHARE, DEFAULT_RAM_THRESHOLD_SHARE));
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
