package io.gleaner.ingest.bitbrains;

import io.gleaner.ingest.trace.ExpandedRows;
import io.gleaner.ingest.trace.ForwardingTraceReader;
import io.gleaner.ingest.trace.LineTraceReader;
import io.gleaner.ingest.trace.TraceInput;
import io.gleaner.ingest.trace.TraceReader;
import io.gleaner.ingest.trace.TraceRow;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * What {@link BitbrainsTraceReader} and {@link BitbrainsRowReader} share: one VM's file read line by line, each
 * line parsed by {@link BitbrainsLine#parse}; the header yields nothing and is counted in {@link #headerLines()},
 * a malformed line becomes one {@link TraceRow.Rejected}, and a row becomes what {@link #expand} makes of it.
 *
 * <p>One line and what it expands to are held at a time. Not thread-safe.
 *
 * @param <V> the record type of the rows
 */
abstract class BitbrainsReader<V> extends ForwardingTraceReader<V> {

    private final String key;
    private final Lines lines;
    private final ExpandedRows<V> rows;
    private long headerLines;

    /**
     * @param input   one VM's trace; the reader owns and closes it
     * @param key     the key of every row
     * @param keyName the key's name in the messages of a null or blank key, e.g. {@code "nodeId"}
     */
    BitbrainsReader(TraceInput input, String key, String keyName) {
        Objects.requireNonNull(input, "input");
        Objects.requireNonNull(key, keyName);
        if (key.isBlank()) {
            throw new IllegalArgumentException(keyName + " must not be blank");
        }
        this.key = key;
        this.lines = new Lines(input);
        this.rows = new ExpandedRows<>(lines);
    }

    /**
     * The rows one parsed line yields, in order; called once per line that is neither the header nor malformed.
     *
     * @param lineNumber the line's number, from 1
     * @param row        the line's row
     */
    abstract List<TraceRow<V>> expand(long lineNumber, BitbrainsRow row);

    /** The key of every row. */
    final String key() {
        return key;
    }

    /**
     * A rejection of the line being expanded, with the dead letter {@link LineTraceReader} gives a rejected line
     * (source = the file name, partition -1, offset = line number, value = the raw line). Call it only from
     * {@link #expand}.
     */
    final TraceRow.Rejected<V> rejectedRow(long lineNumber, String reason) {
        return new TraceRow.Rejected<>(lines.rejectedLine(lineNumber, reason).deadLetter());
    }

    /** Header lines skipped: 1 when the file has its header, else 0. */
    public final long headerLines() {
        return headerLines;
    }

    @Override
    public final boolean hasNext() {
        return rows.hasNext();
    }

    @Override
    public final TraceRow<V> next() {
        return rows.next();
    }

    @Override
    protected TraceReader<?> source() {
        return rows;
    }

    /** The file's lines, each parsed by {@link BitbrainsLine#parse} into the rows it yields (none for the header). */
    private final class Lines extends LineTraceReader<List<TraceRow<V>>> {

        Lines(TraceInput input) {
            super(input, NO_LIMIT, DEFAULT_MAX_LINE_BYTES);
        }

        @Override
        protected TraceRow<List<TraceRow<V>>> parse(String line, long lineNumber) {
            var parsed = BitbrainsLine.parse(line, lineNumber);
            if (parsed instanceof BitbrainsLine.Header) {
                headerLines++;
                return new TraceRow.Parsed<>(lineNumber, Instant.EPOCH, key, List.of());
            }
            if (parsed instanceof BitbrainsLine.Malformed malformed) {
                return rejected(lineNumber, malformed.reason());
            }
            var row = ((BitbrainsLine.Row) parsed).row();
            return new TraceRow.Parsed<>(lineNumber, row.time(), key, expand(lineNumber, row));
        }

        TraceRow.Rejected<List<TraceRow<V>>> rejectedLine(long lineNumber, String reason) {
            return rejected(lineNumber, reason);
        }
    }
}
