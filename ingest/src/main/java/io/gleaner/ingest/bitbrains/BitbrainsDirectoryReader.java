package io.gleaner.ingest.bitbrains;

import io.gleaner.ingest.trace.TraceInput;
import io.gleaner.ingest.trace.TraceReader;
import io.gleaner.ingest.trace.TraceRow;
import io.gleaner.schemas.avro.UtilizationSample;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.PriorityQueue;

/**
 * Reads many Bitbrains VM files as one trace, merged in (time, node id) order: what
 * {@code gleaner replay --format bitbrains --trace <dir>} reads.
 *
 * <p>A k-way merge: every file has its own {@link BitbrainsTraceReader} (mapping and rejections are
 * documented there) and this reader holds one row of each in a priority queue, so memory is constant per
 * file (a file handle and its read buffers, about 200 KB) and does not grow with the length of the files.
 * The order is event time, then node id (as strings), then the file's own order, which puts a row's CPU
 * sample before its MEMORY sample. Each file is read in its own order; when every file is in time order
 * (as the Bitbrains traces are) the merged trace is too. A rejected row is ordered at the time of the
 * last sample of its file before it, so it comes out where it stood in its file; its dead letter names
 * its own file and line.
 *
 * <p>Files are the directory's {@code *.csv} and {@code *.csv.gz} (other files are ignored), opened in
 * name order; two files giving the same node id are refused. Not thread-safe.
 */
public final class BitbrainsDirectoryReader implements TraceReader<UtilizationSample> {

    /** Classpath folder of the bundled excerpt; see its {@code ATTRIBUTION.md}. */
    public static final String EXCERPT_FOLDER = "traces/bitbrains/";

    /** Location of the bundled excerpt for {@link #open(String, String)}. */
    public static final String EXCERPT = TraceInput.CLASSPATH_PREFIX + EXCERPT_FOLDER;

    /**
     * The VMs of the bundled excerpt (Rnd 2013-8, the first two days of each), chosen for visible and
     * varied load: steady (306), bursty on/off (195, 232), often above provisioned CPU (195, 407),
     * memory-heavy (386, 392, 383) and moderate (237, 412, 413).
     */
    public static final List<String> EXCERPT_VMS =
            List.of("195", "232", "237", "306", "383", "386", "392", "407", "412", "413");

    private static final Comparator<Cursor> ORDER = Comparator.comparing((Cursor c) -> c.time)
            .thenComparing(c -> c.reader.nodeId())
            .thenComparingInt(c -> c.index);

    private final String sourceName;
    private final List<BitbrainsTraceReader> readers;
    private final PriorityQueue<Cursor> heads;
    private boolean closed;

    /**
     * Merges readers that are already open.
     *
     * @param sourceName name of the merged trace, e.g. the directory's name
     * @param readers one per VM, with distinct node ids; this reader owns and closes them (also when it
     *        refuses them)
     */
    public BitbrainsDirectoryReader(String sourceName, List<BitbrainsTraceReader> readers) {
        this.sourceName = Objects.requireNonNull(sourceName, "sourceName");
        this.readers = List.copyOf(readers);
        var nodeIds = new HashSet<String>();
        for (var reader : this.readers) {
            if (!nodeIds.add(reader.nodeId())) {
                this.readers.forEach(BitbrainsTraceReader::close);
                throw new IllegalArgumentException("two files give node id '" + reader.nodeId() + "'");
            }
        }
        this.heads = new PriorityQueue<>(Math.max(1, this.readers.size()), ORDER);
        for (int i = 0; i < this.readers.size(); i++) {
            advance(new Cursor(this.readers.get(i), i));
        }
    }

    /**
     * Opens every {@code *.csv} and {@code *.csv.gz} of a directory (or one file) with node ids
     * {@code nodeIdPrefix} + the VM's file name without its extension.
     *
     * @throws IOException if the directory cannot be listed or a file cannot be opened (any files already
     *         opened are closed)
     */
    public static BitbrainsDirectoryReader open(Path directoryOrFile, String nodeIdPrefix) throws IOException {
        Objects.requireNonNull(directoryOrFile, "directoryOrFile");
        Objects.requireNonNull(nodeIdPrefix, "nodeIdPrefix");
        var name = directoryOrFile.getFileName() == null
                ? directoryOrFile.toString() : directoryOrFile.getFileName().toString();
        if (!Files.isDirectory(directoryOrFile)) {
            return merge(name, List.of(directoryOrFile.toString()), nodeIdPrefix);
        }
        List<String> files;
        try (var listing = Files.list(directoryOrFile)) {
            files = listing.filter(Files::isRegularFile)
                    .map(path -> path.getFileName().toString())
                    .filter(BitbrainsDirectoryReader::isTraceFile)
                    .sorted()
                    .map(file -> directoryOrFile.resolve(file).toString())
                    .toList();
        }
        return merge(name, files, nodeIdPrefix);
    }

    /**
     * Opens a location: {@link #EXCERPT} for the bundled excerpt, else a directory or file path as for
     * {@link #open(Path, String)}.
     */
    public static BitbrainsDirectoryReader open(String location, String nodeIdPrefix) throws IOException {
        Objects.requireNonNull(location, "location");
        if (location.equals(EXCERPT) || location.equals(EXCERPT.substring(0, EXCERPT.length() - 1))) {
            return excerpt(nodeIdPrefix);
        }
        return open(Path.of(location), nodeIdPrefix);
    }

    /** Opens the bundled excerpt ({@link #EXCERPT_VMS}) from the classpath, so it works from the jar. */
    public static BitbrainsDirectoryReader excerpt(String nodeIdPrefix) throws IOException {
        Objects.requireNonNull(nodeIdPrefix, "nodeIdPrefix");
        var locations = EXCERPT_VMS.stream()
                .map(vm -> TraceInput.CLASSPATH_PREFIX + EXCERPT_FOLDER + vm + ".csv.gz")
                .toList();
        return merge("bitbrains-rnd-excerpt", locations, nodeIdPrefix);
    }

    /** Whether a file name is a VM trace: ends in {@code .csv} or {@code .csv.gz}. */
    public static boolean isTraceFile(String fileName) {
        return fileName.endsWith(".csv") || fileName.endsWith(".csv.gz");
    }

    private static BitbrainsDirectoryReader merge(String name, List<String> locations, String nodeIdPrefix)
            throws IOException {
        var readers = new ArrayList<BitbrainsTraceReader>(locations.size());
        try {
            for (var location : locations) {
                readers.add(BitbrainsTraceReader.open(location, nodeIdPrefix));
            }
            return new BitbrainsDirectoryReader(name, readers);
        } catch (IOException | RuntimeException e) {
            for (var reader : readers) {
                try {
                    reader.close();
                } catch (RuntimeException suppressed) {
                    e.addSuppressed(suppressed);
                }
            }
            throw e;
        }
    }

    /** The merged files' readers, in the order they were given; for their counters. */
    public List<BitbrainsTraceReader> files() {
        return readers;
    }

    /** Samples clamped to 1 over all files ({@link BitbrainsTraceReader#clampedSamples()}). */
    public long clampedSamples() {
        return readers.stream().mapToLong(BitbrainsTraceReader::clampedSamples).sum();
    }

    @Override
    public boolean hasNext() {
        return !heads.isEmpty();
    }

    @Override
    public TraceRow<UtilizationSample> next() {
        var cursor = heads.poll();
        if (cursor == null) {
            throw new NoSuchElementException("no more rows in " + sourceName);
        }
        var row = cursor.row;
        advance(cursor);
        return row;
    }

    /** Loads the cursor's next row and queues it, or closes its file at the end. */
    private void advance(Cursor cursor) {
        if (cursor.reader.hasNext()) {
            var row = cursor.reader.next();
            if (row instanceof TraceRow.Parsed<UtilizationSample> parsed) {
                cursor.time = parsed.eventTime();
            }
            cursor.row = row;
            heads.add(cursor);
        } else {
            cursor.row = null;
            cursor.reader.close();
        }
    }

    @Override
    public String sourceName() {
        return sourceName;
    }

    @Override
    public long linesRead() {
        return readers.stream().mapToLong(BitbrainsTraceReader::linesRead).sum();
    }

    @Override
    public long blankLines() {
        return readers.stream().mapToLong(BitbrainsTraceReader::blankLines).sum();
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        heads.clear();
        RuntimeException failure = null;
        for (var reader : readers) {
            try {
                reader.close();
            } catch (RuntimeException e) {
                if (failure == null) {
                    failure = e;
                } else {
                    failure.addSuppressed(e);
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
    }

    /** One file's reader and its buffered row; time is the last event time seen in that file. */
    private static final class Cursor {
        private final BitbrainsTraceReader reader;
        private final int index;
        private Instant time = Instant.MIN;
        private TraceRow<UtilizationSample> row;

        Cursor(BitbrainsTraceReader reader, int index) {
            this.reader = reader;
            this.index = index;
        }
    }
}
