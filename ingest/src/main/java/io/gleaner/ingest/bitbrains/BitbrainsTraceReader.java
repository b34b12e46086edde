package io.gleaner.ingest.bitbrains;

import io.gleaner.ingest.bitbrains.BitbrainsRow.Resource;
import io.gleaner.ingest.trace.TraceInput;
import io.gleaner.ingest.trace.TraceRow;
import io.gleaner.schemas.avro.Metric;
import io.gleaner.schemas.avro.UsageSource;
import io.gleaner.schemas.avro.UtilizationSample;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * Reads one VM of the Bitbrains GWA-T-12 utilization traces (TU Delft Grid Workloads Archive) and yields
 * a CPU and a MEMORY {@link UtilizationSample} per row.
 *
 * <p><b>Format.</b> One file per VM, {@code <vm>.csv} or {@code <vm>.csv.gz} (gzip is read directly); a
 * header line; eleven fields separated by {@code ;} and a tab, in this order: (0) {@code Timestamp [ms]},
 * which despite the header is Unix time in <em>seconds</em> (the Rnd 2013-8 trace runs from 1375308176 =
 * 2013-07-31T22:02:56Z, mostly 300 s apart); (1) CPU cores; (2) CPU capacity provisioned [MHz]; (3) CPU
 * usage [MHz]; (4) CPU usage [%]; (5) memory capacity provisioned [KB]; (6) memory usage [KB]; (7) disk
 * read, (8) disk write, (9) network received and (10) network transmitted throughput [KB/s].
 *
 * <p><b>Mapping</b>, field by field (both samples have the same node, time and line number; CPU first):
 * <ul>
 *   <li>nodeId = node id prefix + the file name without {@code .csv.gz} or {@code .csv}
 *       ({@link #nodeId(String, String)}); it is the row key.</li>
 *   <li>time = {@code Instant.ofEpochSecond(Timestamp)}; it is the row's event time.</li>
 *   <li>CPU, source REGULAR (the VMs run their owners' workload): value = CPU usage [MHz] / CPU capacity
 *       provisioned [MHz].</li>
 *   <li>MEMORY, source REGULAR: value = memory usage [KB] / memory capacity provisioned [KB].</li>
 *   <li>A value above 1 but at most {@value #MAX_OVER_CAPACITY} becomes 1 and is counted in
 *       {@link #clampedSamples()}: the trace reports CPU usage above the provisioned capacity on about 11%
 *       of its rows (its own {@code CPU usage [%]} column reaches 111.7), which means the VM was
 *       saturated, not that the row is wrong. Above {@value #MAX_OVER_CAPACITY} the sample is rejected.</li>
 *   <li>Not mapped: CPU cores and CPU usage [%] (the MHz fields give the same fraction), and disk and
 *       network throughput, because the trace gives no disk or network capacity to take a fraction of.
 *       They must still be numbers.</li>
 * </ul>
 *
 * <p><b>Rejections.</b> Every rejection is a {@link TraceRow.Rejected} whose dead letter has source = the
 * file name, partition -1, offset = line number, value = the raw line, a reason naming the field and its
 * value, stage {@code ingest}, time 0; reading goes on. A whole row is rejected (one dead letter) when it
 * has a number of fields other than eleven, a field that is not a finite decimal number, or a timestamp
 * that is not a whole number of seconds in [0, {@value #MAX_SECONDS}]. One metric of a row is rejected
 * (one dead letter for that metric; the other metric's sample still comes out) when its capacity is not
 * above 0 (the trace has all-zero rows for VMs that were not measured), its usage is negative, or its
 * usage exceeds {@value #MAX_OVER_CAPACITY} times its capacity (in the Rnd 2013-8 trace, a few memory
 * samples taken while a VM's memory capacity was being changed). A first line that starts with
 * {@code Timestamp} is the header: it yields no row and is counted in {@link #headerLines()}. Blank lines
 * are skipped and counted. Time order is not checked here; a
 * {@link io.gleaner.ingest.validation.ValidatingReader} does that. The line rules are
 * {@link BitbrainsLine#parse} and the metric rules {@link BitbrainsRow#rejection}, which
 * {@link BitbrainsRowReader} (absolute usage and capacity) shares.
 *
 * <p>Cite: S. Shen, V. van Beek, A. Iosup, "Statistical characterization of business-critical workloads
 * hosted in cloud datacenters", CCGrid 2015. An excerpt is bundled, see {@link BitbrainsDirectoryReader#excerpt}.
 *
 * <p>Memory does not grow with the file: one line and its at most two rows are held at a time. Not
 * thread-safe.
 */
public final class BitbrainsTraceReader extends BitbrainsReader<UtilizationSample> {

    /** Largest usage / capacity kept (as 1); above it the sample is rejected. */
    public static final double MAX_OVER_CAPACITY = BitbrainsRow.MAX_OVER_CAPACITY;

    /** Largest timestamp accepted, in seconds: its milliseconds still fit in a long. */
    public static final long MAX_SECONDS = BitbrainsRow.MAX_SECONDS;

    private long clampedSamples;

    /**
     * A reader of an open input.
     *
     * @param input one VM's trace; the reader owns and closes it
     * @param nodeId the node id of every sample, e.g. {@code nodeId(input.name(), "")}
     */
    public BitbrainsTraceReader(TraceInput input, String nodeId) {
        super(input, nodeId, "nodeId");
    }

    /** Opens a file, plain or gzip; the node id is {@code nodeIdPrefix} + the file name without its extension. */
    public static BitbrainsTraceReader open(Path file, String nodeIdPrefix) throws IOException {
        Objects.requireNonNull(nodeIdPrefix, "nodeIdPrefix");
        var input = TraceInput.file(file);
        return new BitbrainsTraceReader(input, nodeId(input.name(), nodeIdPrefix));
    }

    /** Opens a location, a file path or {@code classpath:<resource>}; node id as for {@link #open(Path, String)}. */
    public static BitbrainsTraceReader open(String location, String nodeIdPrefix) throws IOException {
        Objects.requireNonNull(nodeIdPrefix, "nodeIdPrefix");
        var input = TraceInput.open(location);
        return new BitbrainsTraceReader(input, nodeId(input.name(), nodeIdPrefix));
    }

    /**
     * The node id of a VM's file: {@code prefix} + the file name without {@code .csv.gz} or {@code .csv},
     * e.g. {@code nodeId("407.csv.gz", "bitbrains-")} is {@code bitbrains-407}.
     */
    public static String nodeId(String fileName, String prefix) {
        Objects.requireNonNull(fileName, "fileName");
        Objects.requireNonNull(prefix, "prefix");
        var vm = fileName;
        if (vm.endsWith(".gz")) {
            vm = vm.substring(0, vm.length() - ".gz".length());
        }
        if (vm.endsWith(".csv")) {
            vm = vm.substring(0, vm.length() - ".csv".length());
        }
        if (vm.isEmpty()) {
            throw new IllegalArgumentException("file name '" + fileName + "' leaves no VM name");
        }
        return prefix + vm;
    }

    /** The node id of every sample of this file. */
    public String nodeId() {
        return key();
    }

    /** Samples whose usage was above capacity (at most {@value #MAX_OVER_CAPACITY} times) and became 1. */
    public long clampedSamples() {
        return clampedSamples;
    }

    @Override
    List<TraceRow<UtilizationSample>> expand(long lineNumber, BitbrainsRow row) {
        return List.of(sample(lineNumber, Metric.CPU, row, Resource.CPU),
                sample(lineNumber, Metric.MEMORY, row, Resource.MEMORY));
    }

    private TraceRow<UtilizationSample> sample(long lineNumber, Metric metric, BitbrainsRow row, Resource resource) {
        var rejection = row.rejection(resource);
        if (rejection.isPresent()) {
            return rejectedRow(lineNumber, rejection.get());
        }
        if (row.overCapacity(resource)) {
            clampedSamples++;
        }
        var time = row.time();
        var sample = UtilizationSample.newBuilder()
                .setNodeId(key())
                .setTime(time)
                .setMetric(metric)
                .setSource(UsageSource.REGULAR)
                .setValue(row.fraction(resource))
                .build();
        return new TraceRow.Parsed<>(lineNumber, time, key(), sample);
    }
}
