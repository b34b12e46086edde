package io.gleaner.simulator.owners;

import io.gleaner.ingest.bitbrains.BitbrainsRow;
import io.gleaner.ingest.bitbrains.BitbrainsRow.Resource;
import io.gleaner.ingest.bitbrains.BitbrainsRowReader;
import io.gleaner.ingest.trace.TraceRow;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * One VM's trace in memory: per row its time and, per resource, the usage (clamped to capacity, see
 * {@link BitbrainsRow#usedOfCapacity}) and the capacity provisioned, as floats (MHz for CPU, KB for memory). A
 * resource the row gives no usable value for ({@link BitbrainsRow#rejection}) is NaN there. About 20 bytes a row:
 * a month of 100 VMs (862,000 rows) is about 17 MB.
 *
 * <p>Reading keeps rows in file order and drops, counting each in {@link VmReadCounts}: malformed lines, and rows
 * whose time is not after the previous kept row's (the series must increase in time to be a step function).
 */
public final class VmSeries {

    private final String vmId;
    private final long baseSeconds;
    private final int[] offsets;
    private final float[] cpuUsed;
    private final float[] cpuCapacity;
    private final float[] memoryUsed;
    private final float[] memoryCapacity;
    private final VmReadCounts counts;

    private VmSeries(String vmId, long baseSeconds, int[] offsets, float[] cpuUsed, float[] cpuCapacity,
            float[] memoryUsed, float[] memoryCapacity, VmReadCounts counts) {
        this.vmId = vmId;
        this.baseSeconds = baseSeconds;
        this.offsets = offsets;
        this.cpuUsed = cpuUsed;
        this.cpuCapacity = cpuCapacity;
        this.memoryUsed = memoryUsed;
        this.memoryCapacity = memoryCapacity;
        this.counts = counts;
    }

    /**
     * Reads a whole VM file and closes the reader.
     *
     * @param reader one VM's rows; its VM id becomes this series' id
     */
    public static VmSeries read(BitbrainsRowReader reader) {
        Objects.requireNonNull(reader, "reader");
        try (reader) {
            var builder = new Builder(reader.vmId(), reader.sourceName());
            while (reader.hasNext()) {
                builder.add(reader.next());
            }
            return builder.build();
        }
    }

    /** The VM's id (its file name without the extension). */
    public String vmId() {
        return vmId;
    }

    /** Rows kept. */
    public int size() {
        return offsets.length;
    }

    /** Unix time in seconds of row {@code i}. */
    public long seconds(int i) {
        return baseSeconds + offsets[i];
    }

    /** Usage of a resource in row {@code i}, clamped to capacity; NaN when the row has no usable value for it. */
    public double used(Resource resource, int i) {
        return resource == Resource.CPU ? cpuUsed[i] : memoryUsed[i];
    }

    /** Capacity provisioned of a resource in row {@code i}; NaN when the row has no usable value for it. */
    public double capacity(Resource resource, int i) {
        return resource == Resource.CPU ? cpuCapacity[i] : memoryCapacity[i];
    }

    /** Whether row {@code i} has a usable value of a resource. */
    public boolean usable(Resource resource, int i) {
        return !Double.isNaN(used(resource, i));
    }

    /** What reading found: rows kept, lines and values left out and why. */
    public VmReadCounts counts() {
        return counts;
    }

    /** Collects rows into growing arrays. */
    private static final class Builder {
        private static final int MAX_PROBLEMS = 5;
        private static final int INITIAL = 9_000;

        private final String vmId;
        private final String source;
        private final List<String> problems = new ArrayList<>();
        private long base = Long.MIN_VALUE;
        private long lastSeconds = Long.MIN_VALUE;
        private int size;
        private int[] offsets = new int[INITIAL];
        private float[] cpuUsed = new float[INITIAL];
        private float[] cpuCapacity = new float[INITIAL];
        private float[] memoryUsed = new float[INITIAL];
        private float[] memoryCapacity = new float[INITIAL];
        private long malformed;
        private long outOfOrder;
        private long cpuRejected;
        private long memoryRejected;
        private long clamped;

        Builder(String vmId, String source) {
            this.vmId = vmId;
            this.source = source;
        }

        void add(TraceRow<BitbrainsRow> traceRow) {
            if (traceRow instanceof TraceRow.Rejected<BitbrainsRow> rejected) {
                malformed++;
                problem(rejected.line(), rejected.reason());
                return;
            }
            var parsed = (TraceRow.Parsed<BitbrainsRow>) traceRow;
            var row = parsed.value();
            long seconds = row.timestampSeconds();
            if (seconds <= lastSeconds) {
                outOfOrder++;
                problem(parsed.line(), "Timestamp " + seconds + " is not after the previous row's " + lastSeconds
                        + "; row not used");
                return;
            }
            if (base == Long.MIN_VALUE) {
                base = seconds;
            }
            long offset = seconds - base;
            if (offset > Integer.MAX_VALUE) {
                throw new IllegalArgumentException(source + " line " + parsed.line() + ": Timestamp " + seconds
                        + " is more than 68 years after the file's first row " + base);
            }
            grow();
            offsets[size] = (int) offset;
            cpuUsed[size] = value(parsed.line(), row, Resource.CPU, true);
            cpuCapacity[size] = value(parsed.line(), row, Resource.CPU, false);
            memoryUsed[size] = value(parsed.line(), row, Resource.MEMORY, true);
            memoryCapacity[size] = value(parsed.line(), row, Resource.MEMORY, false);
            size++;
            lastSeconds = seconds;
        }

        private float value(long line, BitbrainsRow row, Resource resource, boolean used) {
            var rejection = row.rejection(resource);
            if (rejection.isPresent()) {
                if (used) {
                    if (resource == Resource.CPU) {
                        cpuRejected++;
                    } else {
                        memoryRejected++;
                    }
                    problem(line, rejection.get());
                }
                return Float.NaN;
            }
            if (!used) {
                return (float) row.capacity(resource);
            }
            if (row.overCapacity(resource)) {
                clamped++;
            }
            return (float) row.usedOfCapacity(resource);
        }

        private void problem(long line, String reason) {
            if (problems.size() < MAX_PROBLEMS) {
                problems.add(source + " line " + line + ": " + reason);
            }
        }

        private void grow() {
            if (size < offsets.length) {
                return;
            }
            int capacity = offsets.length * 2;
            offsets = Arrays.copyOf(offsets, capacity);
            cpuUsed = Arrays.copyOf(cpuUsed, capacity);
            cpuCapacity = Arrays.copyOf(cpuCapacity, capacity);
            memoryUsed = Arrays.copyOf(memoryUsed, capacity);
            memoryCapacity = Arrays.copyOf(memoryCapacity, capacity);
        }

        VmSeries build() {
            var counts = new VmReadCounts(source, size, malformed, outOfOrder, cpuRejected, memoryRejected, clamped,
                    problems);
            return new VmSeries(vmId, base == Long.MIN_VALUE ? 0 : base, Arrays.copyOf(offsets, size),
                    Arrays.copyOf(cpuUsed, size), Arrays.copyOf(cpuCapacity, size), Arrays.copyOf(memoryUsed, size),
                    Arrays.copyOf(memoryCapacity, size), counts);
        }
    }
}
