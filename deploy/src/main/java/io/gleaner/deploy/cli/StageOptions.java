package io.gleaner.deploy.cli;

import io.gleaner.runtime.StageConfigDef;
import io.gleaner.runtime.StageSettings;
import io.gleaner.schemas.serde.RegistryConfig;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.config.ConfigException;
import picocli.CommandLine.IModelTransformer;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.ISetter;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;

/**
 * Command-line options made from a stage's declared settings ({@link StageConfigDef}), so that an option's doc,
 * default and check are the declaration's: option {@code --<prefix><setting>} sets {@code gleaner.<stage>.<setting>}.
 * A subclass is a picocli mixin annotated {@code @Command(modelTransformer = StageOptions.Generator.class)}; the
 * generator adds its options to the command it is mixed into. What was given is kept as properties
 * ({@link #properties()}), which the stage's configuration reads as it reads a properties file.
 */
abstract class StageOptions {

    private final StageConfigDef def;
    private final String optionPrefix;
    private final Predicate<String> settings;
    private final Map<String, String> aliases;
    private final Map<String, Object> given = new LinkedHashMap<>();
    private boolean generated;

    /**
     * @param optionPrefix what comes between {@code --} and the setting, e.g. {@code qos-}
     * @param settings     which of the stage's own settings (after {@code gleaner.<stage>.}) get an option
     * @param aliases      earlier option names still accepted, by setting
     */
    StageOptions(StageConfigDef def, String optionPrefix, Predicate<String> settings, Map<String, String> aliases) {
        this.def = def;
        this.optionPrefix = optionPrefix;
        this.settings = settings;
        this.aliases = Map.copyOf(aliases);
    }

    /** The declaration these options are made of. */
    final StageConfigDef declaration() {
        return def;
    }

    /** The settings given on the command line, by key, as text. */
    final Map<String, Object> properties() {
        return new LinkedHashMap<>(given);
    }

    /** Whether the option of {@code setting} was given. */
    final boolean isGiven(String setting) {
        return given.containsKey(def.key(setting));
    }

    /** The option name of {@code setting}, e.g. {@code --qos-period-ms}. */
    final String optionName(String setting) {
        return "--" + optionPrefix + setting;
    }

    /** The earlier option name of {@code setting} that still works, if any. */
    final Optional<String> alias(String setting) {
        return Optional.ofNullable(aliases.get(setting));
    }

    /** The declared settings of the stage this mixin makes options of, in declaration order. */
    final List<String> settings() {
        var prefix = def.key("");
        var found = new ArrayList<String>();
        for (var name : def.configDef().names()) {
            if (name.startsWith(prefix) && settings.test(name.substring(prefix.length()))) {
                found.add(name.substring(prefix.length()));
            }
        }
        return found;
    }

    /**
     * The stage's configuration of what was given, on this Kafka cluster, topic prefix and registry, with its state
     * under {@code dataDir} unless its state directory was given.
     *
     * @throws ParameterException naming the key when the settings do not go together
     */
    final <C> C config(CommandSpec mixee, Function<Map<String, ?>, C> from, String stateDirName,
                       String bootstrapServers, String topicPrefix, RegistryConfig registry, Path dataDir) {
        var properties = properties();
        properties.put(StageSettings.BOOTSTRAP_SERVERS, bootstrapServers);
        properties.put(StageSettings.TOPIC_PREFIX, topicPrefix);
        if (!isGiven(StageSettings.STATE_DIR)) {
            properties.put(def.key(StageSettings.STATE_DIR), dataDir.resolve(stateDirName));
        }
        try {
            return from.apply(properties);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(mixee.commandLine(), e.getMessage(), e);
        }
    }

    private void addTo(CommandSpec spec) {
        var keys = def.configDef().configKeys();
        for (var setting : settings()) {
            var key = keys.get(def.key(setting));
            var alias = alias(setting);
            var doc = key.documentation + " (" + key.name + ", default: " + shown(key.defaultValue)
                    + alias.map(name -> "; earlier name " + name).orElse("") + ")";
            spec.addOption(OptionSpec.builder(optionName(setting))
                    .type(String.class)
                    .paramLabel(paramLabel(setting, key))
                    .description(doc.replace("%", "%%"))
                    .setter(setter(spec, optionName(setting), key))
                    .build());
            // A hidden option of its own, not a second name: picocli shows an option by its shortest name, which
            // would make the earlier name look like the current one.
            alias.ifPresent(name -> spec.addOption(OptionSpec.builder(name)
                    .type(String.class)
                    .hidden(true)
                    .setter(setter(spec, name, key))
                    .build()));
        }
    }

    private ISetter setter(CommandSpec spec, String option, ConfigDef.ConfigKey key) {
        return new ISetter() {
            @Override
            public <T> T set(T value) {
                if (value == null) {
                    // picocli clears an option without a default before parsing: nothing was given
                    return null;
                }
                try {
                    var parsed = ConfigDef.parseType(key.name, value, key.type);
                    if (key.validator != null) {
                        key.validator.ensureValid(key.name, parsed);
                    }
                } catch (ConfigException e) {
                    throw new ParameterException(spec.commandLine(),
                            e.getMessage().replace("configuration " + key.name, "option " + option), e);
                }
                given.put(key.name, value);
                return null;
            }
        };
    }

    private static String paramLabel(String setting, ConfigDef.ConfigKey key) {
        if (setting.endsWith("-ms")) {
            return "MS";
        }
        if (setting.endsWith("-dir")) {
            return "DIR";
        }
        return switch (key.type) {
            case BOOLEAN -> "true|false";
            case INT, LONG -> "N";
            case DOUBLE -> "NUMBER";
            default -> key.defaultValue instanceof String text && text.startsWith("P") ? "DURATION" : "VALUE";
        };
    }

    /** A default as the help and the reference page show it. */
    static String shown(Object defaultValue) {
        return defaultValue == null || "".equals(defaultValue) ? "none" : defaultValue.toString();
    }

    /** Adds the options of every {@link StageOptions} mixed into a command to that command. */
    static final class Generator implements IModelTransformer {
        @Override
        public CommandSpec transform(CommandSpec spec) {
            for (var mixin : spec.mixins().values()) {
                if (mixin.userObject() instanceof StageOptions options && !options.generated) {
                    options.generated = true;
                    options.addTo(spec);
                }
            }
            return spec;
        }
    }

    /** The stage's own settings except these. */
    static Predicate<String> allBut(String... settings) {
        var left = Set.of(settings);
        return setting -> !left.contains(setting);
    }
}
