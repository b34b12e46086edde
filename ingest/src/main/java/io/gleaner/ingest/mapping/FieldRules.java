package io.gleaner.ingest.mapping;

import com.fasterxml.jackson.databind.JsonNode;
import io.gleaner.schemas.avro.UtilizationSample;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;

/**
 * The part of mapping that JSON and CSV share: given a way to read a record's fields, apply the filter, the
 * metric rules' conditions, the host, the time and each metric's unit conversion.
 */
final class FieldRules {

    private final FieldMapping mapping;

    FieldRules(FieldMapping mapping) {
        this.mapping = mapping;
    }

    /** Maps one record whose fields {@code fields} reads (null for an absent field). */
    MappingResult map(Function<FieldPath, JsonNode> fields) {
        for (var condition : mapping.filter()) {
            var value = fields.apply(condition.field());
            if (!condition.test(value)) {
                return new MappingResult.Skipped("filter: " + condition.field() + " is " + show(value)
                        + ", not one of " + condition.values());
            }
        }
        var applicable = new ArrayList<MetricRule>(mapping.metrics().size());
        for (var rule : mapping.metrics()) {
            if (holds(rule, fields)) {
                applicable.add(rule);
            }
        }
        if (applicable.isEmpty()) {
            return new MappingResult.Skipped("no metric's conditions (when) hold");
        }
        var hostNode = fields.apply(mapping.host());
        if (hostNode == null || !hostNode.isValueNode() || hostNode.asText().isBlank()) {
            return malformed("host field " + mapping.host() + " is " + (hostNode == null ? "missing" : show(hostNode)
                    + ", not a node name"));
        }
        var nodeId = hostNode.asText().strip();
        long millis;
        var timeField = mapping.time();
        var timeNode = fields.apply(timeField.field());
        try {
            millis = millis(timeNode, timeField.unit());
        } catch (IllegalArgumentException e) {
            return malformed("time field " + timeField.field() + ": " + e.getMessage());
        }
        if (millis < 0) {
            return malformed("time field " + timeField.field() + " is " + show(timeNode) + " "
                    + timeField.unit().configValue() + ", before 1970-01-01T00:00:00Z (Kafka timestamps must be >= 0)");
        }
        var time = Instant.ofEpochMilli(millis);
        var samples = new ArrayList<UtilizationSample>(applicable.size());
        for (var rule : applicable) {
            var valueNode = fields.apply(rule.field());
            if (valueNode == null || (valueNode.isTextual() && valueNode.asText().isBlank())) {
                if (rule.optional()) {
                    continue;
                }
                return malformed(metricName(rule) + " field " + rule.field() + " is missing");
            }
            double raw;
            try {
                raw = number(valueNode);
            } catch (IllegalArgumentException e) {
                return malformed(metricName(rule) + " field " + rule.field() + " is " + show(valueNode)
                        + ", not a number");
            }
            ValueUnit unit;
            if (rule.unit().isPresent()) {
                unit = rule.unit().get();
            } else {
                var unitField = rule.unitField().orElseThrow();
                var unitNode = fields.apply(unitField);
                if (unitNode == null) {
                    return malformed(metricName(rule) + " unit field " + unitField + " is missing");
                }
                var parsed = unitNode.isValueNode() ? ValueUnit.parseData(unitNode.asText().strip())
                        : Optional.<ValueUnit>empty();
                if (parsed.isEmpty()) {
                    return new MappingResult.Rejected(MappingResult.Problem.UNKNOWN_UNIT, "unknown unit "
                            + show(unitNode) + " in field " + unitField + " for metric " + metricName(rule)
                            + "; expected one of " + ValueUnit.allowedInData());
                }
                unit = parsed.get();
            }
            double value;
            switch (unit) {
                case PERCENT -> value = raw / 100.0;
                case FRACTION -> value = raw;
                case BYTES -> {
                    double capacity;
                    if (rule.capacityBytes().isPresent()) {
                        capacity = rule.capacityBytes().getAsLong();
                    } else if (rule.capacityField().isPresent()) {
                        var capacityField = rule.capacityField().get();
                        var capacityNode = fields.apply(capacityField);
                        if (capacityNode == null) {
                            return malformed(metricName(rule) + " capacity field " + capacityField + " is missing");
                        }
                        try {
                            capacity = number(capacityNode);
                        } catch (IllegalArgumentException e) {
                            return malformed(metricName(rule) + " capacity field " + capacityField + " is "
                                    + show(capacityNode) + ", not a number");
                        }
                        if (!(capacity > 0) || Double.isInfinite(capacity)) {
                            return malformed(metricName(rule) + " capacity field " + capacityField + " is "
                                    + show(capacityNode) + "; a capacity must be a number of bytes > 0");
                        }
                    } else {
                        return malformed(metricName(rule) + " is in bytes in this record (unit field "
                                + rule.unitField().orElseThrow() + ") but the mapping gives no capacity "
                                + "(capacityBytes or capacityField)");
                    }
                    value = raw / capacity;
                }
                default -> throw new IllegalStateException("unit " + unit);
            }
            if (rule.complement()) {
                value = 1.0 - value;
            }
            samples.add(new UtilizationSample(nodeId, time, rule.metric(), rule.source(), value));
        }
        if (samples.isEmpty()) {
            return new MappingResult.Skipped("every applicable metric is optional and missing");
        }
        return new MappingResult.Mapped(samples);
    }

    private static boolean holds(MetricRule rule, Function<FieldPath, JsonNode> fields) {
        for (var condition : rule.when()) {
            if (!condition.test(fields.apply(condition.field()))) {
                return false;
            }
        }
        return true;
    }

    /**
     * Milliseconds since the epoch of a time field's value.
     *
     * @throws IllegalArgumentException saying what is wrong with it
     */
    static long millis(JsonNode node, TimeUnitName unit) {
        if (node == null) {
            throw new IllegalArgumentException("missing");
        }
        try {
            if (node.isTextual()) {
                return unit.parseMillis(node.asText());
            }
            if (unit == TimeUnitName.ISO8601) {
                throw new IllegalArgumentException(show(node) + " is not an ISO-8601 date-time (it is not text)");
            }
            if (node.isIntegralNumber()) {
                return node.canConvertToLong() ? unit.toMillis(node.longValue())
                        : unit.toMillis(node.bigIntegerValue());
            }
            if (node.isNumber()) {
                return unit.toMillis(node.decimalValue());
            }
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException(show(node) + " " + unit.configValue() + " is out of range");
        }
        throw new IllegalArgumentException(show(node) + " is not a time");
    }

    /**
     * A value as a double: a JSON number, or text holding a decimal number ({@code NaN} and {@code Infinity}
     * included, so that the validator can report them).
     *
     * @throws IllegalArgumentException when it is neither
     */
    static double number(JsonNode node) {
        if (node.isNumber()) {
            return node.doubleValue();
        }
        if (node.isTextual()) {
            var text = node.asText().strip();
            if (!text.isEmpty() && looksNumeric(text)) {
                try {
                    return Double.parseDouble(text);
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("not a number", e);
                }
            }
        }
        throw new IllegalArgumentException("not a number");
    }

    /** Refuses what Double.parseDouble accepts but no record means as a number: hex, a d/f suffix. */
    private static boolean looksNumeric(String text) {
        char last = text.charAt(text.length() - 1);
        if (last == 'd' || last == 'D' || last == 'f' || last == 'F') {
            return false;
        }
        return !text.contains("x") && !text.contains("X");
    }

    private static String metricName(MetricRule rule) {
        return rule.metric().name().toLowerCase(Locale.ROOT);
    }

    /** A field's value for a message: quoted text, a number, or "missing". */
    static String show(JsonNode node) {
        if (node == null) {
            return "missing";
        }
        if (node.isTextual()) {
            var text = node.asText();
            return "'" + (text.length() > 80 ? text.substring(0, 80) + "..." : text) + "'";
        }
        if (node.isContainerNode()) {
            return node.isArray() ? "a list" : "an object";
        }
        return node.asText();
    }

    private static MappingResult.Rejected malformed(String reason) {
        return new MappingResult.Rejected(MappingResult.Problem.MALFORMED, reason);
    }
}
