package io.gleaner.ingest.validation;

import static io.gleaner.ingest.validation.ValidationFixtures.cpu;
import static io.gleaner.ingest.validation.ValidationFixtures.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gleaner.ingest.trace.TraceRow;
import io.gleaner.schemas.avro.DeadLetter;
import io.gleaner.schemas.avro.UtilizationSample;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ValidatingReaderTest {

    @Test
    void shouldTurnInvalidRowsIntoRejectedRowsAndKeepValidOnesInOrder() {
        var a = cpu("n1", 0, 0.1);
        var b = cpu("n1", 300, 1.5);
        var c = cpu("n1", 600, 0.3);
        var d = cpu("n1", 600, 0.4);
        var e = cpu("n2", 0, 0.5);
        var source = new ValidationFixtures.ListReader<>(List.of(row(2, a), row(3, b), row(4, c), row(5, d), row(7,
                e)));

        List<TraceRow<UtilizationSample>> out = new ArrayList<>();
        try (var reader = ValidatingReader.of(source, SampleValidator.anyHost())) {
            reader.forEachRemaining(out::add);

            assertThat(reader.summary().accepted()).isEqualTo(3);
            assertThat(reader.summary().rejected(ValidationRule.OUT_OF_RANGE)).isEqualTo(1);
            assertThat(reader.summary().rejected(ValidationRule.DUPLICATE)).isEqualTo(1);
        }

        assertThat(out).extracting(TraceRow::line).containsExactly(2L, 3L, 4L, 5L, 7L);
        assertThat(out.get(0)).isEqualTo(row(2, a));
        assertThat(out.get(2)).isEqualTo(row(4, c));
        assertThat(out.get(4)).isEqualTo(row(7, e));
        var outOfRange = ((TraceRow.Rejected<UtilizationSample>) out.get(1)).deadLetter();
        assertThat(outOfRange.getSourceTopic()).isEqualTo("samples.csv");
        assertThat(outOfRange.getPartition()).isEqualTo(-1);
        assertThat(outOfRange.getOffset()).isEqualTo(3);
        assertThat(outOfRange.getReason()).startsWith("OUT_OF_RANGE: ").contains("1.5");
        assertThat(outOfRange.getStage()).isEqualTo("ingest");
        assertThat(outOfRange.getTime()).isEqualTo(b.getTime());
        assertThat(text(outOfRange.getKey().duplicate())).isEqualTo("n1");
        assertThat(text(outOfRange.getValue().duplicate())).contains("\"value\": 1.5").contains("\"nodeId\": \"n1\"");
        var duplicate = ((TraceRow.Rejected<UtilizationSample>) out.get(3)).deadLetter();
        assertThat(duplicate.getOffset()).isEqualTo(5);
        assertThat(duplicate.getReason()).startsWith("DUPLICATE: ");
    }

    @Test
    void shouldPassRowsTheWrappedReaderRejectedUntouchedAndUncounted() {
        var parseError = new TraceRow.Rejected<UtilizationSample>(DeadLetter.newBuilder()
                .setSourceTopic("samples.csv").setPartition(-1).setOffset(1).setReason("bad field")
                .setStage("ingest").setTime(Instant.EPOCH).build());
        var source = new ValidationFixtures.ListReader<>(List.of(parseError, row(2, cpu("n1", 0, 0.5))));
        var validator = SampleValidator.anyHost();

        List<TraceRow<UtilizationSample>> out = new ArrayList<>();
        ValidatingReader.of(source, validator).forEachRemaining(out::add);

        assertThat(out.get(0)).isSameAs(parseError);
        assertThat(out.get(1)).isInstanceOf(TraceRow.Parsed.class);
        assertThat(validator.summary().accepted()).isEqualTo(1);
        assertThat(validator.summary().rejectedTotal()).isZero();
    }

    @Test
    void shouldCheckOnlyRecordsThatCarryASample() {
        // A reader of strings: "skip" rows are not samples and pass unchecked; others map to a sample of node x.
        var source = new ValidationFixtures.ListReader<>(List.<TraceRow<String>>of(
                new TraceRow.Parsed<>(1, Instant.EPOCH, "k", "skip"),
                new TraceRow.Parsed<>(2, Instant.EPOCH, "k", "sample")));
        var reader = new ValidatingReader<>(source, new SampleValidator(Set.of("n1")),
                value -> value.equals("skip") ? null : cpu("x", 0, 0.5));

        var first = reader.next();
        var second = reader.next();

        assertThat(first).isInstanceOf(TraceRow.Parsed.class);
        assertThat(second).isInstanceOf(TraceRow.Rejected.class);
        assertThat(((TraceRow.Rejected<String>) second).reason()).startsWith("UNKNOWN_HOST: ");
        assertThat(reader.summary().rejected(ValidationRule.UNKNOWN_HOST)).isEqualTo(1);
        assertThat(reader.summary().accepted()).isZero();
    }

    @Test
    void shouldDelegatePositionAndCloseToTheWrappedReader() {
        var source = new ValidationFixtures.ListReader<>(List.of(row(1, cpu("n1", 0, 0.5))));
        var reader = ValidatingReader.of(source, SampleValidator.anyHost());

        reader.next();
        reader.close();

        assertThat(reader.sourceName()).isEqualTo("samples.csv");
        assertThat(reader.linesRead()).isEqualTo(1);
        assertThat(source.closed()).isTrue();
        assertThat(reader.hasNext()).isFalse();
        assertThatThrownBy(reader::next).isInstanceOf(NoSuchElementException.class);
    }

    private static String text(java.nio.ByteBuffer buffer) {
        var bytes = new byte[buffer.remaining()];
        buffer.get(bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
