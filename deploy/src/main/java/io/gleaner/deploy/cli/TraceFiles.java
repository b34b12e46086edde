package io.gleaner.deploy.cli;

import io.gleaner.ingest.trace.TraceInput;
import io.gleaner.ingest.trace.TraceReader;
import io.gleaner.ingest.trace.TraceRow;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * What {@code gleaner replay} checks of a trace before anything starts, so that an input that cannot be replayed is
 * refused before a broker starts or a record is sent: each file opens as what it claims (gzip when it starts with the
 * gzip magic bytes or is named {@code .gz}) and its first {@value #HEAD_BYTES} bytes, decompressed, are text; and
 * the trace's first {@value #FIRST_ROWS} rows hold one that parses as the format.
 */
final class TraceFiles {

    /** How much of each file's beginning, decompressed, must be text (no NUL byte). */
    static final int HEAD_BYTES = 64 * 1024;
    /** A trace none of whose first rows parses is refused: it is not what --format says. */
    static final int FIRST_ROWS = 1_000;

    private TraceFiles() {
    }

    /**
     * Checks that each of {@code files} opens and begins as text.
     *
     * @throws IllegalArgumentException naming the file and what is wrong with it
     */
    static void checkText(List<Path> files) {
        for (var file : files) {
            try (var input = TraceInput.file(file)) {
                var head = input.stream().readNBytes(HEAD_BYTES);
                for (int i = 0; i < head.length; i++) {
                    if (head[i] == 0) {
                        throw new IllegalArgumentException(file + " is not a text file: byte " + i
                                + (input.gzip() ? " of its decompressed content" : "") + " is NUL");
                    }
                }
            } catch (IOException e) {
                throw new IllegalArgumentException("cannot read " + file + ": " + e.getMessage(), e);
            }
        }
    }

    /**
     * Reads the first rows of {@code rows} until one parses, and closes it.
     *
     * @param as what the rows should parse as, for the message, e.g. {@code --format swim}
     * @throws IllegalArgumentException when the trace has no row, or none of its first {@value #FIRST_ROWS} parses;
     *     the message names the first rejected line and its reason
     */
    static void checkParses(TraceReader<?> rows, String as) {
        try (rows) {
            TraceRow.Rejected<?> first = null;
            int read = 0;
            while (read < FIRST_ROWS && rows.hasNext()) {
                var row = rows.next();
                read++;
                if (row instanceof TraceRow.Parsed<?>) {
                    return;
                }
                if (first == null) {
                    first = (TraceRow.Rejected<?>) row;
                }
            }
            if (first == null) {
                throw new IllegalArgumentException(rows.sourceName() + " has no rows");
            }
            throw new IllegalArgumentException(String.format(Locale.ROOT, "none of the %s rows of %s parses as %s, "
                    + "so nothing would be sent (the first, line %d: %s)",
                    read < FIRST_ROWS ? "" + read : "first " + read, rows.sourceName(), as, first.line(),
                    first.reason()));
        } catch (UncheckedIOException e) {
            throw new IllegalArgumentException("cannot read " + rows.sourceName() + ": " + e.getMessage() + ": "
                    + e.getCause().getMessage(), e);
        }
    }

    /** Whether {@code location} is a path that exists; a {@code classpath:} location is checked when opened. */
    static boolean exists(String location) {
        return location.startsWith(TraceInput.CLASSPATH_PREFIX) || Files.exists(Path.of(location));
    }
}
