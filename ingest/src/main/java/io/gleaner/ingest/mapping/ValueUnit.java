package io.gleaner.ingest.mapping;

import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * How a record writes a metric's value, and so how it becomes a fraction of capacity in [0, 1]: a percent
 * is divided by 100, a fraction is kept, bytes are divided by the node's capacity in bytes.
 */
public enum ValueUnit {

    /** 0..100; divided by 100. Also written {@code %} in records that name their unit. */
    PERCENT("percent", "%"),
    /** 0..1; kept. Also written {@code 1} (the UCUM unit OpenTelemetry uses for utilization). */
    FRACTION("fraction", "1"),
    /** A byte count; divided by the capacity in bytes. Also written {@code By} (UCUM). */
    BYTES("bytes", "By");

    private final String configValue;
    private final String alias;

    ValueUnit(String configValue, String alias) {
        this.configValue = configValue;
        this.alias = alias;
    }

    /** The name used in mapping files. */
    public String configValue() {
        return configValue;
    }

    /** The allowed names, comma-separated, for error messages. */
    static String allowed() {
        return Arrays.stream(values()).map(ValueUnit::configValue).collect(Collectors.joining(", "));
    }

    /** The unit named {@code text} in a mapping file; empty when it names none. */
    static Optional<ValueUnit> parse(String text) {
        for (var unit : values()) {
            if (unit.configValue.equals(text)) {
                return Optional.of(unit);
            }
        }
        return Optional.empty();
    }

    /**
     * The unit a record names in its data: a mapping-file name or its alias ({@code %}, {@code 1},
     * {@code By}); empty when it names none.
     */
    static Optional<ValueUnit> parseData(String text) {
        for (var unit : values()) {
            if (unit.configValue.equals(text) || unit.alias.equals(text)) {
                return Optional.of(unit);
            }
        }
        return Optional.empty();
    }

    /** The names a record may use for its unit, for messages. */
    static String allowedInData() {
        return Arrays.stream(values()).map(u -> u.configValue + " (" + u.alias + ")")
                .collect(Collectors.joining(", "));
    }
}
