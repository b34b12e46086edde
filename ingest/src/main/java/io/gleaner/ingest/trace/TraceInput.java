package io.gleaner.ingest.trace;

import java.io.BufferedInputStream;
import java.io.Closeable;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;
import java.util.zip.GZIPInputStream;

/**
 * An open trace: its name and its bytes, decompressed when the input is gzip.
 *
 * <p>Gzip is recognised by its magic bytes {@code 1f 8b}, so a gzip file needs no {@code .gz} name and a
 * plain file may be called anything. A name ending in {@code .gz} whose bytes are not gzip is refused,
 * because reading it as text would reject every line for the wrong reason.
 *
 * <p>Locations are paths, or {@code classpath:} followed by a resource name, which is how the traces
 * bundled in this module are read on a machine that has nothing but the jar.
 */
public final class TraceInput implements Closeable {

    /** Prefix of a location that names a classpath resource, e.g. {@code classpath:traces/swim/x.tsv}. */
    public static final String CLASSPATH_PREFIX = "classpath:";

    private static final int BUFFER_BYTES = 64 * 1024;
    private static final int GZIP_MAGIC_0 = 0x1f;
    private static final int GZIP_MAGIC_1 = 0x8b;

    private final String name;
    private final InputStream stream;
    private final boolean gzip;

    private TraceInput(String name, InputStream stream, boolean gzip) {
        this.name = name;
        this.stream = stream;
        this.gzip = gzip;
    }

    /**
     * Opens a location: {@code classpath:<resource>} or a file path.
     *
     * @throws IOException if it does not exist or cannot be read
     */
    public static TraceInput open(String location) throws IOException {
        Objects.requireNonNull(location, "location");
        if (location.startsWith(CLASSPATH_PREFIX)) {
            return resource(location.substring(CLASSPATH_PREFIX.length()));
        }
        return file(Path.of(location));
    }

    /** Opens a file; its name is the file name without the directories. */
    public static TraceInput file(Path path) throws IOException {
        Objects.requireNonNull(path, "path");
        var fileName = path.getFileName();
        return of(fileName == null ? path.toString() : fileName.toString(), Files.newInputStream(path));
    }

    /**
     * Opens a classpath resource (a leading {@code /} is ignored), looked up with the thread's context
     * class loader and then with this module's; its name is the last segment of the resource name.
     */
    public static TraceInput resource(String resource) throws IOException {
        Objects.requireNonNull(resource, "resource");
        var relative = resource.startsWith("/") ? resource.substring(1) : resource;
        InputStream raw = null;
        var context = Thread.currentThread().getContextClassLoader();
        if (context != null) {
            raw = context.getResourceAsStream(relative);
        }
        if (raw == null) {
            raw = TraceInput.class.getClassLoader().getResourceAsStream(relative);
        }
        if (raw == null) {
            throw new FileNotFoundException("no classpath resource '" + relative + "'");
        }
        return of(relative.substring(relative.lastIndexOf('/') + 1), raw);
    }

    /**
     * Wraps a stream this input will own and close; gzip is recognised by its first two bytes.
     *
     * @param name the trace's name, used as the source of its dead letters
     */
    public static TraceInput of(String name, InputStream raw) throws IOException {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(raw, "raw");
        var buffered = new BufferedInputStream(raw, BUFFER_BYTES);
        try {
            buffered.mark(2);
            var head = buffered.readNBytes(2);
            buffered.reset();
            boolean gzip = head.length == 2
                    && (head[0] & 0xff) == GZIP_MAGIC_0 && (head[1] & 0xff) == GZIP_MAGIC_1;
            if (gzip) {
                return new TraceInput(name, new GZIPInputStream(buffered, BUFFER_BYTES), true);
            }
            if (name.endsWith(".gz")) {
                throw new IOException(name + " is named .gz but does not start with the gzip magic bytes 1f 8b");
            }
            return new TraceInput(name, buffered, false);
        } catch (IOException | RuntimeException e) {
            try {
                buffered.close();
            } catch (IOException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
    }

    /** Name of the trace, e.g. {@code FB-2009_samples_24_times_1hr_0.tsv}. */
    public String name() {
        return name;
    }

    /** The trace's bytes, decompressed. Read it once; closing this input closes it. */
    public InputStream stream() {
        return stream;
    }

    /** Whether the bytes on disk were gzip. */
    public boolean gzip() {
        return gzip;
    }

    @Override
    public void close() throws IOException {
        stream.close();
    }
}
