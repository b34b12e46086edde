package io.gleaner.classifier;

import io.gleaner.runtime.SettingValidators;
import io.gleaner.runtime.StageConfigDef;
import io.gleaner.runtime.StageSettings;
import org.apache.kafka.common.config.ConfigDef.Type;

/**
 * The classifier stage's settings, each declared once (key, type, default, validator, doc);
 * {@link ClassifierConfig#from} reads them, {@code gleaner run} makes its {@code --classifier-*} options of them and docs/configuration.md is
 * generated from them.
 */
public final class ClassifierSettingsDef {

    /** Setting (after {@code gleaner.classifier.}) of {@link ClassifierConfig#profiledRetention()}, ISO-8601. */
    public static final String PROFILED_RETENTION = "profiled-retention";
    /** Setting of {@link ClassifierConfig#unfinishedRetention()}, ISO-8601. */
    public static final String UNFINISHED_RETENTION = "unfinished-retention";

    /** The declarations. */
    public static final StageConfigDef CONFIG = StageSettings.configDef(ClassifierConfig.NAME,
                    ClassifierConfig.DEFAULT_APPLICATION_ID)
            .define(PROFILED_RETENTION, Type.STRING, StageConfigDef.text(ClassifierConfig.DEFAULT_PROFILED_RETENTION),
                    SettingValidators.positiveDuration(),
                    "Event time a profiled job's dedupe marker (and its job entry) is kept, so that a late duplicate "
                            + "success is recognised and ignored.")
            .define(UNFINISHED_RETENTION, Type.STRING,
                    StageConfigDef.text(ClassifierConfig.DEFAULT_UNFINISHED_RETENTION),
                    SettingValidators.positiveDuration(),
                    "Event time an unfinished run is kept after its last new task success, and a submitted job "
                            + "without any success after its submission.");

    private ClassifierSettingsDef() {
    }

    /** The key of {@code setting}, e.g. {@code gleaner.classifier.profiled-retention}. */
    public static String key(String setting) {
        return CONFIG.key(setting);
    }
}
