package io.gleaner.deploy.cli;

import io.gleaner.forecaster.ForecasterSettingsDef;
import io.gleaner.runtime.StageConfigDef;
import io.gleaner.runtime.StageSettings;
import io.gleaner.schemas.serde.RegistryConfig;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.kafka.common.config.ConfigDef;

/**
 * docs/configuration.md, generated from the stages' declared settings and the options {@code gleaner run} makes of
 * them, so that a key, default or doc is written once; {@code gleaner config-reference} prints it and
 * ConfigurationReferenceTest fails when the checked-in page differs. What no stage declares (the registry client, the
 * simulator's and the trace readers' constants, the log level) follows as fixed text.
 */
final class ConfigurationReference {

    /** The command that regenerates the page, for the page and for the test that checks it. */
    static final String REGENERATE = "./gleaner config-reference > docs/configuration.md";

    private ConfigurationReference() {
    }

    /** The page. */
    static String page() {
        var stages = List.<StageOptions>of(new PlannerOptions(), new ForecasterOptions(), new ClassifierOptions(),
                new QosOptions());
        var page = new StringBuilder(HEADER);
        page.append("\n## Every stage\n\n").append(TABLE_HEAD);
        var shared = stages.get(0).declaration().configDef().configKeys();
        for (var key : List.of(StageSettings.BOOTSTRAP_SERVERS, StageSettings.TOPIC_PREFIX,
                StageSettings.MAX_EVENT_TIME_AHEAD)) {
            row(page, shared.get(key), "`" + SHARED_OPTIONS.get(key) + "`");
        }
        for (var options : stages) {
            var def = options.declaration();
            page.append("\n## ").append(def.stage()).append("\n\n").append(TABLE_HEAD);
            var keys = def.configDef().configKeys();
            for (var key : keys.values()) {
                if (key.name.startsWith(def.key(""))) {
                    var setting = key.name.substring(def.key("").length());
                    row(page, key, options.settings().contains(setting) ? "`" + options.optionName(setting) + "`"
                            + options.alias(setting).map(alias -> " (`" + alias + "`)").orElse("")
                            : sharedOption(options, setting));
                }
            }
            deprecated(page, def);
        }
        return page.append(FIXED).toString();
    }

    private static void row(StringBuilder page, ConfigDef.ConfigKey key, String option) {
        page.append("| `").append(key.name).append("` | ").append(option == null ? "" : option)
                .append(" | ").append(key.type.name().toLowerCase(Locale.ROOT))
                .append(" | ").append(code(StageOptions.shown(key.defaultValue)))
                .append(" | ").append(key.validator == null ? "" : key.validator.toString().replace("|", "\\|"))
                .append(" | ").append(key.documentation.replace("|", "\\|")).append(" |\n");
    }

    private static String code(String value) {
        return "none".equals(value) ? "none" : "`" + value + "`";
    }

    private static void deprecated(StringBuilder page, StageConfigDef def) {
        if (def.deprecatedKeys().isEmpty()) {
            return;
        }
        page.append("\nDeprecated keys, still read with a warning: ");
        var first = true;
        for (var entry : def.deprecatedKeys().entrySet()) {
            page.append(first ? "" : ", ").append('`').append(entry.getKey()).append("` (`")
                    .append(entry.getValue()).append("`)");
            first = false;
        }
        page.append(".\n");
    }

    /** Options {@code gleaner run} declares once for every stage. */
    private static final Map<String, String> SHARED_OPTIONS = Map.of(
            StageSettings.BOOTSTRAP_SERVERS, "--bootstrap-servers",
            StageSettings.TOPIC_PREFIX, "--topic-prefix",
            StageSettings.MAX_EVENT_TIME_AHEAD, "--max-event-time-ahead");

    /**
     * The option of a stage's setting that {@code gleaner run} declares apart: one {@code --instance-id} for every
     * stage, and the forecaster's miss escalation.
     */
    private static String sharedOption(StageOptions options, String setting) {
        if (setting.equals(StageSettings.INSTANCE_ID)) {
            return "`--instance-id`";
        }
        // ForecasterModelOption's, which gleaner evaluate shares
        return setting.equals(ForecasterSettingsDef.MISS_ESCALATION) && options instanceof ForecasterOptions
                ? "`--forecaster-miss-escalation`" : null;
    }

    private static final String TABLE_HEAD = "| key | `gleaner run` option | type | default | valid | meaning |\n"
            + "|---|---|---|---|---|---|\n";

    private static final String HEADER = """
            # Configuration reference

            <!-- Generated from the settings' declarations (the stages' *SettingsDef, runtime's StageSettings); do not
                 edit by hand. Regenerate with: %s -->

            Each stage reads its settings from properties (a file, or code) keyed `gleaner.<stage>.<kebab-case>`,
            and `gleaner run` takes each as an option: the planner's as `--<setting>`, the other stages' as
            `--<stage>-<setting>` (the option's help and this page come from the same declaration). A missing key
            takes its default; a wrong value stops the stage naming the key, the value and what is allowed. Keys of
            an earlier style (`gleaner.planner.fair.locality.delay.ms`) still work with a warning; each stage lists
            its own. Durations are ISO-8601 (`PT15M`, `P7D`).

            ## Safety margin S(m)

            The safety margin S(m) (Salamander §III-A) is the share of a node's capacity of resource m kept from
            Gleaner's tasks, whatever the owners' use: the forecaster subtracts it from the spare capacity it
            forecasts (`gleaner.forecaster.safety-margin-cpu`, `-memory`), the QoS controller throttles or kills
            the tasks that reach into it (`gleaner.qos.safety-margin-cpu`, `-memory`), and `gleaner evaluate`'s
            simulated nodes keep it (`--safety-margin`). One name everywhere: the keys, the options, the fields
            (`safetyMargin`) and these docs.
            """.formatted(REGENERATE);

    private static final String FIXED = """

            ## Schema registry

            The registry client's settings keep the keys of Confluent's serde (`schema.registry.url`,
            `auto.register.schemas`, `basic.auth.user.info`, `basic.auth.credentials.source`, `max.retries`,
            `retries.wait.ms`, `retries.max.wait.ms`), since a client shares them with Confluent's serdes; only the
            deadline is Gleaner's own.

            | key | option | default | meaning |
            |---|---|---|---|
            | `schema.registry.url` | `--schema-registry-url` | `%s` (`gleaner run`: the embedded registry) | Confluent-compatible registry, comma-separated URLs |
            | `auto.register.schemas` | | `true` | as Confluent's serde |
            | `basic.auth.user.info`, `basic.auth.credentials.source` | `--basic-auth-user-info` | none, `%s` | as Confluent's serde |
            | `max.retries`, `retries.wait.ms`, `retries.max.wait.ms` | `--registry-max-retries`, `--registry-retries-wait-ms`, `--registry-retries-max-wait-ms` | `%d`, `%d`, `%d` | retries after no answer or a 5xx or 429 answer (>= 0), the wait before the first (ms, >= 0, doubling), the longest wait (ms, >= the first); Confluent's keys with Confluent's meaning, Gleaner's defaults |
            | `%s` | `--registry-deadline-ms` | `%d` | longest one registry request may take, attempts and waits included (>= 1) |

            ## Not stage settings

            | setting | where | default | meaning |
            |---|---|---|---|
            | SWIM chunk size, reduce size, costs | `SwimJobRule` | 128 MiB, 1 GiB (≤ 1000 reduces), 3100/6300 FLOP/B, 3/4 GiB | see docs/simulator.md, "Jobs from the SWIM trace" |
            | heartbeat period | `--heartbeat-period-ms` | 3000 | the simulator's round grid |
            | log level | env `GLEANER_LOG_LEVEL` | INFO | Gleaner's own log level (Kafka logs only errors) |
            """.formatted(RegistryConfig.DEFAULT_URL, RegistryConfig.USER_INFO_SOURCE, RegistryConfig.DEFAULT_MAX_RETRIES,
            RegistryConfig.DEFAULT_RETRIES_WAIT_MS, RegistryConfig.DEFAULT_RETRIES_MAX_WAIT_MS, RegistryConfig.DEADLINE_MS,
            RegistryConfig.DEFAULT_DEADLINE_MS);
}
