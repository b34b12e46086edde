package io.gleaner.ingest.trace;

import java.util.Objects;
import java.util.function.UnaryOperator;

/**
 * The rows of another reader, each passed through a function, one for one and in order (e.g. {@code gleaner replay}
 * giving each job a deadline before it is sent).
 *
 * @param <V> the record type of the rows
 */
public final class MappedRows<V> extends ForwardingTraceReader<V> {

    private final TraceReader<V> rows;
    private final UnaryOperator<TraceRow<V>> map;

    /** @param rows the reader to map; this reader owns it and closes it */
    public MappedRows(TraceReader<V> rows, UnaryOperator<TraceRow<V>> map) {
        this.rows = Objects.requireNonNull(rows, "rows");
        this.map = Objects.requireNonNull(map, "map");
    }

    @Override
    public boolean hasNext() {
        return rows.hasNext();
    }

    @Override
    public TraceRow<V> next() {
        return map.apply(rows.next());
    }

    @Override
    protected TraceReader<?> source() {
        return rows;
    }
}
