package io.gleaner.runtime;

import java.time.Duration;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.apache.kafka.common.config.AbstractConfig;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.config.ConfigException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One stage's settings, each declared once: its key, type, default, validator and doc in a Kafka {@link ConfigDef}
 * (the model CONVENTIONS §5 names, Kafka's own {@code StreamsConfig}), plus the keys it was known by before
 * ({@code gleaner.<stage>.<kebab-case>} became the one style), which still work and warn. The stage's configuration
 * reads its values through {@link #parse}; the command line's options and docs/configuration.md are generated from
 * {@link #configDef()}. Built once, in a static initializer, then only read.
 */
public final class StageConfigDef {

    private static final Logger log = LoggerFactory.getLogger(StageConfigDef.class);

    private final String stage;
    private final ConfigDef configDef = new ConfigDef();
    private final Map<String, String> deprecatedKeys = new LinkedHashMap<>();

    /** An empty declaration of stage {@code stage}'s settings; {@link StageSettings#configDef} adds the common ones. */
    StageConfigDef(String stage) {
        this.stage = Objects.requireNonNull(stage, "stage");
    }

    /** The stage's name in its keys, e.g. {@code planner}. */
    public String stage() {
        return stage;
    }

    /** The key of this stage's {@code setting}, e.g. {@code gleaner.planner.node-timeout-ms}. */
    public String key(String setting) {
        return StageSettings.key(stage, setting);
    }

    /**
     * Declares this stage's {@code setting} ({@code gleaner.<stage>.<setting>}).
     *
     * @param defaultValue the default, typed as {@code type} says (a {@code String} for an ISO-8601 duration); null
     *                     for a setting that is off unless given
     */
    public StageConfigDef define(String setting, ConfigDef.Type type, Object defaultValue,
                                 ConfigDef.Validator validator, String doc) {
        return defineKey(key(setting), type, defaultValue, validator, doc);
    }

    /** Declares a setting whose key is not the stage's own, such as {@link StageSettings#BOOTSTRAP_SERVERS}. */
    StageConfigDef defineKey(String key, ConfigDef.Type type, Object defaultValue, ConfigDef.Validator validator,
                             String doc) {
        configDef.define(key, type, defaultValue, validator, ConfigDef.Importance.MEDIUM, doc);
        return this;
    }

    /** Keeps {@code oldKey} working for this stage's {@code setting}, with a warning when it is used. */
    public StageConfigDef deprecated(String oldKey, String setting) {
        if (!configDef.names().contains(key(setting))) {
            throw new IllegalArgumentException(oldKey + " is an alias of an undeclared setting " + key(setting));
        }
        deprecatedKeys.put(oldKey, key(setting));
        return this;
    }

    /** The declarations, for the command line and the configuration reference. */
    public ConfigDef configDef() {
        return configDef;
    }

    /**
     * {@code duration} as a setting's text: ISO-8601, in days when it is whole days ({@code P7D}, where
     * {@link Duration#toString()} says {@code PT168H}).
     */
    public static String text(Duration duration) {
        return !duration.isZero() && duration.equals(Duration.ofDays(duration.toDays())) ? "P" + duration.toDays() + "D"
                : duration.toString();
    }

    /** The keys that still work but are deprecated, each with the key that replaces it. */
    public Map<String, String> deprecatedKeys() {
        return Collections.unmodifiableMap(deprecatedKeys);
    }

    /**
     * The declared settings' values in {@code properties}, defaults for the missing ones; other keys are ignored.
     * Values may be text (a properties file, the command line) or typed (code); a duration or a path may be given as
     * the object, its text is what is parsed.
     *
     * @throws IllegalArgumentException naming the key and the value when one is wrong (the {@link ConfigException}'s
     *                                  message: {@code Invalid value -1 for configuration gleaner.planner.max-attempts:
     *                                  Value must be at least 1})
     */
    public AbstractConfig parse(Map<String, ?> properties) {
        var declared = new HashMap<String, Object>();
        deprecatedKeys.forEach((oldKey, key) -> {
            if (properties.containsKey(oldKey)) {
                log.warn("setting {} is deprecated, use {}", oldKey, key);
                if (!properties.containsKey(key)) {
                    declared.put(key, properties.get(oldKey));
                }
            }
        });
        for (var key : configDef.configKeys().values()) {
            var value = properties.get(key.name);
            if (value != null) {
                declared.put(key.name, key.type == ConfigDef.Type.STRING ? value.toString() : value);
            }
        }
        try {
            return new AbstractConfig(configDef, declared, false);
        } catch (ConfigException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }
}
