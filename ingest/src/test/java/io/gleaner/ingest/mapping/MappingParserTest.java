package io.gleaner.ingest.mapping;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;
import static org.junit.jupiter.api.Named.named;

import io.gleaner.schemas.avro.Metric;
import io.gleaner.schemas.avro.UsageSource;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Loading a mapping file: what it becomes, and every mistake reported with its key and the allowed values. */
class MappingParserTest {

    private static final String HEAD = "format: json\nhost: tags.host\ntime: {field: ts, unit: s}\n";
    private static final String CPU = "metrics:\n  - {metric: cpu, field: v, unit: percent}\n";

    @Test
    void shouldParseAJsonMappingWithEveryKey() {
        var mapping = Mapping.parse("""
                format: json
                description: every key
                host: tags.host
                time: {field: ts, unit: ms}
                filter:
                  - {field: name, in: [cpu, mem]}
                source: total
                metrics:
                  - metric: cpu
                    field: fields.idle
                    unit: percent
                    complement: true
                    when: [{field: name, equals: cpu}]
                  - metric: memory
                    field: fields.used
                    unit: bytes
                    capacityField: fields.total
                    source: ephemeral
                    optional: true
                  - metric: disk
                    field: fields.d
                    unitField: fields.unit
                    capacityBytes: 1000
                """, "every");

        assertThat(mapping).isEqualTo(new FieldMapping("every", MappingFormat.JSON, Optional.empty(),
                FieldPath.json("tags.host"), new TimeField(FieldPath.json("ts"), TimeUnitName.MS),
                List.of(new Condition(FieldPath.json("name"), List.of("cpu", "mem"))),
                List.of(new MetricRule(Metric.CPU, UsageSource.TOTAL, FieldPath.json("fields.idle"),
                                Optional.of(ValueUnit.PERCENT), Optional.empty(), true, OptionalLong.empty(),
                                Optional.empty(), List.of(new Condition(FieldPath.json("name"), List.of("cpu"))),
                                false),
                        new MetricRule(Metric.MEMORY, UsageSource.EPHEMERAL, FieldPath.json("fields.used"),
                                Optional.of(ValueUnit.BYTES), Optional.empty(), false, OptionalLong.empty(),
                                Optional.of(FieldPath.json("fields.total")), List.of(), true),
                        new MetricRule(Metric.DISK, UsageSource.TOTAL, FieldPath.json("fields.d"), Optional.empty(),
                                Optional.of(FieldPath.json("fields.unit")), false, OptionalLong.of(1000),
                                Optional.empty(), List.of(), false))));
    }

    @Test
    void shouldParseACsvMappingWithColumnNamesAsFields() {
        var mapping = (FieldMapping) Mapping.parse("""
                format: csv
                csv: {delimiter: tab, columns: [machine, ts, cpu.pct]}
                host: machine
                time: {field: ts, unit: iso8601}
                metrics:
                  - {metric: cpu, field: cpu.pct, unit: percent}
                """, "csv");

        assertThat(mapping.csv()).contains(new CsvLayout('\t', false, List.of("machine", "ts", "cpu.pct")));
        assertThat(mapping.metrics().get(0).field()).isEqualTo(FieldPath.column("cpu.pct"));
        assertThat(mapping.metrics().get(0).source()).isEqualTo(UsageSource.REGULAR);
    }

    @Test
    void shouldParseAnOtlpMappingWithDefaults() {
        var mapping = Mapping.parse("""
                format: otlp-json
                metrics:
                  - {metric: memory, name: system.memory.utilization, states: used}
                """, "otlp");

        assertThat(mapping).isEqualTo(new OtlpMapping("otlp", "host.name", List.of(new OtlpMetricRule(Metric.MEMORY,
                UsageSource.REGULAR, "system.memory.utilization", List.of("used"), "state", Optional.empty(),
                Optional.empty(), false))));
    }

    @Test
    void shouldLoadBothPresets() {
        assertThat(Mapping.PRESETS).map(Mapping::preset).extracting(Mapping::name, Mapping::format)
                .containsExactly(
                        tuple("telegraf-json", MappingFormat.JSON),
                        tuple("otlp-json", MappingFormat.OTLP_JSON));
    }

    @Test
    void shouldNameAFileMappingAfterTheFileWithoutItsExtension(@TempDir Path dir) throws Exception {
        var file = Files.writeString(dir.resolve("my-hosts.yaml"), HEAD + CPU);

        assertThat(Mapping.resolve(file.toString()).name()).isEqualTo("my-hosts");
        assertThat(Mapping.resolve("telegraf-json").name()).isEqualTo("telegraf-json");
    }

    @Test
    void shouldNameTheFileInErrors(@TempDir Path dir) throws Exception {
        var file = Files.writeString(dir.resolve("bad.yaml"),
                HEAD + "metrics:\n  - {metric: cpu, field: v, unit: pct}\n");

        assertThatThrownBy(() -> Mapping.load(file)).isInstanceOf(MappingException.class)
                .hasMessage(file + ": metrics[0].unit: unknown unit 'pct' for metric cpu; expected one of percent, "
                        + "fraction, bytes");
    }

    @Test
    void shouldListThePresetsForAnUnknownOne() {
        assertThatThrownBy(() -> Mapping.preset("collectd")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown preset 'collectd'; expected one of telegraf-json, otlp-json");
    }

    static Stream<Arguments> mistakes() {
        return Stream.of(
                Arguments.of(named("unknown unit", HEAD + "metrics:\n  - {metric: cpu, field: v, unit: pct}\n"),
                        "metrics[0].unit",
                        "unknown unit 'pct' for metric cpu; expected one of percent, fraction, bytes"),
                Arguments.of(named("unknown format", "format: xml\n"), "format",
                        "unknown format 'xml'; expected one of json, csv, otlp-json"),
                Arguments.of(named("no format", "host: h\n"), "format", "missing"),
                Arguments.of(named("empty file", ""), "",
                        "the mapping is empty; it needs at least format, host, time and metrics"),
                Arguments.of(named("not a map", "- a\n- b\n"), "", "must be a map of keys to values, was a list"),
                Arguments.of(named("no host", "format: json\ntime: {field: t, unit: s}\n" + CPU), "host", "missing"),
                Arguments.of(named("no time", "format: json\nhost: h\n" + CPU), "time",
                        "missing; say where the event time is and its unit, e.g. {field: timestamp, unit: s}"),
                Arguments.of(named("unknown time unit", "format: json\nhost: h\ntime: {field: t, unit: sec}\n" + CPU),
                        "time.unit", "unknown time unit 'sec'; expected one of s, ms, us, ns, iso8601"),
                Arguments.of(named("unknown key in time", "format: json\nhost: h\ntime: {field: t, unit: s, tz: utc}\n"
                        + CPU), "time.tz", "unknown key 'tz' in time; expected one of field, unit"),
                Arguments.of(named("unknown top-level key", HEAD + CPU + "hosts: x\n"), "hosts",
                        "unknown key 'hosts'; expected one of format, description, host, time, filter, source, "
                                + "metrics, csv"),
                Arguments.of(named("no metrics", HEAD), "metrics", "missing"),
                Arguments.of(named("empty metrics", HEAD + "metrics: []\n"), "metrics", "must not be empty"),
                Arguments.of(named("unknown metric", HEAD + "metrics:\n  - {metric: gpu, field: v, unit: percent}\n"),
                        "metrics[0].metric", "unknown metric 'gpu'; expected one of cpu, memory, disk, network"),
                Arguments.of(named("misspelt metric key",
                        HEAD + "metrics:\n  - {metric: cpu, fild: v, unit: percent}\n"),
                        "metrics[0].fild", "unknown key 'fild' in metrics[0]; expected one of metric, field, unit, "
                                + "unitField, complement, capacityBytes, capacityField, when, source, optional"),
                Arguments.of(named("no field", HEAD + "metrics:\n  - {metric: cpu, unit: percent}\n"),
                        "metrics[0].field", "missing"),
                Arguments.of(named("neither unit nor unitField", HEAD + "metrics:\n  - {metric: cpu, field: v}\n"),
                        "metrics[0]", "metric cpu needs exactly one of unit (percent, fraction, bytes) and unitField "
                                + "(the field that names the unit in each record)"),
                Arguments.of(named("bytes without capacity", HEAD + "metrics:\n  - {metric: memory, field: v, "
                        + "unit: bytes}\n"), "metrics[0]", "metric memory in bytes needs its capacity: capacityBytes "
                        + "(a constant) or capacityField (the field holding it)"),
                Arguments.of(named("capacity with percent", HEAD + "metrics:\n  - {metric: memory, field: v, "
                        + "unit: percent, capacityBytes: 10}\n"), "metrics[0]",
                        "capacityBytes and capacityField go only with unit bytes, the unit is percent"),
                Arguments.of(named("both capacities", HEAD + "metrics:\n  - {metric: memory, field: v, unit: bytes, "
                        + "capacityBytes: 10, capacityField: c}\n"), "metrics[0]",
                        "give capacityBytes or capacityField, not both"),
                Arguments.of(named("capacity not positive", HEAD + "metrics:\n  - {metric: memory, field: v, "
                        + "unit: bytes, capacityBytes: 0}\n"), "metrics[0].capacityBytes",
                        "must be a whole number of bytes > 0, was '0'"),
                Arguments.of(named("capacity not whole", HEAD + "metrics:\n  - {metric: memory, field: v, "
                        + "unit: bytes, capacityBytes: 8GiB}\n"), "metrics[0].capacityBytes",
                        "must be a whole number of bytes > 0, was '8GiB'"),
                Arguments.of(named("complement not boolean", HEAD + "metrics:\n  - {metric: cpu, field: v, "
                        + "unit: percent, complement: maybe}\n"), "metrics[0].complement",
                        "must be true or false, was 'maybe'"),
                Arguments.of(named("unknown source", HEAD + "source: owners\n" + CPU), "source",
                        "unknown source 'owners'; expected one of regular, ephemeral, total"),
                Arguments.of(named("filter not a list", HEAD + "filter: name == cpu\n" + CPU), "filter",
                        "must be a list of conditions such as {field: name, equals: cpu}, was 'name == cpu'"),
                Arguments.of(named("condition with equals and in",
                        HEAD + "filter:\n  - {field: n, equals: a, in: [b]}\n" + CPU), "filter[0]",
                        "give exactly one of equals (one value) and in (a list of values)"),
                Arguments.of(named("empty path segment", "format: json\nhost: tags..host\ntime: {field: t, unit: s}\n"
                        + CPU), "host", "field path 'tags..host' has an empty segment"),
                Arguments.of(named("duplicate key", HEAD + CPU + "host: again\n"), "",
                        "not valid YAML: Duplicate field 'host'"),
                Arguments.of(named("csv section with json", HEAD + "csv: {columns: [a]}\n" + CPU), "csv",
                        "a csv section goes only with format csv, the format is json"),
                Arguments.of(named("csv without a csv section", "format: csv\nhost: h\ntime: {field: t, unit: s}\n"
                        + CPU), "csv", "format csv needs a csv section with columns (and header: true for files whose "
                        + "first line names them)"),
                Arguments.of(named("csv without columns or header", "format: csv\ncsv: {delimiter: ';'}\nhost: h\n"
                        + "time: {field: t, unit: s}\n" + CPU), "csv.columns",
                        "name the columns, or set header: true when the first line of the file names them"),
                Arguments.of(named("csv reading an unknown column", "format: csv\ncsv: {columns: [h, t, x]}\nhost: h\n"
                        + "time: {field: t, unit: s}\n" + CPU), "metrics[0].field",
                        "unknown column 'v'; expected one of h, t, x"),
                Arguments.of(named("csv delimiter too long", "format: csv\ncsv: {delimiter: '::', columns: [h]}\n"),
                        "csv.delimiter", "must be one character (or the word tab), was '::'"),
                Arguments.of(named("csv column named twice", "format: csv\ncsv: {columns: [h, h]}\n"),
                        "csv.columns[1]", "column 'h' is named twice"),
                Arguments.of(named("otlp in bytes", "format: otlp-json\nmetrics:\n  - {metric: memory, "
                        + "name: system.memory.usage, unit: bytes}\n"), "metrics[0].unit",
                        "unknown unit 'bytes' for metric memory; expected one of fraction, percent (or leave it out "
                                + "to read the metric's own unit)"),
                Arguments.of(named("otlp with a json key", "format: otlp-json\ntime: {field: t, unit: s}\n"),
                        "time", "unknown key 'time'; expected one of format, description, host, source, metrics"),
                Arguments.of(named("otlp metric without a name", "format: otlp-json\nmetrics:\n  - {metric: cpu}\n"),
                        "metrics[0].name", "missing"));
    }

    @ParameterizedTest
    @MethodSource("mistakes")
    void shouldReportTheKeyAndTheProblem(String yaml, String key, String problem) {
        assertThatThrownBy(() -> Mapping.parse(yaml, "test"))
                .isInstanceOfSatisfying(MappingException.class, e -> {
                    assertThat(e.key()).isEqualTo(key);
                    assertThat(e.problem()).startsWith(problem);
                    assertThat(e.getMessage()).isEqualTo("test: " + (key.isEmpty() ? "" : key + ": ") + e.problem());
                });
    }
}
