package io.gleaner.ingest.mapping;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * A mapping file, parsed and validated: how the records of a CSV file, a JSON-lines file or a Kafka topic
 * become {@code UtilizationSample}s. Two shapes: {@link FieldMapping} (formats {@code json} and {@code csv}:
 * named fields, one sample per metric rule) and {@link OtlpMapping} (format {@code otlp-json}: OpenTelemetry
 * metrics by name). The file format is described in {@code package-info.java} of this package and in the
 * docs/ingest.md; two presets ship with Gleaner ({@link #PRESETS}).
 */
public sealed interface Mapping permits FieldMapping, OtlpMapping {

    /** The preset for Telegraf's JSON output serializer, measurements {@code cpu} and {@code mem}. */
    String TELEGRAF_JSON = "telegraf-json";

    /** The preset for the OpenTelemetry collector's Kafka exporter with {@code encoding: otlp_json}. */
    String OTLP_JSON = "otlp-json";

    /** The presets' names; each is the classpath resource {@code mappings/<name>.yaml}. */
    List<String> PRESETS = List.of(TELEGRAF_JSON, OTLP_JSON);

    /** The mapping's name: the preset's name, or the file name without its extension. */
    String name();

    /** How its records are written. */
    MappingFormat format();

    /** A mapper of records under this mapping. Mappers are stateless and may be shared between threads. */
    RecordMapper mapper();

    /**
     * Parses and validates a mapping written in YAML.
     *
     * @param yaml the mapping file's text
     * @param name the mapping's name (and the source named in error messages)
     * @throws MappingException naming the key and the problem
     */
    static Mapping parse(String yaml, String name) {
        return new MappingParser(name).parse(yaml);
    }

    /**
     * Loads a mapping file; its name is the file name without the extension ({@code my-hosts.yaml} ->
     * {@code my-hosts}).
     *
     * @throws IOException if the file cannot be read
     * @throws MappingException naming the key and the problem
     */
    static Mapping load(Path file) throws IOException {
        Objects.requireNonNull(file, "file");
        var fileName = file.getFileName() == null ? file.toString() : file.getFileName().toString();
        var dot = fileName.lastIndexOf('.');
        var name = dot > 0 ? fileName.substring(0, dot) : fileName;
        return new MappingParser(name, file.toString()).parse(Files.readString(file, StandardCharsets.UTF_8));
    }

    /**
     * A preset shipped with Gleaner.
     *
     * @throws IllegalArgumentException listing the presets when {@code name} is none of them
     */
    static Mapping preset(String name) {
        Objects.requireNonNull(name, "name");
        if (!PRESETS.contains(name)) {
            throw new IllegalArgumentException("unknown preset '" + name + "'; expected one of "
                    + String.join(", ", PRESETS));
        }
        var resource = "mappings/" + name + ".yaml";
        try (InputStream in = Mapping.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("preset " + name + " is missing from the classpath (" + resource + ")");
            }
            var yaml = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            return new MappingParser(name, "preset " + name).parse(yaml);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read preset " + name, e);
        }
    }

    /**
     * A preset when {@code fileOrPreset} is a preset's name ({@link #PRESETS}), else the mapping file at that
     * path.
     *
     * @throws IOException if the file cannot be read
     * @throws MappingException naming the key and the problem
     */
    static Mapping resolve(String fileOrPreset) throws IOException {
        Objects.requireNonNull(fileOrPreset, "fileOrPreset");
        if (PRESETS.contains(fileOrPreset)) {
            return preset(fileOrPreset);
        }
        return load(Path.of(fileOrPreset));
    }
}
