package io.gleaner.ingest.mapping;

import static io.gleaner.ingest.mapping.MappingFixtures.sample;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gleaner.ingest.trace.LineTraceReader;
import io.gleaner.ingest.trace.TraceReader;
import io.gleaner.ingest.trace.TraceRow;
import io.gleaner.ingest.validation.SampleValidator;
import io.gleaner.ingest.validation.ValidatingReader;
import io.gleaner.ingest.validation.ValidationRule;
import io.gleaner.schemas.avro.Metric;
import io.gleaner.schemas.avro.UtilizationSample;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** CSV and JSON-lines files read end to end under a mapping. */
class MappedTraceReaderTest {

    private static final String CSV_MAPPING = """
            format: csv
            csv: {header: true}
            host: machine_id
            time: {field: time_stamp, unit: s}
            metrics:
              - {metric: cpu, field: cpu_util_percent, unit: percent}
              - {metric: memory, field: mem_used_bytes, unit: bytes, capacityField: mem_total_bytes}
            """;

    @TempDir
    Path dir;

    private static List<TraceRow<UtilizationSample>> readAll(TraceReader<UtilizationSample> reader) {
        var rows = new ArrayList<TraceRow<UtilizationSample>>();
        try (reader) {
            reader.forEachRemaining(rows::add);
        }
        return rows;
    }

    private static List<Object> describe(List<TraceRow<UtilizationSample>> rows) {
        return rows.stream().<Object>map(row -> row instanceof TraceRow.Parsed<UtilizationSample> parsed
                ? parsed.line() + " " + parsed.key() + " " + parsed.eventTime().getEpochSecond() + " "
                        + parsed.value().getMetric() + " " + parsed.value().getValue()
                : row.line() + " rejected: " + ((TraceRow.Rejected<UtilizationSample>) row).reason()).toList();
    }

    @Test
    void shouldReadACsvFileWithAHeaderLineIntoTwoSamplesPerLine() throws IOException {
        var file = Files.writeString(dir.resolve("usage.csv"), """
                machine_id,time_stamp,cpu_util_percent,mem_used_bytes,mem_total_bytes
                m_1,100,25,1073741824,4294967296
                "m_2",100,50,"2147483648",4294967296

                m_1,110,not-a-number,1073741824,4294967296
                m_1,120,75,1073741824
                m_1,"130,5,1,4
                m_2,140,12.5,3221225472,4294967296
                """);

        var rows = readAll(MappedTraceReader.open(file, Mapping.parse(CSV_MAPPING, "usage"), LineTraceReader.NO_LIMIT));

        assertThat(describe(rows)).containsExactly(
                "2 m_1 100 CPU 0.25", "2 m_1 100 MEMORY 0.25",
                "3 m_2 100 CPU 0.5", "3 m_2 100 MEMORY 0.5",
                "5 rejected: cpu field cpu_util_percent is 'not-a-number', not a number",
                "6 rejected: expected 5 columns (machine_id, time_stamp, cpu_util_percent, mem_used_bytes, "
                        + "mem_total_bytes), found 4",
                "7 rejected: field 2 opens a quote at character 5 that is not closed",
                "8 m_2 140 CPU 0.125", "8 m_2 140 MEMORY 0.75");
    }

    @Test
    void shouldGiveRejectedLinesTheirFileLineAndRawBytes() throws IOException {
        var file = Files.writeString(dir.resolve("usage.csv"), "machine_id,time_stamp,cpu_util_percent,"
                + "mem_used_bytes,mem_total_bytes\nm_1,-1,25,1,4\n");

        var rows = readAll(MappedTraceReader.open(file, Mapping.parse(CSV_MAPPING, "usage"), LineTraceReader.NO_LIMIT));

        assertThat(rows).singleElement().isInstanceOfSatisfying(TraceRow.Rejected.class, rejected -> {
            var deadLetter = rejected.deadLetter();
            assertThat(deadLetter.getSourceTopic()).isEqualTo("usage.csv");
            assertThat(deadLetter.getPartition()).isEqualTo(-1);
            assertThat(deadLetter.getOffset()).isEqualTo(2);
            assertThat(StandardCharsets.UTF_8.decode(deadLetter.getValue()).toString()).isEqualTo("m_1,-1,25,1,4");
            assertThat(deadLetter.getReason()).isEqualTo("time field time_stamp is '-1' s, before "
                    + "1970-01-01T00:00:00Z (Kafka timestamps must be >= 0)");
            assertThat(deadLetter.getStage()).isEqualTo("ingest");
        });
    }

    @Test
    void shouldFailWhenTheHeaderLacksAColumnTheMappingReads() throws IOException {
        var file = Files.writeString(dir.resolve("usage.csv"), "machine_id,time_stamp,cpu\nm_1,1,2\n");

        try (var reader = MappedTraceReader.open(file, Mapping.parse(CSV_MAPPING, "usage"), LineTraceReader.NO_LIMIT)) {
            assertThatThrownBy(reader::hasNext).isInstanceOf(MappingException.class)
                    .hasMessage("usage.csv: csv.header: the mapping reads column(s) cpu_util_percent, mem_total_bytes, "
                            + "mem_used_bytes but the columns are machine_id, time_stamp, cpu");
        }
    }

    @Test
    void shouldSkipTheHeaderLineWhenTheMappingNamesTheColumns() throws IOException {
        var mapping = Mapping.parse("""
                format: csv
                csv: {delimiter: ';', header: true, columns: [node, t, cpu]}
                host: node
                time: {field: t, unit: ms}
                metrics:
                  - {metric: cpu, field: cpu, unit: fraction}
                """, "semi");
        var file = Files.writeString(dir.resolve("semi.csv"), "whatever;they;say\nn1;5000;0.5\n");

        var rows = readAll(MappedTraceReader.open(file, mapping, LineTraceReader.NO_LIMIT));

        assertThat(describe(rows)).containsExactly("2 n1 5 CPU 0.5");
    }

    @Test
    void shouldReadAGzippedJsonLinesFileWithTheTelegrafPreset() throws IOException {
        var file = dir.resolve("telegraf.jsonl.gz");
        try (var out = new GZIPOutputStream(Files.newOutputStream(file))) {
            out.write(MappingFixtures.resource("mapping/telegraf-sample.jsonl").getBytes(StandardCharsets.UTF_8));
            out.write("{\"name\":\"cpu\",\n".getBytes(StandardCharsets.UTF_8));
        }

        var reader = MappedTraceReader.open(file, Mapping.preset(Mapping.TELEGRAF_JSON), LineTraceReader.NO_LIMIT);
        var rows = readAll(reader);

        var t1 = Instant.ofEpochSecond(1_700_000_000L);
        var t2 = Instant.ofEpochSecond(1_700_000_010L);
        assertThat(rows.stream().filter(TraceRow.Parsed.class::isInstance)
                .map(row -> ((TraceRow.Parsed<UtilizationSample>) row).value())).containsExactly(
                sample("node-1", t1, Metric.CPU, 0.125),
                sample("node-1", t1, Metric.MEMORY, 0.375),
                sample("node-2", t2, Metric.CPU, 0.5),
                sample("node-2", t2, Metric.MEMORY, 0.25));
        assertThat(rows).filteredOn(TraceRow.Rejected.class::isInstance).singleElement()
                .satisfies(row -> assertThat(row.line()).isEqualTo(7));
        assertThat(reader.skippedLines()).isEqualTo(2);
        assertThat(reader.linesRead()).isEqualTo(7);
    }

    @Test
    void shouldReadOtlpExportsOnePerLine() throws IOException {
        var file = Files.writeString(dir.resolve("otlp.jsonl"),
                MappingFixtures.otlpHost("node-1", 1_000_000_000_000L, 0.5, 0.75, 0.25) + "\n"
                        + MappingFixtures.otlpHost("node-1", 2_000_000_000_000L, 0.25, 0.25, 0.5) + "\n");

        var rows = readAll(MappedTraceReader.open(file, Mapping.preset(Mapping.OTLP_JSON), LineTraceReader.NO_LIMIT));

        assertThat(describe(rows)).containsExactly("1 node-1 1000 CPU 0.375", "1 node-1 1000 MEMORY 0.25",
                "2 node-1 2000 CPU 0.75", "2 node-1 2000 MEMORY 0.5");
    }

    @Test
    void shouldRejectUnknownUnitsAsUnknownUnitAndCountThemInTheValidator() throws IOException {
        var mapping = Mapping.parse("""
                format: json
                host: h
                time: {field: t, unit: s}
                metrics:
                  - {metric: cpu, field: v, unitField: u}
                """, "units");
        var file = Files.writeString(dir.resolve("units.jsonl"), "{\"h\":\"n1\",\"t\":1,\"v\":50,\"u\":\"%\"}\n"
                + "{\"h\":\"n1\",\"t\":2,\"v\":50,\"u\":\"permille\"}\n"
                + "{\"h\":\"n1\",\"t\":3,\"v\":5,\"u\":\"percent\"}\n");
        var validator = SampleValidator.anyHost();

        var reader = MappedTraceReader.open(file, mapping, LineTraceReader.NO_LIMIT).countingUnknownUnitsIn(validator);
        var rows = readAll(ValidatingReader.of(reader, validator));

        assertThat(describe(rows)).containsExactly("1 n1 1 CPU 0.5",
                "2 rejected: UNKNOWN_UNIT: unknown unit 'permille' in field u for metric cpu; expected one of "
                        + "percent (%), fraction (1), bytes (By)",
                "3 n1 3 CPU 0.05");
        assertThat(reader.unknownUnitLines()).isEqualTo(1);
        assertThat(validator.summary().rejected(ValidationRule.UNKNOWN_UNIT)).isEqualTo(1);
        assertThat(validator.summary().accepted()).isEqualTo(2);
    }

    @Test
    void shouldStopAfterTheLimitOfSamples() throws IOException {
        var file = Files.writeString(dir.resolve("usage.csv"), """
                machine_id,time_stamp,cpu_util_percent,mem_used_bytes,mem_total_bytes
                m_1,100,25,1,4
                m_1,110,25,1,4
                m_1,120,25,1,4
                """);

        var reader = MappedTraceReader.open(file, Mapping.parse(CSV_MAPPING, "usage"), 3);
        var rows = readAll(reader);

        assertThat(describe(rows)).containsExactly("2 m_1 100 CPU 0.25", "2 m_1 100 MEMORY 0.25",
                "3 m_1 110 CPU 0.25");
        assertThat(reader.linesRead()).isEqualTo(3);
    }
}
