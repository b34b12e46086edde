package io.gleaner.ingest.bitbrains;

import static io.gleaner.ingest.bitbrains.BitbrainsFixtures.HEADER;
import static io.gleaner.ingest.bitbrains.BitbrainsFixtures.readAll;
import static io.gleaner.ingest.bitbrains.BitbrainsFixtures.reader;
import static io.gleaner.ingest.bitbrains.BitbrainsFixtures.reason;
import static io.gleaner.ingest.bitbrains.BitbrainsFixtures.row;
import static io.gleaner.ingest.bitbrains.BitbrainsFixtures.sample;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.gleaner.ingest.trace.TraceRow;
import io.gleaner.schemas.avro.Metric;
import io.gleaner.schemas.avro.UsageSource;
import io.gleaner.schemas.avro.UtilizationSample;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class BitbrainsTraceReaderTest {

    @Test
    void shouldMapARowToACpuAndAMemorySampleOfTheOwners() {
        var rows = readAll(reader("407.csv.gz", HEADER, row(1375308176, 10400.0, 2600.0, 4000.0, 1000.0)));

        assertThat(rows).hasSize(2);
        var cpu = sample(rows.get(0));
        var memory = sample(rows.get(1));
        // 2600 / 10400 MHz = 0.25; 1000 / 4000 KB = 0.25; 1375308176 s is 2013-07-31T22:02:56Z.
        var time = Instant.parse("2013-07-31T22:02:56Z");
        assertThat(cpu).isEqualTo(UtilizationSample.newBuilder().setNodeId("407").setTime(time)
                .setMetric(Metric.CPU).setSource(UsageSource.REGULAR).setValue(0.25).build());
        assertThat(memory).isEqualTo(UtilizationSample.newBuilder().setNodeId("407").setTime(time)
                .setMetric(Metric.MEMORY).setSource(UsageSource.REGULAR).setValue(0.25).build());
        assertThat(rows).extracting(TraceRow::line).containsExactly(2L, 2L);
        assertThat(((TraceRow.Parsed<UtilizationSample>) rows.get(0)).key()).isEqualTo("407");
        assertThat(((TraceRow.Parsed<UtilizationSample>) rows.get(0)).eventTime()).isEqualTo(time);
    }

    @Test
    void shouldSkipTheHeaderOnlyOnTheFirstLine() {
        var reader = reader("1.csv", HEADER, row(10, 1, 0.5, 1, 0.5), HEADER);
        var rows = readAll(reader);

        assertThat(reader.headerLines()).isEqualTo(1);
        assertThat(reader.linesRead()).isEqualTo(3);
        assertThat(rows).hasSize(3);
        assertThat(reason(rows.get(2))).contains("Timestamp must be whole Unix seconds").contains("Timestamp [ms]");
    }

    @Test
    void shouldReadAFileWithoutHeader() {
        var reader = reader("1.csv", row(10, 1, 0.5, 1, 0.5));

        assertThat(readAll(reader)).hasSize(2).allMatch(TraceRow.Parsed.class::isInstance);
        assertThat(reader.headerLines()).isZero();
    }

    @Test
    void shouldClampUsageSlightlyAboveCapacityAndCountIt() {
        // 10836.8 MHz used of 10400 provisioned (104.2%), as VM 193 reports on 2013-08-01.
        var reader = reader("193.csv.gz", HEADER, row(10, 10400.0, 10836.8, 100.0, 100.0));
        var rows = readAll(reader);

        assertThat(sample(rows.get(0)).getValue()).isEqualTo(1.0);
        assertThat(sample(rows.get(1)).getValue()).isEqualTo(1.0); // usage equal to capacity: not clamped
        assertThat(reader.clampedSamples()).isEqualTo(1);
    }

    @Test
    void shouldAcceptUsageAtExactlyTheClampLimit() {
        var reader = reader("1.csv", row(10, 100.0, 125.0, 100.0, 0.0));
        var rows = readAll(reader);

        assertThat(sample(rows.get(0)).getValue()).isEqualTo(1.0);
        assertThat(sample(rows.get(1)).getValue()).isEqualTo(0.0);
    }

    static Stream<Arguments> rejectedRows() {
        String good = row(10, 100.0, 50.0, 100.0, 50.0);
        return Stream.of(
                Arguments.of(Named.of("ten fields", good.substring(0, good.lastIndexOf(';'))), "found 10"),
                Arguments.of(Named.of("twelve fields", good + ";\t0.0"), "found 12"),
                Arguments.of(Named.of("timestamp in ms with a fraction", good.replaceFirst("^10", "10.5")),
                        "Timestamp must be whole Unix seconds, was '10.5'"),
                Arguments.of(Named.of("negative timestamp", good.replaceFirst("^10", "-10")),
                        "Timestamp must be in [0, 9223372036854775] seconds, was -10"),
                Arguments.of(Named.of("timestamp beyond epoch milliseconds", good.replaceFirst("^10",
                        "9223372036854776")),
                        "was 9223372036854776"),
                Arguments.of(Named.of("text in CPU cores", good.replaceFirst(";\t4;", ";\tfour;")),
                        "CPU cores must be a finite decimal number, was 'four'"),
                Arguments.of(Named.of("NaN in disk read", row(10, 100.0, 50.0, 100.0, 50.0).replaceFirst(
                        ";\t0\\.0;", ";\tNaN;")),
                                "Disk read throughput [KB/s] must be a finite decimal number, was 'NaN'"),
                Arguments.of(Named.of("Infinity in CPU capacity", good.replace("100.0;\t50.0;\t50.0",
                        "Infinity;\t50.0;\t50.0")),
                        "CPU capacity provisioned [MHz] must be a finite decimal number, was 'Infinity'"),
                Arguments.of(Named.of("overflowing network value", good.substring(0,
                        good.lastIndexOf('\t') + 1) + "1e999"),
                        "Network transmitted throughput [KB/s] must be a finite decimal number, was '1e999'"),
                Arguments.of(Named.of("empty memory usage", row(10, 100.0, 50.0, 100.0, 77.0).replace("77.0", "")),
                        "Memory usage [KB] must be a finite decimal number, was ''"),
                Arguments.of(Named.of("float suffix", row(10, 100.0, 50.0, 100.0, 77.0).replace("77.0", "77f")),
                        "Memory usage [KB] must be a finite decimal number, was '77f'"));
    }

    @ParameterizedTest
    @MethodSource("rejectedRows")
    void shouldRejectAMalformedRowWithOneDeadLetterAndGoOn(String line, String reason) {
        var rows = readAll(reader("42.csv.gz", HEADER, line, row(20, 100.0, 50.0, 100.0, 50.0)));

        assertThat(rows).hasSize(3);
        var deadLetter = ((TraceRow.Rejected<UtilizationSample>) rows.get(0)).deadLetter();
        assertThat(deadLetter.getReason()).contains(reason);
        assertThat(deadLetter.getSourceTopic()).isEqualTo("42.csv.gz");
        assertThat(deadLetter.getPartition()).isEqualTo(-1);
        assertThat(deadLetter.getOffset()).isEqualTo(2);
        assertThat(StandardCharsets.UTF_8.decode(deadLetter.getValue()).toString()).isEqualTo(line);
        assertThat(deadLetter.getStage()).isEqualTo("ingest");
        assertThat(rows.get(1)).isInstanceOf(TraceRow.Parsed.class);
        assertThat(rows.get(2)).isInstanceOf(TraceRow.Parsed.class);
    }

    static Stream<Arguments> rejectedMetrics() {
        return Stream.of(
                Arguments.of(Named.of("zero CPU capacity", row(10, 0.0, 0.0, 100.0, 50.0)), Metric.MEMORY,
                        "CPU capacity provisioned [MHz] must be > 0, was 0.0; no CPU sample"),
                Arguments.of(Named.of("negative CPU usage", row(10, 100.0, -1.0, 100.0, 50.0)), Metric.MEMORY,
                        "CPU usage [MHz] must be >= 0, was -1.0; no CPU sample"),
                Arguments.of(Named.of("CPU usage far above capacity", row(10, 100.0, 125.5, 100.0, 50.0)),
                        Metric.MEMORY,
                        "CPU usage [MHz] 125.5 is more than 1.25 times CPU capacity provisioned [MHz] 100.0;"
                                + " no CPU sample"),
                Arguments.of(Named.of("zero memory capacity", row(10, 100.0, 50.0, 0.0, 0.0)), Metric.CPU,
                        "Memory capacity provisioned [KB] must be > 0, was 0.0; no MEMORY sample"),
                Arguments.of(Named.of("negative memory capacity", row(10, 100.0, 50.0, -4.0, 0.0)), Metric.CPU,
                        "Memory capacity provisioned [KB] must be > 0, was -4.0; no MEMORY sample"),
                Arguments.of(Named.of("negative memory usage", row(10, 100.0, 50.0, 100.0, -0.5)), Metric.CPU,
                        "Memory usage [KB] must be >= 0, was -0.5; no MEMORY sample"));
    }

    @ParameterizedTest
    @MethodSource("rejectedMetrics")
    void shouldRejectOneMetricAndKeepTheOther(String line, Metric kept, String reason) {
        var rows = readAll(reader("42.csv.gz", line));

        assertThat(rows).hasSize(2);
        var rejected = rows.stream().filter(TraceRow.Rejected.class::isInstance).toList();
        var parsed = rows.stream().filter(TraceRow.Parsed.class::isInstance).toList();
        assertThat(rejected).hasSize(1);
        assertThat(reason(rejected.get(0))).isEqualTo(reason);
        assertThat(rejected.get(0).line()).isEqualTo(1);
        assertThat(parsed).hasSize(1);
        assertThat(sample(parsed.get(0)).getMetric()).isEqualTo(kept);
        assertThat(sample(parsed.get(0)).getValue()).isEqualTo(0.5);
    }

    @Test
    void shouldRejectBothMetricsOfAnAllZeroRow() {
        // The trace's unmeasured rows look like this (VM 126, 2013-07-31).
        var rows = readAll(reader("126.csv.gz", HEADER,
                "1375308176;\t0;\t0.0;\t0.0;\t0.0;\t0.0;\t0.0;\t0.0;\t0.0;\t0.0;\t0.0"));

        assertThat(rows).hasSize(2).allMatch(TraceRow.Rejected.class::isInstance);
        assertThat(reason(rows.get(0))).contains("no CPU sample");
        assertThat(reason(rows.get(1))).contains("no MEMORY sample");
    }

    @Test
    void shouldCountBlankLinesAndYieldNothingForThem() {
        var reader = reader("1.csv", HEADER, "", row(10, 1, 0.5, 1, 0.5), "   ");
        var rows = readAll(reader);

        assertThat(rows).hasSize(2);
        assertThat(reader.blankLines()).isEqualTo(2);
    }

    @Test
    void shouldNameTheNodeAfterTheFileWithAnOptionalPrefix() {
        assertThat(BitbrainsTraceReader.nodeId("407.csv.gz", "")).isEqualTo("407");
        assertThat(BitbrainsTraceReader.nodeId("407.csv", "bitbrains-")).isEqualTo("bitbrains-407");
        assertThat(BitbrainsTraceReader.nodeId("vm7", "")).isEqualTo("vm7");
        assertThatThrownBy(() -> BitbrainsTraceReader.nodeId(".csv.gz", ""))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(".csv.gz");
    }

    @Test
    void shouldOpenAGzipFileAndNameSamplesWithThePrefix(@TempDir Path dir) throws IOException {
        var file = BitbrainsFixtures.gzip(dir.resolve("7.csv.gz"), HEADER, row(10, 200, 50, 100, 10));

        var rows = readAll(BitbrainsTraceReader.open(file, "bb-"));

        assertThat(rows).extracting(r -> sample(r).getNodeId()).containsExactly("bb-7", "bb-7");
        assertThat(sample(rows.get(0)).getValue()).isEqualTo(0.25);
        assertThat(sample(rows.get(1)).getValue()).isCloseTo(0.1, within(1e-12));
    }

    @Test
    void shouldReadARealVmFileAsAnIndependentCountPredicts() throws IOException {
        var file = BitbrainsFixtures.RND_2013_8.resolve("407.csv.gz");
        assumeTrue(Files.isRegularFile(file), "the Bitbrains Rnd trace is not on this machine");
        var expected = BitbrainsFixtures.Expected.of(file);

        long samples = 0;
        long rejected = 0;
        Instant previous = Instant.MIN;
        boolean inOrder = true;
        boolean inRange = true;
        try (var reader = BitbrainsTraceReader.open(file, "")) {
            while (reader.hasNext()) {
                var row = reader.next();
                if (row instanceof TraceRow.Parsed<UtilizationSample> parsed) {
                    samples++;
                    var value = parsed.value().getValue();
                    inRange &= value >= 0 && value <= 1;
                    inOrder &= !parsed.eventTime().isBefore(previous);
                    previous = parsed.eventTime();
                } else {
                    rejected++;
                }
            }
            assertThat(reader.clampedSamples()).isEqualTo(expected.clamped());
            assertThat(reader.linesRead()).isEqualTo(expected.rows() + 1);
        }

        assertThat(expected.rows()).isGreaterThan(8000);
        assertThat(samples).isEqualTo(expected.samples());
        assertThat(rejected).isEqualTo(expected.rejectedMetrics());
        assertThat(inOrder).isTrue();
        assertThat(inRange).isTrue();
    }
}
