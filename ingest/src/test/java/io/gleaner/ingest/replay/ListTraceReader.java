package io.gleaner.ingest.replay;

import io.gleaner.ingest.trace.TraceReader;
import io.gleaner.ingest.trace.TraceRow;
import java.util.Iterator;
import java.util.List;

/** A {@link TraceReader} over rows made in a test. */
final class ListTraceReader<V> implements TraceReader<V> {

    private final Iterator<TraceRow<V>> rows;
    private final long blankLines;
    private long read;
    private boolean closed;

    ListTraceReader(List<TraceRow<V>> rows, long blankLines) {
        this.rows = List.copyOf(rows).iterator();
        this.blankLines = blankLines;
    }

    @Override
    public boolean hasNext() {
        return rows.hasNext();
    }

    @Override
    public TraceRow<V> next() {
        read++;
        return rows.next();
    }

    @Override
    public String sourceName() {
        return "list";
    }

    @Override
    public long linesRead() {
        return read;
    }

    @Override
    public long blankLines() {
        return blankLines;
    }

    @Override
    public void close() {
        closed = true;
    }

    boolean closed() {
        return closed;
    }
}
