package io.gleaner.ingest.replay;

import io.gleaner.ingest.trace.ForwardingTraceReader;
import io.gleaner.ingest.trace.TraceReader;
import io.gleaner.ingest.trace.TraceRow;
import io.gleaner.schemas.avro.DeadLetter;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.NoSuchElementException;
import java.util.Objects;

/**
 * The rows of a trace inside a {@link ReplayWindow} whose key a {@link KeySampler} keeps; the others are
 * skipped and counted, window first. A parsed row is judged by its event time and key; a rejected row by
 * its dead letter's time and key when it has them (a time of 0 means unknown), and kept when it has not,
 * since nothing says it falls outside. Durations in the window count from the event time of the first
 * parsed row read, kept or not; rejected rows before it are not windowed.
 *
 * <p>Holds one row at a time. Closing it closes the wrapped reader.
 *
 * @param <V> the record type
 */
final class SelectedRows<V> extends ForwardingTraceReader<V> {

    private final TraceReader<V> rows;
    private final ReplayWindow window;
    private final KeySampler sampler;
    private ReplayWindow.Resolved resolved;
    private TraceRow<V> pending;
    private long read;
    private long skippedByWindow;
    private long skippedBySampling;
    private long skippedParsed;

    SelectedRows(TraceReader<V> rows, ReplayWindow window, KeySampler sampler) {
        this.rows = Objects.requireNonNull(rows, "rows");
        this.window = Objects.requireNonNull(window, "window");
        this.sampler = Objects.requireNonNull(sampler, "sampler");
    }

    @Override
    public boolean hasNext() {
        while (pending == null && rows.hasNext()) {
            var row = rows.next();
            read++;
            if (keeps(row)) {
                pending = row;
            }
        }
        return pending != null;
    }

    @Override
    public TraceRow<V> next() {
        if (!hasNext()) {
            throw new NoSuchElementException("no more rows in " + rows.sourceName());
        }
        var row = pending;
        pending = null;
        return row;
    }

    private boolean keeps(TraceRow<V> row) {
        if (row instanceof TraceRow.Parsed<V> parsed) {
            if (resolved == null) {
                resolved = window.resolve(parsed.eventTime());
            }
            if (!resolved.contains(parsed.eventTime())) {
                skippedByWindow++;
                skippedParsed++;
                return false;
            }
            if (!sampler.keeps(parsed.key())) {
                skippedBySampling++;
                skippedParsed++;
                return false;
            }
            return true;
        }
        var deadLetter = ((TraceRow.Rejected<V>) row).deadLetter();
        var eventTime = eventTimeOf(deadLetter);
        if (resolved != null && eventTime != null && !resolved.contains(eventTime)) {
            skippedByWindow++;
            return false;
        }
        var key = keyOf(deadLetter);
        if (key != null && !sampler.keeps(key)) {
            skippedBySampling++;
            return false;
        }
        return true;
    }

    /** The dead letter's event time, or null when it does not know it (time 0). */
    private static Instant eventTimeOf(DeadLetter deadLetter) {
        var time = deadLetter.getTime();
        return time == null || time.equals(Instant.EPOCH) ? null : time;
    }

    /** The dead letter's key as text, or null when it has none. */
    private static String keyOf(DeadLetter deadLetter) {
        var key = deadLetter.getKey();
        return key == null ? null : StandardCharsets.UTF_8.decode(key.duplicate()).toString();
    }

    /** Rows taken from the wrapped reader so far, kept or skipped. */
    long read() {
        return read;
    }

    long skippedByWindow() {
        return skippedByWindow;
    }

    long skippedBySampling() {
        return skippedBySampling;
    }

    /** Parsed rows skipped, by window or sample. */
    long skippedParsed() {
        return skippedParsed;
    }

    @Override
    protected TraceReader<?> source() {
        return rows;
    }
}
