package io.gleaner.ingest.trace;

import java.util.ArrayDeque;
import java.util.List;
import java.util.NoSuchElementException;

/**
 * The rows of a reader whose every line parses into several rows (e.g. a host's CPU and memory samples), one at a
 * time: each row keeps its line's number, and a rejected line stays one rejected row.
 *
 * @param <V> the record type of the rows
 */
public final class ExpandedRows<V> extends ForwardingTraceReader<V> {

    private final TraceReader<List<TraceRow<V>>> lines;
    private final ArrayDeque<TraceRow<V>> pending = new ArrayDeque<>();

    /** @param lines the reader of whole lines, each parsed into the rows it yields (none is fine) */
    public ExpandedRows(TraceReader<List<TraceRow<V>>> lines) {
        this.lines = lines;
    }

    @Override
    public boolean hasNext() {
        while (pending.isEmpty()) {
            if (!lines.hasNext()) {
                return false;
            }
            var row = lines.next();
            if (row instanceof TraceRow.Parsed<List<TraceRow<V>>> parsed) {
                pending.addAll(parsed.value());
            } else {
                pending.add(new TraceRow.Rejected<>(((TraceRow.Rejected<?>) row).deadLetter()));
            }
        }
        return true;
    }

    @Override
    public TraceRow<V> next() {
        if (!hasNext()) {
            throw new NoSuchElementException("no more rows in " + sourceName());
        }
        return pending.poll();
    }

    @Override
    protected TraceReader<?> source() {
        return lines;
    }

    @Override
    public void close() {
        pending.clear();
        super.close();
    }
}
