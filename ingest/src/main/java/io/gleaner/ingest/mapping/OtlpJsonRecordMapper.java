package io.gleaner.ingest.mapping;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import io.gleaner.schemas.avro.UtilizationSample;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Maps OTLP/JSON metric exports (format {@code otlp-json}): {@code resourceMetrics[]} each with
 * {@code resource.attributes[]} and {@code scopeMetrics[].metrics[]}, each metric a {@code gauge} or
 * {@code sum} of {@code dataPoints[]} with {@code attributes[]}, {@code timeUnixNano} (a decimal string or a
 * number) and {@code asDouble} or {@code asInt} (opentelemetry-proto {@code metrics/v1/metrics.proto}, JSON
 * mapping of the OTLP specification). See {@link OtlpMetricRule} for how data points become a sample.
 */
final class OtlpJsonRecordMapper implements RecordMapper {

    private static final long NANOS_PER_MILLI = 1_000_000L;

    private final OtlpMapping mapping;

    OtlpJsonRecordMapper(OtlpMapping mapping) {
        this.mapping = mapping;
    }

    @Override
    public MappingResult map(byte[] record) {
        JsonNode root;
        try {
            root = JsonDocuments.object(record);
        } catch (IllegalArgumentException e) {
            return malformed(e.getMessage());
        }
        return map(root);
    }

    @Override
    public MappingResult map(String record) {
        JsonNode root;
        try {
            root = JsonDocuments.object(record);
        } catch (IllegalArgumentException e) {
            return malformed(e.getMessage());
        }
        return map(root);
    }

    /** One metric of a resource that a rule reads: where it is, its unit and its data points. */
    private record Hit(String where, String unit, JsonNode dataPoints) {
    }

    private MappingResult map(JsonNode root) {
        var resources = root.get("resourceMetrics");
        if (resources == null || !resources.isArray()) {
            return malformed("no resourceMetrics list; expected an OTLP/JSON metrics export");
        }
        var rules = mapping.metrics();
        var samples = new ArrayList<UtilizationSample>();
        for (int r = 0; r < resources.size(); r++) {
            var resource = resources.get(r);
            var where = "resourceMetrics[" + r + "]";
            var hits = new ArrayList<List<Hit>>(rules.size());
            for (int i = 0; i < rules.size(); i++) {
                hits.add(new ArrayList<>());
            }
            boolean any = false;
            var scopes = array(resource, "scopeMetrics");
            for (int s = 0; s < scopes.size(); s++) {
                var metrics = array(scopes.get(s), "metrics");
                for (int m = 0; m < metrics.size(); m++) {
                    var metric = metrics.get(m);
                    var name = text(metric, "name");
                    for (int i = 0; i < rules.size(); i++) {
                        if (!rules.get(i).name().equals(name)) {
                            continue;
                        }
                        var metricWhere = where + ".scopeMetrics[" + s + "].metrics[" + m + "] (" + name + ")";
                        var data = metric.has("gauge") ? metric.get("gauge") : metric.get("sum");
                        if (data == null || !data.isObject()) {
                            return malformed(metricWhere + " is neither a gauge nor a sum");
                        }
                        hits.get(i).add(new Hit(metricWhere, text(metric, "unit"), array(data, "dataPoints")));
                        any = true;
                    }
                }
            }
            if (!any) {
                continue;
            }
            var host = attribute(resource.path("resource").path("attributes"), mapping.hostAttribute());
            if (host == null || host.isBlank()) {
                return malformed(where + " has no resource attribute " + mapping.hostAttribute()
                        + " to name its node");
            }
            for (int i = 0; i < rules.size(); i++) {
                if (hits.get(i).isEmpty()) {
                    continue;
                }
                var result = samples(rules.get(i), hits.get(i), host.strip(), samples);
                if (result != null) {
                    return result;
                }
            }
        }
        if (samples.isEmpty()) {
            return new MappingResult.Skipped("no resource has a metric named "
                    + String.join(" or ", rules.stream().map(OtlpMetricRule::name).toList()));
        }
        return new MappingResult.Mapped(samples);
    }

    /** Adds the rule's samples of one resource to {@code samples}; a rejection, or null when all went well. */
    private MappingResult samples(OtlpMetricRule rule, List<Hit> hits, String host, List<UtilizationSample> samples) {
        // time (ns) -> value of averageOver ("" without it) -> sum of the kept data points' fractions
        var groups = new TreeMap<Long, Map<String, Double>>();
        for (var hit : hits) {
            ValueUnit unit;
            if (rule.unit().isPresent()) {
                unit = rule.unit().get();
            } else {
                var parsed = ValueUnit.parseData(hit.unit()).filter(u -> u != ValueUnit.BYTES);
                if (parsed.isEmpty()) {
                    return new MappingResult.Rejected(MappingResult.Problem.UNKNOWN_UNIT, "unknown unit '" + hit.unit()
                            + "' of " + hit.where() + "; expected 1 (fraction) or % (percent)");
                }
                unit = parsed.get();
            }
            double scale = unit == ValueUnit.PERCENT ? 0.01 : 1.0;
            var points = hit.dataPoints();
            for (int p = 0; p < points.size(); p++) {
                var point = points.get(p);
                var pointWhere = hit.where() + ".dataPoints[" + p + "]";
                var attributes = point.path("attributes");
                if (!rule.states().isEmpty()) {
                    var state = attribute(attributes, rule.stateAttribute());
                    if (state == null || !rule.states().contains(state)) {
                        continue;
                    }
                }
                long nanos;
                try {
                    nanos = nanos(point.get("timeUnixNano"));
                } catch (IllegalArgumentException e) {
                    return malformed(pointWhere + ".timeUnixNano " + e.getMessage());
                }
                double value;
                try {
                    value = value(point);
                } catch (IllegalArgumentException e) {
                    return malformed(pointWhere + " " + e.getMessage());
                }
                var key = "";
                if (rule.averageOver().isPresent()) {
                    var over = attribute(attributes, rule.averageOver().get());
                    key = over == null ? "" : over;
                }
                groups.computeIfAbsent(nanos, t -> new LinkedHashMap<>()).merge(key, value * scale, Double::sum);
            }
        }
        if (groups.isEmpty()) {
            return malformed(hits.get(0).where() + " of node " + host + " has no data point"
                    + (rule.states().isEmpty() ? "" : " with " + rule.stateAttribute() + " in " + rule.states()));
        }
        for (var group : groups.entrySet()) {
            long millis = Math.floorDiv(group.getKey(), NANOS_PER_MILLI);
            if (millis < 0) {
                return malformed(rule.name() + " of node " + host + " has timeUnixNano " + group.getKey()
                        + ", before 1970-01-01T00:00:00Z (Kafka timestamps must be >= 0)");
            }
            double total = 0;
            for (var sum : group.getValue().values()) {
                total += sum;
            }
            double value = rule.averageOver().isPresent() ? total / group.getValue().size() : total;
            if (rule.complement()) {
                value = 1.0 - value;
            }
            samples.add(new UtilizationSample(host, Instant.ofEpochMilli(millis), rule.metric(), rule.source(), value));
        }
        return null;
    }

    /**
     * A data point's value: {@code asDouble} (a number, or "NaN"/"Infinity" as proto3 JSON writes them) or
     * {@code asInt}.
     */
    private static double value(JsonNode point) {
        var asDouble = point.get("asDouble");
        if (asDouble != null && !asDouble.isNull()) {
            try {
                return FieldRules.number(asDouble);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("asDouble is " + FieldRules.show(asDouble) + ", not a number");
            }
        }
        var asInt = point.get("asInt");
        if (asInt != null && !asInt.isNull()) {
            if (asInt.isIntegralNumber()) {
                return asInt.doubleValue();
            }
            if (asInt.isTextual()) {
                try {
                    return Long.parseLong(asInt.asText().strip());
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("asInt is " + FieldRules.show(asInt) + ", not a whole number");
                }
            }
            throw new IllegalArgumentException("asInt is " + FieldRules.show(asInt) + ", not a whole number");
        }
        throw new IllegalArgumentException("has neither asDouble nor asInt");
    }

    /** Nanoseconds since the epoch: OTLP/JSON writes this fixed64 as a decimal string, numbers are accepted too. */
    private static long nanos(JsonNode node) {
        if (node == null || node.isNull()) {
            throw new IllegalArgumentException("is missing");
        }
        if (node.isIntegralNumber() && node.canConvertToLong()) {
            return node.longValue();
        }
        if (node.isTextual()) {
            try {
                return Long.parseLong(node.asText().strip());
            } catch (NumberFormatException e) {
                // Fall through to the message below: fixed64 values past Long.MAX_VALUE are centuries away.
            }
        }
        throw new IllegalArgumentException("is " + FieldRules.show(node) + ", not a whole number of nanoseconds");
    }

    /**
     * The text of the attribute {@code key} in an OTLP {@code KeyValue} list
     * ({@code [{"key": "cpu", "value": {"stringValue": "cpu0"}}]}), whatever its value type; null when absent.
     */
    private static String attribute(JsonNode attributes, String key) {
        if (!attributes.isArray()) {
            return null;
        }
        for (int i = 0; i < attributes.size(); i++) {
            var attribute = attributes.get(i);
            if (key.equals(attribute.path("key").asText(null))) {
                // AnyValue has one field: stringValue, intValue, doubleValue, boolValue, ...
                for (var scalar : attribute.path("value")) {
                    return scalar.isValueNode() ? scalar.asText() : null;
                }
                return null;
            }
        }
        return null;
    }

    private static JsonNode array(JsonNode node, String field) {
        var value = node.path(field);
        return value.isArray() ? value : MissingNode.getInstance();
    }

    private static String text(JsonNode node, String field) {
        var value = node.get(field);
        return value == null || !value.isValueNode() ? "" : value.asText();
    }

    private static MappingResult.Rejected malformed(String reason) {
        return new MappingResult.Rejected(MappingResult.Problem.MALFORMED, reason);
    }
}
