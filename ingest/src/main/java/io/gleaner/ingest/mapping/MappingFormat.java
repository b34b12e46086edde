package io.gleaner.ingest.mapping;

import java.util.Arrays;
import java.util.stream.Collectors;

/** How the records a mapping reads are written: the {@code format} key of a mapping file. */
public enum MappingFormat {

    /** One JSON document per record (per Kafka record value, or per line of a JSON-lines file). */
    JSON("json"),
    /** One delimited line per record. */
    CSV("csv"),
    /**
     * An OpenTelemetry {@code ExportMetricsServiceRequest} in the OTLP/JSON encoding per record, as the
     * collector's Kafka exporter writes with {@code encoding: otlp_json}.
     */
    OTLP_JSON("otlp-json");

    private final String configValue;

    MappingFormat(String configValue) {
        this.configValue = configValue;
    }

    /** The name used in mapping files. */
    public String configValue() {
        return configValue;
    }

    /** The allowed names, comma-separated, for error messages. */
    static String allowed() {
        return Arrays.stream(values()).map(MappingFormat::configValue).collect(Collectors.joining(", "));
    }

    /**
     * The format named {@code text}.
     *
     * @throws IllegalArgumentException listing the allowed names
     */
    public static MappingFormat parse(String text) {
        for (var format : values()) {
            if (format.configValue.equals(text)) {
                return format;
            }
        }
        throw new IllegalArgumentException("unknown format '" + text + "'; expected one of " + allowed());
    }
}
