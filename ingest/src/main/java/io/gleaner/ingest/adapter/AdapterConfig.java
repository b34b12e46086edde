package io.gleaner.ingest.adapter;

import static io.gleaner.runtime.StageSettings.isName;

import io.gleaner.ingest.mapping.Mapping;
import io.gleaner.schemas.Topics;
import io.gleaner.runtime.StageSettings;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.processor.UsePartitionTimeOnInvalidTimestamp;

/**
 * The telemetry adapter's settings, validated here and in {@link StageSettings} and nowhere else. Each field has a
 * named default (where one makes sense) and a namespaced property key ({@link #from} reads them).
 *
 * @param stage            how the stage runs on Kafka, its keys under {@code gleaner.ingest.}
 *                         ({@link StageSettings}); the application id defaults to
 *                         {@code gleaner-ingest-<preset or mapping file name>} (see {@link #defaultApplicationId}),
 *                         and at most one stream thread per partition of the source topic does work
 * @param sourceTopic      the topic the telemetry arrives on ({@value #SOURCE_TOPIC}); records of one node must
 *                         all be on one partition of it (key them by host), see {@link AdapterTopology}
 * @param mapping          a preset name ({@code telegraf-json}, {@code otlp-json}) or the path of a mapping file
 *                         ({@value #MAPPING})
 */
public record AdapterConfig(StageSettings stage, String sourceTopic, String mapping) {

    /** The stage's name in its keys. */
    public static final String NAME = "ingest";
    /** Property key of {@link #sourceTopic()}. */
    public static final String SOURCE_TOPIC = "gleaner.ingest.source-topic";
    /** Property key of {@link #mapping()}. */
    public static final String MAPPING = "gleaner.ingest.mapping";

    /** Prefix of the default application id. */
    public static final String APPLICATION_ID_PREFIX = "gleaner-ingest-";

    /** What Kafka allows in an application id or a topic name. */
    private static final Pattern ILLEGAL_CHARACTERS = Pattern.compile("[^a-zA-Z0-9._-]+");
    private static final int MAX_TOPIC_NAME_LENGTH = 249;

    public AdapterConfig {
        Objects.requireNonNull(stage, "stage").requireStage(NAME);
        Objects.requireNonNull(sourceTopic, "sourceTopic");
        Objects.requireNonNull(mapping, "mapping");
        if (!isName(sourceTopic) || sourceTopic.equals(".") || sourceTopic.equals("..")
                || sourceTopic.length() > MAX_TOPIC_NAME_LENGTH) {
            throw new IllegalArgumentException(SOURCE_TOPIC + " must be a topic name (letters, digits, '.', '_' or '-',"
                    + " at most " + MAX_TOPIC_NAME_LENGTH + " characters), was '" + sourceTopic + "'");
        }
        if (mapping.isBlank()) {
            throw new IllegalArgumentException(MAPPING + " must name a preset (" + String.join(", ", Mapping.PRESETS)
                    + ") or a mapping file");
        }
        var topics = stage.topics();
        if (sourceTopic.equals(topics.nodesUtilization().name()) || sourceTopic.equals(topics.deadLetters().name())) {
            throw new IllegalArgumentException(SOURCE_TOPIC + " must not be one of the adapter's outputs, was '"
                    + sourceTopic + "'");
        }
    }

    /**
     * Every setting at its default for reading {@code sourceTopic} with {@code mapping}; the application id is
     * {@link #defaultApplicationId(String)}.
     */
    public static AdapterConfig of(String sourceTopic, String mapping) {
        return new AdapterConfig(StageSettings.defaults(NAME, defaultApplicationId(mapping)), sourceTopic, mapping);
    }

    /**
     * {@code gleaner-ingest-} followed by the preset's name or the mapping file's name without directories and
     * extension, characters Kafka does not allow replaced by {@code -}: {@code telegraf-json} ->
     * {@code gleaner-ingest-telegraf-json}, {@code /etc/gleaner/My Hosts.yaml} -> {@code gleaner-ingest-My-Hosts}.
     */
    public static String defaultApplicationId(String mapping) {
        Objects.requireNonNull(mapping, "mapping");
        var name = mapping;
        if (!Mapping.PRESETS.contains(mapping)) {
            var fileName = Path.of(mapping).getFileName();
            name = fileName == null ? mapping : fileName.toString();
            var dot = name.lastIndexOf('.');
            if (dot > 0) {
                name = name.substring(0, dot);
            }
        }
        name = ILLEGAL_CHARACTERS.matcher(name).replaceAll("-");
        return APPLICATION_ID_PREFIX + (name.isEmpty() ? "mapping" : name);
    }

    /**
     * Reads the settings from properties keyed as the constants of this class (plus {@link StageSettings}'s and
     * {@link io.gleaner.schemas.serde.RegistryConfig}'s keys). {@value #SOURCE_TOPIC} and {@value #MAPPING} are
     * required; a missing key takes its default, other keys are ignored.
     *
     * @throws IllegalArgumentException naming the key and the value when one is missing or wrong
     */
    public static AdapterConfig from(Map<String, ?> properties) {
        var mapping = required(properties, MAPPING);
        return new AdapterConfig(StageSettings.from(properties, NAME, defaultApplicationId(mapping)),
                required(properties, SOURCE_TOPIC), mapping);
    }

    /**
     * The Kafka Streams settings of the adapter: exactly-once (v2); explicit names for every internal resource
     * (KIP-1111), so that an unnamed store stops the topology from building; and, for the rare source record
     * without a valid timestamp, the partition's time instead of a failure (the output's timestamps are the
     * samples' own times in any case, see {@link AdapterTopology}); static membership when the stage has an
     * instance id.
     */
    public Properties streamsProperties() {
        var props = stage.streamsProperties();
        props.put(StreamsConfig.DEFAULT_TIMESTAMP_EXTRACTOR_CLASS_CONFIG,
                UsePartitionTimeOnInvalidTimestamp.class.getName());
        return props;
    }

    /** The topic catalogue with this configuration's prefix. */
    public Topics topics() {
        return stage.topics();
    }

    /** This configuration with its stage settings changed by {@code change}. */
    public AdapterConfig withStage(UnaryOperator<StageSettings> change) {
        return new AdapterConfig(change.apply(stage), sourceTopic, mapping);
    }

    private static String required(Map<String, ?> properties, String key) {
        var value = properties.get(key);
        if (value == null || value.toString().isBlank()) {
            throw new IllegalArgumentException(key + " is required");
        }
        return value.toString().strip();
    }

}
