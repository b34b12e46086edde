package io.gleaner.ingest.mapping;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.gleaner.schemas.avro.Metric;
import io.gleaner.schemas.avro.UsageSource;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Reads a mapping file's YAML and checks every key, so that a mistake is reported when the mapping is loaded,
 * naming the key and the allowed values, rather than as a dead letter for every record.
 */
final class MappingParser {

    private static final YAMLMapper YAML = YAMLMapper.builder()
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
            .build();

    /** Metric names in mapping files. */
    private static final Map<String, Metric> METRICS = Map.of(
            "cpu", Metric.CPU, "memory", Metric.MEMORY, "disk", Metric.DISK, "network", Metric.NETWORK);
    private static final String METRIC_NAMES = "cpu, memory, disk, network";

    /** Source names in mapping files. */
    private static final Map<String, UsageSource> SOURCES = Map.of(
            "regular", UsageSource.REGULAR, "ephemeral", UsageSource.EPHEMERAL, "total", UsageSource.TOTAL);
    private static final String SOURCE_NAMES = "regular, ephemeral, total";
    private static final UsageSource DEFAULT_SOURCE = UsageSource.REGULAR;

    private static final List<String> FIELD_MAPPING_KEYS =
            List.of("format", "description", "host", "time", "filter", "source", "metrics", "csv");
    private static final List<String> OTLP_MAPPING_KEYS = List.of("format", "description", "host", "source", "metrics");
    private static final List<String> TIME_KEYS = List.of("field", "unit");
    private static final List<String> CSV_KEYS = List.of("delimiter", "header", "columns");
    private static final List<String> CONDITION_KEYS = List.of("field", "equals", "in");
    private static final List<String> METRIC_KEYS = List.of("metric", "field", "unit", "unitField", "complement",
            "capacityBytes", "capacityField", "when", "source", "optional");
    private static final List<String> OTLP_METRIC_KEYS = List.of("metric", "name", "states", "stateAttribute",
            "averageOver", "unit", "complement", "source");

    private final String name;
    private final String source;

    /** A parser of a mapping called {@code name}, which is also the source named in errors. */
    MappingParser(String name) {
        this(name, name);
    }

    /** A parser of a mapping called {@code name} read from {@code source} (a path, or "preset x"). */
    MappingParser(String name, String source) {
        this.name = name;
        this.source = source;
    }

    Mapping parse(String yaml) {
        JsonNode root;
        try {
            root = YAML.readTree(yaml);
        } catch (JsonProcessingException e) {
            throw new MappingException(source, "", "not valid YAML: " + e.getOriginalMessage(), e);
        }
        if (root == null || root.isMissingNode() || root.isNull()) {
            throw fail("", "the mapping is empty; it needs at least format, host, time and metrics");
        }
        requireObject(root, "");
        var format = format(root);
        if (format == MappingFormat.OTLP_JSON) {
            return otlp(root);
        }
        return fields(root, format);
    }

    private MappingFormat format(JsonNode root) {
        var text = requiredText(root, "format", "");
        try {
            return MappingFormat.parse(text);
        } catch (IllegalArgumentException e) {
            throw fail("format", e.getMessage());
        }
    }

    private FieldMapping fields(JsonNode root, MappingFormat format) {
        checkKeys(root, "", FIELD_MAPPING_KEYS);
        Optional<CsvLayout> csv = Optional.empty();
        if (format == MappingFormat.CSV) {
            if (!root.has("csv")) {
                throw fail("csv", "format csv needs a csv section with columns (and header: true for files whose "
                        + "first line names them)");
            }
            csv = Optional.of(csv(root.get("csv")));
        } else if (root.has("csv")) {
            throw fail("csv", "a csv section goes only with format csv, the format is " + format.configValue());
        }
        Function<String, FieldPath> paths = csv.isPresent() ? columnPaths(csv.get()) : this::jsonPath;
        var host = path(paths, requiredText(root, "host", ""), "host");
        var time = time(root, paths);
        var filter = conditions(root.get("filter"), "filter", paths);
        var defaultSource = source(root.get("source"), "source", DEFAULT_SOURCE);
        var metricsNode = requiredList(root, "metrics", "");
        var metrics = new ArrayList<MetricRule>();
        for (int i = 0; i < metricsNode.size(); i++) {
            metrics.add(metric(metricsNode.get(i), "metrics[" + i + "]", paths, defaultSource));
        }
        return new FieldMapping(name, format, csv, host, time, filter, metrics);
    }

    private OtlpMapping otlp(JsonNode root) {
        checkKeys(root, "", OTLP_MAPPING_KEYS);
        var host = root.has("host") ? requiredText(root, "host", "") : OtlpMapping.DEFAULT_HOST_ATTRIBUTE;
        var defaultSource = source(root.get("source"), "source", DEFAULT_SOURCE);
        var metricsNode = requiredList(root, "metrics", "");
        var metrics = new ArrayList<OtlpMetricRule>();
        for (int i = 0; i < metricsNode.size(); i++) {
            metrics.add(otlpMetric(metricsNode.get(i), "metrics[" + i + "]", defaultSource));
        }
        return new OtlpMapping(name, host, metrics);
    }

    private CsvLayout csv(JsonNode node) {
        requireObject(node, "csv");
        checkKeys(node, "csv", CSV_KEYS);
        char delimiter = CsvLayout.DEFAULT_DELIMITER;
        if (node.has("delimiter")) {
            var text = requiredText(node, "delimiter", "csv");
            if (text.equals("tab")) {
                text = "\t";
            }
            if (text.length() != 1) {
                throw fail("csv.delimiter", "must be one character (or the word tab), was '" + text + "'");
            }
            delimiter = text.charAt(0);
            if (delimiter == '"' || delimiter == '\n' || delimiter == '\r') {
                throw fail("csv.delimiter", "must not be a quote or a line end");
            }
        }
        var header = bool(node, "header", "csv", false);
        var columns = new ArrayList<String>();
        if (node.has("columns")) {
            var list = requiredList(node, "columns", "csv");
            var seen = new LinkedHashSet<String>();
            for (int i = 0; i < list.size(); i++) {
                var key = "csv.columns[" + i + "]";
                var column = scalarText(list.get(i), key);
                if (column.isEmpty()) {
                    throw fail(key, "column name must not be empty");
                }
                if (!seen.add(column)) {
                    throw fail(key, "column '" + column + "' is named twice");
                }
                columns.add(column);
            }
        }
        if (!header && columns.isEmpty()) {
            throw fail("csv.columns", "name the columns, or set header: true when the first line of the file names "
                    + "them");
        }
        return new CsvLayout(delimiter, header, columns);
    }

    private Function<String, FieldPath> columnPaths(CsvLayout csv) {
        if (csv.columns().isEmpty()) {
            // Names come from the file's header line; the reader checks them when it reads it.
            return FieldPath::column;
        }
        var known = Set.copyOf(csv.columns());
        return column -> {
            if (!known.contains(column)) {
                throw new IllegalArgumentException("unknown column '" + column + "'; expected one of "
                        + String.join(", ", csv.columns()));
            }
            return FieldPath.column(column);
        };
    }

    private FieldPath jsonPath(String text) {
        return FieldPath.json(text);
    }

    private FieldPath path(Function<String, FieldPath> paths, String text, String key) {
        try {
            return paths.apply(text);
        } catch (IllegalArgumentException e) {
            throw fail(key, e.getMessage());
        }
    }

    private TimeField time(JsonNode root, Function<String, FieldPath> paths) {
        if (!root.has("time")) {
            throw fail("time", "missing; say where the event time is and its unit, e.g. {field: timestamp, unit: s}");
        }
        var node = root.get("time");
        requireObject(node, "time");
        checkKeys(node, "time", TIME_KEYS);
        var field = path(paths, requiredText(node, "field", "time"), "time.field");
        var unitText = requiredText(node, "unit", "time");
        try {
            return new TimeField(field, TimeUnitName.parse(unitText));
        } catch (IllegalArgumentException e) {
            throw fail("time.unit", e.getMessage());
        }
    }

    private List<Condition> conditions(JsonNode node, String key, Function<String, FieldPath> paths) {
        if (node == null || node.isNull()) {
            return List.of();
        }
        if (!node.isArray()) {
            throw fail(key, "must be a list of conditions such as {field: name, equals: cpu}, was " + describe(node));
        }
        var conditions = new ArrayList<Condition>();
        for (int i = 0; i < node.size(); i++) {
            var itemKey = key + "[" + i + "]";
            var item = node.get(i);
            requireObject(item, itemKey);
            checkKeys(item, itemKey, CONDITION_KEYS);
            var field = path(paths, requiredText(item, "field", itemKey), itemKey + ".field");
            if (item.has("equals") == item.has("in")) {
                throw fail(itemKey, "give exactly one of equals (one value) and in (a list of values)");
            }
            var values = new LinkedHashSet<String>();
            if (item.has("equals")) {
                values.add(scalarText(item.get("equals"), itemKey + ".equals"));
            } else {
                var list = requiredList(item, "in", itemKey);
                for (int j = 0; j < list.size(); j++) {
                    values.add(scalarText(list.get(j), itemKey + ".in[" + j + "]"));
                }
            }
            conditions.add(new Condition(field, List.copyOf(values)));
        }
        return conditions;
    }

    private MetricRule metric(JsonNode node, String key, Function<String, FieldPath> paths, UsageSource defaultSource) {
        requireObject(node, key);
        checkKeys(node, key, METRIC_KEYS);
        var metricText = requiredText(node, "metric", key);
        var metric = METRICS.get(metricText);
        if (metric == null) {
            throw fail(key + ".metric", "unknown metric '" + metricText + "'; expected one of " + METRIC_NAMES);
        }
        var field = path(paths, requiredText(node, "field", key), key + ".field");
        if (node.has("unit") == node.has("unitField")) {
            throw fail(key, "metric " + metricText + " needs exactly one of unit (" + ValueUnit.allowed()
                    + ") and unitField (the field that names the unit in each record)");
        }
        Optional<ValueUnit> unit = Optional.empty();
        Optional<FieldPath> unitField = Optional.empty();
        if (node.has("unit")) {
            var unitText = requiredText(node, "unit", key);
            unit = ValueUnit.parse(unitText);
            if (unit.isEmpty()) {
                throw fail(key + ".unit", "unknown unit '" + unitText + "' for metric " + metricText
                        + "; expected one of " + ValueUnit.allowed());
            }
        } else {
            unitField = Optional.of(path(paths, requiredText(node, "unitField", key), key + ".unitField"));
        }
        var complement = bool(node, "complement", key, false);
        var capacityBytes = OptionalLong.empty();
        if (node.has("capacityBytes")) {
            var capacity = node.get("capacityBytes");
            if (!capacity.isIntegralNumber() || !capacity.canConvertToLong() || capacity.asLong() <= 0) {
                throw fail(key + ".capacityBytes", "must be a whole number of bytes > 0, was " + describe(capacity));
            }
            capacityBytes = OptionalLong.of(capacity.asLong());
        }
        Optional<FieldPath> capacityField = Optional.empty();
        if (node.has("capacityField")) {
            capacityField = Optional.of(path(paths, requiredText(node, "capacityField", key), key + ".capacityField"));
        }
        if (capacityBytes.isPresent() && capacityField.isPresent()) {
            throw fail(key, "give capacityBytes or capacityField, not both");
        }
        boolean hasCapacity = capacityBytes.isPresent() || capacityField.isPresent();
        if (unit.isPresent() && unit.get() == ValueUnit.BYTES && !hasCapacity) {
            throw fail(key, "metric " + metricText + " in bytes needs its capacity: capacityBytes (a constant) or "
                    + "capacityField (the field holding it)");
        }
        if (unit.isPresent() && unit.get() != ValueUnit.BYTES && hasCapacity) {
            throw fail(key, "capacityBytes and capacityField go only with unit bytes, the unit is "
                    + unit.get().configValue());
        }
        var when = conditions(node.get("when"), key + ".when", paths);
        var source = source(node.get("source"), key + ".source", defaultSource);
        var optional = bool(node, "optional", key, false);
        return new MetricRule(metric, source, field, unit, unitField, complement, capacityBytes, capacityField, when,
                optional);
    }

    private OtlpMetricRule otlpMetric(JsonNode node, String key, UsageSource defaultSource) {
        requireObject(node, key);
        checkKeys(node, key, OTLP_METRIC_KEYS);
        var metricText = requiredText(node, "metric", key);
        var metric = METRICS.get(metricText);
        if (metric == null) {
            throw fail(key + ".metric", "unknown metric '" + metricText + "'; expected one of " + METRIC_NAMES);
        }
        var otlpName = requiredText(node, "name", key);
        var states = new ArrayList<String>();
        if (node.has("states")) {
            var statesNode = node.get("states");
            if (statesNode.isValueNode()) {
                states.add(scalarText(statesNode, key + ".states"));
            } else {
                var list = requiredList(node, "states", key);
                for (int i = 0; i < list.size(); i++) {
                    states.add(scalarText(list.get(i), key + ".states[" + i + "]"));
                }
            }
        }
        var stateAttribute = node.has("stateAttribute") ? requiredText(node, "stateAttribute", key)
                : OtlpMetricRule.DEFAULT_STATE_ATTRIBUTE;
        var averageOver = node.has("averageOver") ? Optional.of(requiredText(node, "averageOver", key))
                : Optional.<String>empty();
        Optional<ValueUnit> unit = Optional.empty();
        if (node.has("unit")) {
            var unitText = requiredText(node, "unit", key);
            unit = ValueUnit.parse(unitText).filter(u -> u != ValueUnit.BYTES);
            if (unit.isEmpty()) {
                throw fail(key + ".unit", "unknown unit '" + unitText + "' for metric " + metricText
                        + "; expected one of fraction, percent (or leave it out to read the metric's own unit)");
            }
        }
        var complement = bool(node, "complement", key, false);
        var source = source(node.get("source"), key + ".source", defaultSource);
        return new OtlpMetricRule(metric, source, otlpName, states, stateAttribute, averageOver, unit, complement);
    }

    private UsageSource source(JsonNode node, String key, UsageSource fallback) {
        if (node == null || node.isNull()) {
            return fallback;
        }
        var text = scalarText(node, key);
        var source = SOURCES.get(text);
        if (source == null) {
            throw fail(key, "unknown source '" + text + "'; expected one of " + SOURCE_NAMES);
        }
        return source;
    }

    private boolean bool(JsonNode node, String field, String parent, boolean fallback) {
        var value = node.get(field);
        if (value == null || value.isNull()) {
            return fallback;
        }
        if (!value.isBoolean()) {
            throw fail(join(parent, field), "must be true or false, was " + describe(value));
        }
        return value.booleanValue();
    }

    private String requiredText(JsonNode node, String field, String parent) {
        var value = node.get(field);
        if (value == null || value.isNull()) {
            throw fail(join(parent, field), "missing");
        }
        var text = scalarText(value, join(parent, field));
        if (text.isBlank()) {
            throw fail(join(parent, field), "must not be empty");
        }
        return text;
    }

    private JsonNode requiredList(JsonNode node, String field, String parent) {
        var value = node.get(field);
        var key = join(parent, field);
        if (value == null || value.isNull()) {
            throw fail(key, "missing");
        }
        if (!value.isArray()) {
            throw fail(key, "must be a list, was " + describe(value));
        }
        if (value.isEmpty()) {
            throw fail(key, "must not be empty");
        }
        return value;
    }

    private String scalarText(JsonNode value, String key) {
        if (!value.isValueNode() || value.isNull()) {
            throw fail(key, "must be a single value, was " + describe(value));
        }
        return value.asText();
    }

    private void requireObject(JsonNode node, String key) {
        if (node == null || !node.isObject()) {
            throw fail(key, "must be a map of keys to values, was " + describe(node));
        }
    }

    private void checkKeys(JsonNode node, String key, List<String> allowed) {
        var unknown = new TreeSet<String>();
        node.fieldNames().forEachRemaining(field -> {
            if (!allowed.contains(field)) {
                unknown.add(field);
            }
        });
        if (!unknown.isEmpty()) {
            var first = unknown.first();
            throw fail(join(key, first), "unknown key '" + first + "'" + (key.isEmpty() ? "" : " in " + key)
                    + "; expected one of " + String.join(", ", allowed));
        }
    }

    private MappingException fail(String key, String problem) {
        return new MappingException(source, key, problem);
    }

    private static String join(String parent, String field) {
        return parent.isEmpty() ? field : parent + "." + field;
    }

    private static String describe(JsonNode node) {
        if (node == null || node.isMissingNode()) {
            return "nothing";
        }
        if (node.isArray()) {
            return "a list";
        }
        if (node.isObject()) {
            return "a map (" + streamNames(node) + ")";
        }
        return "'" + node.asText() + "'";
    }

    private static String streamNames(JsonNode node) {
        var names = new ArrayList<String>();
        node.fieldNames().forEachRemaining(names::add);
        return names.stream().collect(Collectors.joining(", "));
    }

}
