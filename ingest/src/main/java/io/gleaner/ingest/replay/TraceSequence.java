package io.gleaner.ingest.replay;

import io.gleaner.ingest.trace.TraceReader;
import io.gleaner.ingest.trace.TraceRow;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Objects;

/**
 * Several trace files read one after another as one trace, e.g. the parts of a Google cluster-data table
 * ({@code part-00000-of-00500.csv.gz}, ...) in name order, which is time order. Each file is opened when the
 * one before it is done, so one file is open at a time; each file's dead letters name that file and its
 * line. Reading stops after {@code limit} parsed rows over all files.
 *
 * @param <V> the record type
 */
public final class TraceSequence<V> implements TraceReader<V> {

    /** Opens one file of the sequence. */
    @FunctionalInterface
    public interface Opener<V> {
        /** Opens a location: a path, or whatever the reader takes ({@code classpath:...}). */
        TraceReader<V> open(String location) throws IOException;
    }

    private final String sourceName;
    private final List<String> files;
    private final Opener<V> opener;
    private final long limit;
    private TraceReader<V> current;
    private int next;
    private long parsed;
    private long linesBefore;
    private long blankLinesBefore;
    private boolean closed;

    /**
     * @param sourceName the sequence's name, e.g. the directory's
     * @param files the files in the order to read them
     * @param opener opens one file as a reader
     * @param limit most parsed rows to yield in all; {@code Long.MAX_VALUE} for all
     */
    public TraceSequence(String sourceName, List<String> files, Opener<V> opener, long limit) {
        this(sourceName, files, opener, limit, null);
    }

    private TraceSequence(String sourceName, List<String> files, Opener<V> opener, long limit, TraceReader<V> first) {
        this.sourceName = Objects.requireNonNull(sourceName, "sourceName");
        this.files = List.copyOf(files);
        this.opener = Objects.requireNonNull(opener, "opener");
        if (limit < 0) {
            throw new IllegalArgumentException("limit must be >= 0, was " + limit);
        }
        this.limit = limit;
        if (first != null) {
            current = first;
            next = 1;
        }
    }

    /**
     * One location read to at most {@code limit} parsed rows, under the name its reader gives it: for
     * readers that take no limit of their own.
     *
     * @throws IOException if it cannot be opened
     */
    public static <V> TraceSequence<V> of(String location, Opener<V> opener, long limit) throws IOException {
        var reader = opener.open(location);
        return new TraceSequence<>(reader.sourceName(), List.of(location), opener, limit, reader);
    }

    /**
     * The files of a directory to read as one trace: its regular files whose names do not start with a dot,
     * in name order.
     *
     * @throws IOException if the directory cannot be listed
     */
    public static List<String> files(Path directory) throws IOException {
        try (var listing = Files.list(directory)) {
            return listing.filter(Files::isRegularFile)
                    .filter(path -> !path.getFileName().toString().startsWith("."))
                    .sorted()
                    .map(Path::toString)
                    .toList();
        }
    }

    @Override
    public boolean hasNext() {
        if (closed || parsed >= limit) {
            return false;
        }
        while (current == null || !current.hasNext()) {
            if (current != null) {
                finishCurrent();
            }
            if (next == files.size()) {
                return false;
            }
            try {
                current = opener.open(files.get(next++));
            } catch (IOException e) {
                throw new UncheckedIOException("cannot open " + files.get(next - 1) + ": " + e.getMessage(), e);
            }
        }
        return true;
    }

    @Override
    public TraceRow<V> next() {
        if (!hasNext()) {
            throw new NoSuchElementException("no more rows in " + sourceName);
        }
        var row = current.next();
        if (row instanceof TraceRow.Parsed) {
            parsed++;
        }
        return row;
    }

    private void finishCurrent() {
        linesBefore += current.linesRead();
        blankLinesBefore += current.blankLines();
        current.close();
        current = null;
    }

    @Override
    public String sourceName() {
        return sourceName;
    }

    @Override
    public long linesRead() {
        return linesBefore + (current == null ? 0 : current.linesRead());
    }

    @Override
    public long blankLines() {
        return blankLinesBefore + (current == null ? 0 : current.blankLines());
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (current != null) {
            finishCurrent();
        }
    }
}
