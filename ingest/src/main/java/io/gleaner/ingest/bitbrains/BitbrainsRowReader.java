package io.gleaner.ingest.bitbrains;

import io.gleaner.ingest.trace.TraceInput;
import io.gleaner.ingest.trace.TraceRow;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * Reads one Bitbrains VM file as {@link BitbrainsRow}s with their absolute values (CPU usage and capacity in
 * MHz, memory usage and capacity in KB): what summing several VMs onto one simulated node needs, where
 * {@link BitbrainsTraceReader} gives fractions.
 *
 * <p>Lines are parsed by {@link BitbrainsLine#parse}, the same parser {@link BitbrainsTraceReader} uses: the
 * header yields nothing and is counted in {@link #headerLines()}; a malformed line becomes a
 * {@link TraceRow.Rejected} whose dead letter has source = the file name, partition -1, offset = line
 * number, value = the raw line and the reason. A row whose CPU or memory is unusable (capacity not above 0,
 * negative usage, usage above {@value BitbrainsRow#MAX_OVER_CAPACITY} times capacity) still comes out as a
 * {@link TraceRow.Parsed}: {@link BitbrainsRow#rejection} says which resource is unusable and why, and the
 * caller must count or dead-letter it. Each parsed row's key is the VM id and its event time the row's time.
 *
 * <p>One line is held at a time. Not thread-safe.
 */
public final class BitbrainsRowReader extends BitbrainsReader<BitbrainsRow> {

    /**
     * A reader of an open input.
     *
     * @param input one VM's trace; the reader owns and closes it
     * @param vmId  the key of every row, e.g. {@code BitbrainsTraceReader.nodeId(input.name(), "")}
     */
    public BitbrainsRowReader(TraceInput input, String vmId) {
        super(input, vmId, "vmId");
    }

    /**
     * Opens a location, a file path or {@code classpath:<resource>}, plain or gzip; the VM id is the file name
     * without {@code .csv.gz} or {@code .csv} ({@link BitbrainsTraceReader#nodeId(String, String)} with no
     * prefix).
     */
    public static BitbrainsRowReader open(String location) throws IOException {
        var input = TraceInput.open(location);
        try {
            return new BitbrainsRowReader(input, BitbrainsTraceReader.nodeId(input.name(), ""));
        } catch (RuntimeException e) {
            input.close();
            throw e;
        }
    }

    /** Opens a file, plain or gzip; VM id as for {@link #open(String)}. */
    public static BitbrainsRowReader open(Path file) throws IOException {
        Objects.requireNonNull(file, "file");
        return open(file.toString());
    }

    /** The VM id, the key of every row. */
    public String vmId() {
        return key();
    }

    @Override
    List<TraceRow<BitbrainsRow>> expand(long lineNumber, BitbrainsRow row) {
        return List.of(new TraceRow.Parsed<>(lineNumber, row.time(), key(), row));
    }
}
