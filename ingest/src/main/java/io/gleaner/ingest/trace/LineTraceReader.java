package io.gleaner.ingest.trace;

import io.gleaner.schemas.InputChecks;
import io.gleaner.runtime.DeadLetters;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;
import java.util.NoSuchElementException;
import java.util.Objects;

/**
 * A trace with one record per line: reads lines, skips and counts blank ones, rejects lines that are too
 * long or not UTF-8, hands the rest to {@link #parse}, rejects a parsed record of an input topic that breaks the
 * topic's field rules ({@link InputChecks}, with its reason), and stops after {@code limit} parsed rows without
 * reading further. A subclass only parses one line.
 *
 * @param <V> the record type
 */
public abstract class LineTraceReader<V> implements TraceReader<V> {

    /** Longest line kept by default; a longer line is rejected with its first bytes. */
    public static final int DEFAULT_MAX_LINE_BYTES = 64 * 1024;

    /** Value of {@code limit} that reads the whole trace. */
    public static final long NO_LIMIT = Long.MAX_VALUE;

    /** The stage name dead letters from trace readers carry. */
    public static final String STAGE = "ingest";

    private final String sourceName;
    private final LineReader lines;
    private final long limit;
    private final int maxLineBytes;
    private long parsed;
    private long blankLines;
    private TraceRow<V> pending;
    private boolean closed;

    /**
     * @param input the trace; this reader owns it and closes it
     * @param limit most parsed rows to yield (rejected rows do not count); {@link #NO_LIMIT} for all
     * @param maxLineBytes longest line kept, in bytes
     */
    protected LineTraceReader(TraceInput input, long limit, int maxLineBytes) {
        Objects.requireNonNull(input, "input");
        if (limit < 0) {
            throw new IllegalArgumentException("limit must be >= 0, was " + limit);
        }
        this.sourceName = input.name();
        this.lines = new LineReader(input.stream(), maxLineBytes);
        this.limit = limit;
        this.maxLineBytes = maxLineBytes;
    }

    /**
     * Turns one non-blank line into a row: a {@link TraceRow.Parsed}, or {@link #rejected} with a reason
     * that names the field and its bad value.
     *
     * @param line the line, without its line end
     * @param lineNumber its number, from 1
     */
    protected abstract TraceRow<V> parse(String line, long lineNumber);

    /**
     * A rejection of the line being parsed: its dead letter carries this trace's name as the source,
     * partition -1, the line number as the offset, the line's raw bytes as the value, the reason, stage
     * {@value #STAGE} and time 0. Call it only from {@link #parse}.
     */
    protected final TraceRow.Rejected<V> rejected(long lineNumber, String reason) {
        var deadLetter = DeadLetters.of(sourceName, -1, lineNumber, null, DeadLetters.Raw.value(lines.bytes()), 0,
                reason, STAGE);
        return new TraceRow.Rejected<>(deadLetter);
    }

    @Override
    public final boolean hasNext() {
        if (pending != null) {
            return true;
        }
        if (closed) {
            return false;
        }
        if (parsed >= limit) {
            close();
            return false;
        }
        try {
            while (lines.next()) {
                var row = read();
                if (row != null) {
                    if (row instanceof TraceRow.Parsed) {
                        parsed++;
                    }
                    pending = row;
                    return true;
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "reading " + sourceName + " after line " + lines.lineNumber() + " failed", e);
        }
        close();
        return false;
    }

    @Override
    public final TraceRow<V> next() {
        if (!hasNext()) {
            throw new NoSuchElementException("no more rows in " + sourceName);
        }
        var row = pending;
        pending = null;
        return row;
    }

    private TraceRow<V> read() {
        long number = lines.lineNumber();
        if (lines.truncated()) {
            return rejected(number, "line is longer than " + maxLineBytes + " bytes; its first "
                    + maxLineBytes + " bytes are kept");
        }
        String text;
        try {
            text = lines.text();
        } catch (CharacterCodingException e) {
            return rejected(number, "line is not valid UTF-8");
        }
        if (text.isBlank()) {
            blankLines++;
            return null;
        }
        var row = parse(text, number);
        if (row instanceof TraceRow.Parsed<V> parsed) {
            // The topic's field rules, as every stage that reads it applies them: a row past a limit (a job of
            // millions of tasks, a string too long) is rejected here rather than replayed and dead-lettered by each.
            var violation = InputChecks.DEFAULT.violation(parsed.value());
            if (violation.isPresent()) {
                return rejected(number, violation.get());
            }
        }
        return row;
    }

    @Override
    public final String sourceName() {
        return sourceName;
    }

    @Override
    public final long linesRead() {
        return lines.lineNumber();
    }

    @Override
    public final long blankLines() {
        return blankLines;
    }

    @Override
    public final void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            lines.close();
        } catch (IOException e) {
            throw new UncheckedIOException("closing " + sourceName + " failed", e);
        }
    }
}
