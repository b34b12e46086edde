package io.gleaner.ingest.mapping;

import static io.gleaner.ingest.mapping.MappingFixtures.samples;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Named.named;

import io.gleaner.schemas.avro.Metric;
import io.gleaner.schemas.avro.UsageSource;
import io.gleaner.schemas.avro.UtilizationSample;
import java.time.Instant;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Each conversion a JSON or CSV mapping makes: units, complement, capacity, time units, sources. */
class FieldConversionTest {

    private static final String HEAD = "format: json\nhost: h\ntime: {field: t, unit: s}\n";

    private static UtilizationSample only(String mappingYaml, String record) {
        var result = Mapping.parse(mappingYaml, "test").mapper().map(record);
        var samples = samples(result);
        assertThat(samples).hasSize(1);
        return samples.get(0);
    }

    static Stream<Arguments> valueConversions() {
        return Stream.of(
                Arguments.of(named("percent: 25 -> 0.25", "{metric: cpu, field: v, unit: percent}"), "25", 0.25),
                Arguments.of(named("percent as text: '25' -> 0.25", "{metric: cpu, field: v, unit: percent}"),
                        "\"25\"", 0.25),
                Arguments.of(named("fraction: 0.625 kept", "{metric: cpu, field: v, unit: fraction}"), "0.625", 0.625),
                Arguments.of(named("percent complement: 87.5 idle -> 0.125",
                        "{metric: cpu, field: v, unit: percent, complement: true}"), "87.5", 0.125),
                Arguments.of(named("fraction complement: 0.75 -> 0.25",
                        "{metric: cpu, field: v, unit: fraction, complement: true}"), "0.75", 0.25),
                Arguments.of(named("bytes over capacityBytes: 2 GiB of 8 GiB -> 0.25",
                        "{metric: memory, field: v, unit: bytes, capacityBytes: 8589934592}"), "2147483648", 0.25),
                Arguments.of(named("bytes complement: 6 GiB free of 8 GiB -> 0.25 used",
                        "{metric: memory, field: v, unit: bytes, capacityBytes: 8589934592, complement: true}"),
                        "6442450944", 0.25));
    }

    @ParameterizedTest
    @MethodSource("valueConversions")
    void shouldConvertTheValueToAFraction(String metricYaml, String valueJson, double expected) {
        var sample = only(HEAD + "metrics:\n  - " + metricYaml + "\n",
                "{\"h\":\"n1\",\"t\":100,\"v\":" + valueJson + "}");

        assertThat(sample.getValue()).isEqualTo(expected);
    }

    @Test
    void shouldDivideBytesByTheCapacityFieldOfTheRecord() {
        var sample = only(HEAD + "metrics:\n  - {metric: memory, field: used, unit: bytes, capacityField: total}\n",
                "{\"h\":\"n1\",\"t\":100,\"used\":3,\"total\":4}");

        assertThat(sample.getValue()).isEqualTo(0.75);
    }

    @Test
    void shouldRejectAZeroCapacityField() {
        var result = Mapping.parse(HEAD + "metrics:\n  - {metric: memory, field: used, unit: bytes, "
                + "capacityField: total}\n", "test").mapper().map("{\"h\":\"n1\",\"t\":100,\"used\":3,\"total\":0}");

        assertThat(result).isEqualTo(new MappingResult.Rejected(MappingResult.Problem.MALFORMED,
                "memory capacity field total is 0; a capacity must be a number of bytes > 0"));
    }

    static Stream<Arguments> timeUnits() {
        // All of them are 2023-11-14T22:13:20.123Z (1700000000.123 s), or that second for s.
        return Stream.of(
                Arguments.of(named("s", "s"), "1700000000", Instant.ofEpochSecond(1_700_000_000L)),
                Arguments.of(named("s with a fraction", "s"), "1700000000.1239",
                        Instant.ofEpochMilli(1_700_000_000_123L)),
                Arguments.of(named("ms", "ms"), "1700000000123", Instant.ofEpochMilli(1_700_000_000_123L)),
                Arguments.of(named("us", "us"), "1700000000123999", Instant.ofEpochMilli(1_700_000_000_123L)),
                Arguments.of(named("ns", "ns"), "1700000000123999999", Instant.ofEpochMilli(1_700_000_000_123L)),
                Arguments.of(named("ns as text (OTLP style)", "ns"), "\"1700000000123999999\"",
                        Instant.ofEpochMilli(1_700_000_000_123L)),
                Arguments.of(named("iso8601 Z", "iso8601"), "\"2023-11-14T22:13:20.123Z\"",
                        Instant.ofEpochMilli(1_700_000_000_123L)),
                Arguments.of(named("iso8601 with an offset", "iso8601"), "\"2023-11-14T23:13:20.123+01:00\"",
                        Instant.ofEpochMilli(1_700_000_000_123L)));
    }

    @ParameterizedTest
    @MethodSource("timeUnits")
    void shouldReadTheTimeInItsUnitToTheMillisecond(String unit, String timeJson, Instant expected) {
        var sample = only("format: json\nhost: h\ntime: {field: t, unit: " + unit + "}\n"
                + "metrics:\n  - {metric: cpu, field: v, unit: fraction}\n", "{\"h\":\"n1\",\"t\":" + timeJson
                + ",\"v\":0.5}");

        assertThat(sample.getTime()).isEqualTo(expected);
    }

    @Test
    void shouldRejectATimeBefore1970() {
        var result = Mapping.parse(HEAD + "metrics:\n  - {metric: cpu, field: v, unit: fraction}\n", "test")
                .mapper().map("{\"h\":\"n1\",\"t\":-5,\"v\":0.5}");

        assertThat(result).isEqualTo(new MappingResult.Rejected(MappingResult.Problem.MALFORMED,
                "time field t is -5 s, before 1970-01-01T00:00:00Z (Kafka timestamps must be >= 0)"));
    }

    @Test
    void shouldRejectATimeThatIsNotANumber() {
        var result = Mapping.parse(HEAD + "metrics:\n  - {metric: cpu, field: v, unit: fraction}\n", "test")
                .mapper().map("{\"h\":\"n1\",\"t\":\"soon\",\"v\":0.5}");

        assertThat(result).isEqualTo(new MappingResult.Rejected(MappingResult.Problem.MALFORMED,
                "time field t: 'soon' is not a number of s"));
    }

    @Test
    void shouldRejectAValueThatIsNotANumber() {
        var result = Mapping.parse(HEAD + "metrics:\n  - {metric: cpu, field: v, unit: fraction}\n", "test")
                .mapper().map("{\"h\":\"n1\",\"t\":1,\"v\":\"high\"}");

        assertThat(result).isEqualTo(new MappingResult.Rejected(MappingResult.Problem.MALFORMED,
                "cpu field v is 'high', not a number"));
    }

    @Test
    void shouldPassNaNTextThroughForTheValidatorToReport() {
        var sample = only(HEAD + "metrics:\n  - {metric: cpu, field: v, unit: fraction}\n",
                "{\"h\":\"n1\",\"t\":1,\"v\":\"NaN\"}");

        assertThat(sample.getValue()).isNaN();
    }

    @Test
    void shouldNotRangeCheckValues() {
        // Range is the validator's rule (OUT_OF_RANGE), applied after conversion.
        var sample = only(HEAD + "metrics:\n  - {metric: cpu, field: v, unit: percent}\n",
                "{\"h\":\"n1\",\"t\":1,\"v\":150}");

        assertThat(sample.getValue()).isEqualTo(1.5);
    }

    @Test
    void shouldReadTheUnitFromTheRecordWhenTheMappingSaysWhere() {
        var mapping = Mapping.parse(HEAD + "metrics:\n  - {metric: cpu, field: v, unitField: u}\n", "test");

        assertThat(samples(mapping.mapper().map("{\"h\":\"n1\",\"t\":1,\"v\":40,\"u\":\"percent\"}")))
                .extracting(UtilizationSample::getValue).containsExactly(0.4);
        assertThat(samples(mapping.mapper().map("{\"h\":\"n1\",\"t\":1,\"v\":40,\"u\":\"%\"}")))
                .extracting(UtilizationSample::getValue).containsExactly(0.4);
        assertThat(samples(mapping.mapper().map("{\"h\":\"n1\",\"t\":1,\"v\":0.5,\"u\":\"1\"}")))
                .extracting(UtilizationSample::getValue).containsExactly(0.5);
    }

    @Test
    void shouldRejectAnUnknownUnitInTheRecordAsUnknownUnit() {
        var mapping = Mapping.parse(HEAD + "metrics:\n  - {metric: cpu, field: v, unitField: u}\n", "test");

        var result = mapping.mapper().map("{\"h\":\"n1\",\"t\":1,\"v\":40,\"u\":\"pct\"}");

        assertThat(result).isEqualTo(new MappingResult.Rejected(MappingResult.Problem.UNKNOWN_UNIT,
                "unknown unit 'pct' in field u for metric cpu; expected one of percent (%), fraction (1), bytes (By)"));
    }

    @Test
    void shouldRejectBytesFromTheRecordWhenTheMappingHasNoCapacity() {
        var mapping = Mapping.parse(HEAD + "metrics:\n  - {metric: memory, field: v, unitField: u}\n", "test");

        var result = mapping.mapper().map("{\"h\":\"n1\",\"t\":1,\"v\":40,\"u\":\"By\"}");

        assertThat(result).isEqualTo(new MappingResult.Rejected(MappingResult.Problem.MALFORMED,
                "memory is in bytes in this record (unit field u) but the mapping gives no capacity "
                        + "(capacityBytes or capacityField)"));
    }

    @Test
    void shouldYieldOneSamplePerApplicableMetricWithItsSource() {
        var mapping = Mapping.parse(HEAD + "source: total\nmetrics:\n"
                + "  - {metric: cpu, field: c, unit: percent}\n"
                + "  - {metric: memory, field: m, unit: percent, source: ephemeral}\n"
                + "  - {metric: disk, field: d, unit: fraction, optional: true}\n"
                + "  - {metric: network, field: n, unit: fraction, when: [{field: kind, equals: net}]}\n", "test");

        var samples = samples(mapping.mapper().map("{\"h\":\" n1 \",\"t\":2,\"c\":50,\"m\":25}"));

        assertThat(samples).containsExactly(
                new UtilizationSample("n1", Instant.ofEpochSecond(2), Metric.CPU, UsageSource.TOTAL, 0.5),
                new UtilizationSample("n1", Instant.ofEpochSecond(2), Metric.MEMORY, UsageSource.EPHEMERAL, 0.25));
    }

    @Test
    void shouldSkipRecordsThatFailTheFilter() {
        var mapping = Mapping.parse(HEAD + "filter:\n  - {field: kind, in: [a, b]}\n"
                + "metrics:\n  - {metric: cpu, field: v, unit: fraction}\n", "test");

        assertThat(mapping.mapper().map("{\"kind\":\"c\",\"h\":\"n1\",\"t\":1,\"v\":0.5}"))
                .isEqualTo(new MappingResult.Skipped("filter: kind is 'c', not one of [a, b]"));
        assertThat(mapping.mapper().map("{\"h\":\"n1\",\"t\":1,\"v\":0.5}"))
                .isInstanceOf(MappingResult.Skipped.class);
        assertThat(mapping.mapper().map("{\"kind\":\"b\",\"h\":\"n1\",\"t\":1,\"v\":0.5}"))
                .isInstanceOf(MappingResult.Mapped.class);
    }

    @Test
    void shouldRejectWhatIsNotAJsonObject() {
        var mapper = Mapping.parse(HEAD + "metrics:\n  - {metric: cpu, field: v, unit: fraction}\n", "test").mapper();

        assertThat(mapper.map("[1, 2]")).isEqualTo(new MappingResult.Rejected(MappingResult.Problem.MALFORMED,
                "expected a JSON object, found array"));
        assertThat(mapper.map("{\"h\":\"n1\"} {}")).isInstanceOfSatisfying(MappingResult.Rejected.class,
                rejected -> assertThat(rejected.reason()).startsWith("not valid JSON: "));
        assertThat(mapper.map(new byte[] {'{', '"', (byte) 0xff, '"', '}'})).isInstanceOfSatisfying(
                MappingResult.Rejected.class, rejected -> assertThat(rejected.reason()).startsWith("not valid JSON: "));
        assertThat(mapper.map(new byte[0])).isEqualTo(new MappingResult.Rejected(MappingResult.Problem.MALFORMED,
                "empty record, expected a JSON object"));
    }

    @Test
    void shouldReadArrayElementsByIndex() {
        var sample = only("format: json\nhost: hosts.0\ntime: {field: t, unit: s}\n"
                + "metrics:\n  - {metric: cpu, field: values.1, unit: fraction}\n",
                "{\"hosts\":[\"n1\"],\"t\":1,\"values\":[0.25,0.5]}");

        assertThat(sample.getNodeId()).isEqualTo("n1");
        assertThat(sample.getValue()).isEqualTo(0.5);
    }
}
