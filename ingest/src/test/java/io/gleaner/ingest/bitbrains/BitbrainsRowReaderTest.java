package io.gleaner.ingest.bitbrains;

import static io.gleaner.ingest.bitbrains.BitbrainsFixtures.HEADER;
import static io.gleaner.ingest.bitbrains.BitbrainsFixtures.row;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.ingest.bitbrains.BitbrainsRow.Resource;
import io.gleaner.ingest.trace.TraceInput;
import io.gleaner.ingest.trace.TraceRow;
import io.gleaner.schemas.avro.Metric;
import io.gleaner.schemas.avro.UtilizationSample;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class BitbrainsRowReaderTest {

    /** Line 2 of VM 306 in the bundled excerpts, copied from the trace. */
    private static final String VM_306_LINE_2 = "1375308176;\t2;\t5851.999032;\t3224.451466632;\t55.1;\t8353792.0;"
            + "\t352320.8;\t0.0;\t46.800000000000004;\t0.0;\t0.0";

    private static BitbrainsRowReader reader(String name, String... lines) {
        try {
            var bytes = (String.join("\n", lines) + "\n").getBytes(UTF_8);
            var input = TraceInput.of(name, new ByteArrayInputStream(bytes));
            return new BitbrainsRowReader(input, BitbrainsTraceReader.nodeId(name, ""));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<TraceRow<BitbrainsRow>> readAll(BitbrainsRowReader reader) {
        try (reader) {
            var rows = new ArrayList<TraceRow<BitbrainsRow>>();
            reader.forEachRemaining(rows::add);
            return rows;
        }
    }

    @Test
    void shouldGiveEveryFieldOfARealLineAsItsAbsoluteValue() {
        var reader = reader("306.csv", HEADER, VM_306_LINE_2);
        var rows = readAll(reader);

        assertThat(reader.headerLines()).isEqualTo(1);
        assertThat(rows).hasSize(1);
        var parsed = (TraceRow.Parsed<BitbrainsRow>) rows.get(0);
        assertThat(parsed.key()).isEqualTo("306");
        assertThat(parsed.line()).isEqualTo(2);
        assertThat(parsed.eventTime()).isEqualTo(Instant.parse("2013-07-31T22:02:56Z"));
        assertThat(parsed.value()).isEqualTo(new BitbrainsRow(1375308176L, 2, 5851.999032, 3224.451466632, 55.1,
                8353792.0, 352320.8, 0.0, 46.800000000000004, 0.0, 0.0));
        assertThat(parsed.value().usage(Resource.CPU)).isEqualTo(3224.451466632);
        assertThat(parsed.value().capacity(Resource.MEMORY)).isEqualTo(8353792.0);
        assertThat(parsed.value().rejection(Resource.CPU)).isEmpty();
        assertThat(parsed.value().rejection(Resource.MEMORY)).isEmpty();
    }

    @Test
    void shouldRejectAMalformedLineWithADeadLetterAndGoOn() {
        String bad = row(10, 100.0, 50.0, 100.0, 77.0).replace("77.0", "77f");
        var rows = readAll(reader("42.csv", HEADER, bad, row(20, 100.0, 50.0, 100.0, 50.0)));

        assertThat(rows).hasSize(2);
        var deadLetter = ((TraceRow.Rejected<BitbrainsRow>) rows.get(0)).deadLetter();
        assertThat(deadLetter.getReason()).isEqualTo("Memory usage [KB] must be a finite decimal number, was '77f'");
        assertThat(deadLetter.getSourceTopic()).isEqualTo("42.csv");
        assertThat(deadLetter.getOffset()).isEqualTo(2);
        assertThat(UTF_8.decode(deadLetter.getValue()).toString()).isEqualTo(bad);
        assertThat(((TraceRow.Parsed<BitbrainsRow>) rows.get(1)).value().timestampSeconds()).isEqualTo(20);
    }

    static Stream<Arguments> unusableResources() {
        return Stream.of(
                Arguments.of(Named.of("all-zero row", row(10, 0.0, 0.0, 0.0, 0.0)), true, true),
                Arguments.of(Named.of("negative CPU usage", row(10, 100.0, -1.0, 100.0, 50.0)), true, false),
                Arguments.of(Named.of("memory far above capacity", row(10, 100.0, 50.0, 100.0, 126.0)), false, true),
                Arguments.of(Named.of("CPU just above capacity", row(10, 100.0, 110.0, 100.0, 50.0)), false, false));
    }

    /** The row reader leaves a resource's rejection on the row, with the reason the sample reader dead-letters. */
    @ParameterizedTest
    @MethodSource("unusableResources")
    void shouldKeepTheRowAndGiveTheSameReasonsAsTheSampleReader(String line, boolean cpuRejected,
            boolean memoryRejected) {
        var rows = readAll(reader("42.csv", line));
        var samples = BitbrainsFixtures.readAll(BitbrainsFixtures.reader("42.csv", line));

        assertThat(rows).hasSize(1).allMatch(TraceRow.Parsed.class::isInstance);
        var row = ((TraceRow.Parsed<BitbrainsRow>) rows.get(0)).value();
        assertThat(row.rejection(Resource.CPU).isPresent()).isEqualTo(cpuRejected);
        assertThat(row.rejection(Resource.MEMORY).isPresent()).isEqualTo(memoryRejected);
        var reasons = new ArrayList<String>();
        row.rejection(Resource.CPU).ifPresent(reasons::add);
        row.rejection(Resource.MEMORY).ifPresent(reasons::add);
        assertThat(samples.stream().filter(TraceRow.Rejected.class::isInstance).map(BitbrainsFixtures::reason))
                .containsExactlyElementsOf(reasons);
    }

    @Test
    void shouldClampUsageAboveCapacityToTheCapacity() {
        // 10836.8 MHz used of 10400 provisioned (104.2%), as VM 193 reports on 2013-08-01.
        var row = ((BitbrainsLine.Row) BitbrainsLine.parse(BitbrainsFixtures.row(10, 10400.0, 10836.8, 100.0, 50.0),
                2)).row();

        assertThat(row.overCapacity(Resource.CPU)).isTrue();
        assertThat(row.usedOfCapacity(Resource.CPU)).isEqualTo(10400.0);
        assertThat(row.fraction(Resource.CPU)).isEqualTo(1.0);
        assertThat(row.overCapacity(Resource.MEMORY)).isFalse();
        assertThat(row.usedOfCapacity(Resource.MEMORY)).isEqualTo(50.0);
    }

    @Test
    void shouldTellTheHeaderOnlyOnTheFirstLine() {
        assertThat(BitbrainsLine.parse(HEADER, 1)).isInstanceOf(BitbrainsLine.Header.class);
        assertThat(BitbrainsLine.parse(HEADER, 2)).isInstanceOf(BitbrainsLine.Malformed.class);
    }

    /** Both readers go through one parser: the row reader's fractions are the sample reader's values, row by row. */
    @Test
    void shouldAgreeWithTheSampleReaderOnEveryRowOfABundledFile() throws IOException {
        var location = BitbrainsDirectoryReader.EXCERPT + "392.csv.gz";
        var fromRows = new ArrayList<Double>();
        long rows = 0;
        try (var reader = BitbrainsRowReader.open(location)) {
            assertThat(reader.vmId()).isEqualTo("392");
            while (reader.hasNext()) {
                var row = ((TraceRow.Parsed<BitbrainsRow>) reader.next()).value();
                rows++;
                for (var resource : Resource.values()) {
                    if (row.rejection(resource).isEmpty()) {
                        fromRows.add(row.fraction(resource));
                    }
                }
            }
        }
        var fromSamples = new ArrayList<Double>();
        try (var reader = BitbrainsTraceReader.open(location, "")) {
            while (reader.hasNext()) {
                if (reader.next() instanceof TraceRow.Parsed<UtilizationSample> parsed) {
                    var sample = parsed.value();
                    assertThat(sample.getMetric()).isIn(Metric.CPU, Metric.MEMORY);
                    fromSamples.add(sample.getValue());
                }
            }
        }

        assertThat(rows).isGreaterThan(500);
        assertThat(fromRows).hasSizeGreaterThan(1000).isEqualTo(fromSamples);
    }
}
