package io.gleaner.ingest.trace;

import java.util.Iterator;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * A trace read one row at a time: an iterator over {@link TraceRow}s that owns its input and closes it.
 *
 * <p>{@link #hasNext()} and {@link #next()} throw {@link java.io.UncheckedIOException} when the input
 * itself fails (a disk error, a truncated gzip stream); bad data never throws, it becomes a
 * {@link TraceRow.Rejected}.
 *
 * @param <V> the record type
 */
public interface TraceReader<V> extends Iterator<TraceRow<V>>, AutoCloseable {

    /** Name of the trace, e.g. its file name; dead letters carry it as their source topic. */
    String sourceName();

    /** Lines read so far, blank ones included. */
    long linesRead();

    /** Blank lines read so far; they are skipped and yield no row. */
    long blankLines();

    /** Closes the input. Safe to call more than once. */
    @Override
    void close();

    /** The remaining rows as a sequential stream; closing the stream closes this reader. */
    default Stream<TraceRow<V>> stream() {
        var spliterator = Spliterators.spliteratorUnknownSize(this, Spliterator.ORDERED | Spliterator.NONNULL);
        return StreamSupport.stream(spliterator, false).onClose(this::close);
    }
}
