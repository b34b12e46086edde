package io.gleaner.ingest.trace;

/**
 * A reader built over another one, its {@link #source()}: it reads the source's lines, so its name, its line counts
 * and its closing are the source's. A subclass says which rows it yields.
 *
 * @param <V> the record type of the rows
 */
public abstract class ForwardingTraceReader<V> implements TraceReader<V> {

    /** The reader whose lines this one reads. */
    protected abstract TraceReader<?> source();

    @Override
    public String sourceName() {
        return source().sourceName();
    }

    @Override
    public long linesRead() {
        return source().linesRead();
    }

    @Override
    public long blankLines() {
        return source().blankLines();
    }

    @Override
    public void close() {
        source().close();
    }
}
