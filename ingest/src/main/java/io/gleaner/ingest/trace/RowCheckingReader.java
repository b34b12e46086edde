package io.gleaner.ingest.trace;

import io.gleaner.schemas.avro.DeadLetter;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Optional;

/**
 * A reader that passes the rows of another through one check: a parsed row the check refuses becomes a
 * {@link TraceRow.Rejected} row with the check's dead letter; every other row (rows the wrapped reader already rejected
 * included) comes out unchanged and in order. Holds one row at a time.
 *
 * @param <V> the record type of the wrapped reader
 */
public abstract class RowCheckingReader<V> extends ForwardingTraceReader<V> {

    private final TraceReader<V> delegate;

    /** @param delegate the reader to check; this reader owns it and closes it */
    protected RowCheckingReader(TraceReader<V> delegate) {
        this.delegate = Objects.requireNonNull(delegate, "delegate");
    }

    /** The dead letter of a row this reader refuses; empty to pass it on. */
    protected abstract Optional<DeadLetter> refuse(TraceRow.Parsed<V> parsed);

    @Override
    protected final TraceReader<?> source() {
        return delegate;
    }

    @Override
    public final boolean hasNext() {
        return delegate.hasNext();
    }

    @Override
    public final TraceRow<V> next() {
        if (!delegate.hasNext()) {
            throw new NoSuchElementException("no more rows in " + delegate.sourceName());
        }
        var row = delegate.next();
        if (!(row instanceof TraceRow.Parsed<V> parsed)) {
            return row;
        }
        return refuse(parsed).<TraceRow<V>>map(TraceRow.Rejected::new).orElse(row);
    }
}
