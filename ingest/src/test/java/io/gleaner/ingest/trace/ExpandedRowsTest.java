package io.gleaner.ingest.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gleaner.schemas.avro.DeadLetter;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;
import org.junit.jupiter.api.Test;

class ExpandedRowsTest {

    @Test
    void shouldYieldEveryRowOfALineWithItsLineNumberAndKeepARejectedLineOneRow() {
        // Line 1 yields two rows, line 2 none (e.g. a header), line 3 is rejected, line 4 yields one row.
        var rejected = new TraceRow.Rejected<List<TraceRow<String>>>(deadLetter(3));
        var lines = new FixedLines(List.of(
                parsed(1, List.of(row(1, "cpu"), row(1, "memory"))),
                parsed(2, List.of()),
                rejected,
                parsed(4, List.of(row(4, "cpu")))));

        var rows = new ArrayList<TraceRow<String>>();
        try (var expanded = new ExpandedRows<>(lines)) {
            expanded.forEachRemaining(rows::add);
            assertThatThrownBy(expanded::next).isInstanceOf(NoSuchElementException.class)
                    .hasMessageContaining("fixed");
        }

        assertThat(rows).extracting(TraceRow::line).containsExactly(1L, 1L, 3L, 4L);
        assertThat(rows.get(1)).isEqualTo(row(1, "memory"));
        assertThat(rows.get(2)).isInstanceOfSatisfying(TraceRow.Rejected.class,
                r -> assertThat(r.deadLetter()).isSameAs(rejected.deadLetter()));
        assertThat(lines.closed).isTrue();
    }

    private static TraceRow<String> row(long line, String value) {
        return new TraceRow.Parsed<>(line, Instant.ofEpochSecond(line), "node", value);
    }

    private static TraceRow<List<TraceRow<String>>> parsed(long line, List<TraceRow<String>> rows) {
        return new TraceRow.Parsed<>(line, Instant.ofEpochSecond(line), "node", rows);
    }

    private static DeadLetter deadLetter(long line) {
        return DeadLetter.newBuilder().setSourceTopic("fixed").setPartition(-1).setOffset(line)
                .setValue(ByteBuffer.wrap("bad".getBytes(StandardCharsets.UTF_8))).setReason("bad line")
                .setStage("ingest").setTime(Instant.EPOCH).build();
    }

    /** Lines given up front. */
    private static final class FixedLines implements TraceReader<List<TraceRow<String>>> {

        private final List<TraceRow<List<TraceRow<String>>>> lines;
        private int next;
        private boolean closed;

        FixedLines(List<TraceRow<List<TraceRow<String>>>> lines) {
            this.lines = lines;
        }

        @Override
        public boolean hasNext() {
            return next < lines.size();
        }

        @Override
        public TraceRow<List<TraceRow<String>>> next() {
            return lines.get(next++);
        }

        @Override
        public String sourceName() {
            return "fixed";
        }

        @Override
        public long linesRead() {
            return next;
        }

        @Override
        public long blankLines() {
            return 0;
        }

        @Override
        public void close() {
            closed = true;
        }
    }
}
