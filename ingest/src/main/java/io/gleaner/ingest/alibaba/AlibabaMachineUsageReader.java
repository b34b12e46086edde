package io.gleaner.ingest.alibaba;

import io.gleaner.ingest.trace.ExpandedRows;
import io.gleaner.ingest.trace.ForwardingTraceReader;
import io.gleaner.ingest.trace.LineTraceReader;
import io.gleaner.ingest.trace.TraceInput;
import io.gleaner.ingest.trace.TraceNumbers;
import io.gleaner.ingest.trace.TraceReader;
import io.gleaner.ingest.trace.TraceRow;
import io.gleaner.schemas.avro.Metric;
import io.gleaner.schemas.avro.UsageSource;
import io.gleaner.schemas.avro.UtilizationSample;
import java.io.IOException;
import java.nio.file.Path;
import java.time.DateTimeException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Reads {@code machine_usage} of the Alibaba cluster-trace-v2018 and yields up to three
 * {@link UtilizationSample}s per row: CPU, MEMORY and DISK, in that order.
 *
 * <p><b>Format</b> ({@code cluster-trace-v2018/schema.txt}, github.com/alibaba/clusterdata): comma-separated,
 * no header, nine fields: machine_id (string), time_stamp (double, seconds from the start of the trace),
 * cpu_util_percent (bigint, [0, 100]), mem_util_percent (bigint, [0, 100]), mem_gps (double, normalised
 * memory bandwidth), mkpi (bigint, cache misses per thousand instructions), net_in and net_out (double,
 * normalised network traffic), disk_io_percent (double, [0, 100]; "abnormal values are of -1 or 101").
 * Fields may be empty. The published file is grouped by machine and in time order within a machine, not
 * in time order overall. Plain or gzip.
 *
 * <p><b>Mapping</b> (settings in {@link AlibabaMachineRule}); every sample has nodeId = prefix +
 * machine_id (the row key), time = traceEpoch + time_stamp seconds to the millisecond
 * (2018-01-01T00:00:00Z + seconds by default), source REGULAR (the machine's whole use is the owners'
 * load: Gleaner runs none of it), and the row's line number:
 * <ul>
 *   <li>CPU = cpu_util_percent / 100;</li>
 *   <li>MEMORY = mem_util_percent / 100;</li>
 *   <li>DISK = disk_io_percent / 100.</li>
 *   <li>Not mapped: mem_gps and mkpi (no Gleaner metric), net_in and net_out (normalised traffic with no
 *       capacity to take a fraction of; in the trace they behave like slowly growing counters). They must
 *       still be empty or numbers.</li>
 * </ul>
 * An empty metric field means "not measured": that metric gets no sample, no dead letter, and is counted in
 * {@link #notMeasured(Metric)}.
 *
 * <p><b>Rejections</b>, each a {@link TraceRow.Rejected} with source = file name, partition -1, offset =
 * line number, value = raw line, a reason naming the field and value, stage {@code ingest}. The whole row
 * (one dead letter) when it has a number of fields other than nine, an empty machine_id, a time_stamp that
 * is not a finite number &gt;= 0 (or overflows a timestamp), or an unmapped field that is neither empty nor
 * a number. One metric of a row (one dead letter; the row's other samples still come out) when its field
 * is not a number, is -1 or 101 (the trace's marks of an abnormal value, named as such), or is otherwise
 * outside [0, 100]. Blank lines are skipped and counted. Time order is not checked here; a
 * {@link io.gleaner.ingest.validation.ValidatingReader} does that per (node, metric).
 *
 * <p>One line and its at most three rows are held at a time. Not thread-safe.
 */
public final class AlibabaMachineUsageReader extends ForwardingTraceReader<UtilizationSample> {

    private static final int FIELDS = 9;
    private static final String[] FIELD_NAMES = {
        "machine_id", "time_stamp", "cpu_util_percent", "mem_util_percent", "mem_gps", "mkpi", "net_in",
        "net_out", "disk_io_percent"};
    private static final int CPU = 2;
    private static final int MEMORY = 3;
    private static final int DISK = 8;
    private static final int[] UNMAPPED = {4, 5, 6, 7};

    private final AlibabaMachineRule rule;
    private final ExpandedRows<UtilizationSample> rows;
    private final long[] notMeasured = new long[Metric.values().length];

    /**
     * @param input the {@code machine_usage} file; the reader owns and closes it
     * @param rule how rows become samples
     */
    public AlibabaMachineUsageReader(TraceInput input, AlibabaMachineRule rule) {
        Objects.requireNonNull(input, "input");
        this.rule = Objects.requireNonNull(rule, "rule");
        this.rows = new ExpandedRows<>(new Lines(input));
    }

    /** Opens a file, plain or gzip. */
    public static AlibabaMachineUsageReader open(Path file, AlibabaMachineRule rule) throws IOException {
        Objects.requireNonNull(rule, "rule");
        return new AlibabaMachineUsageReader(TraceInput.file(file), rule);
    }

    /** Opens a location: a file path or {@code classpath:<resource>}. */
    public static AlibabaMachineUsageReader open(String location, AlibabaMachineRule rule) throws IOException {
        Objects.requireNonNull(rule, "rule");
        return new AlibabaMachineUsageReader(TraceInput.open(location), rule);
    }

    /** The rule rows are mapped by. */
    public AlibabaMachineRule rule() {
        return rule;
    }

    /** Rows so far whose field for this metric was empty: skipped as not measured, not rejected. */
    public long notMeasured(Metric metric) {
        return notMeasured[Objects.requireNonNull(metric, "metric").ordinal()];
    }

    /** Empty metric fields so far, over CPU, MEMORY and DISK. */
    public long notMeasuredTotal() {
        long total = 0;
        for (long count : notMeasured) {
            total += count;
        }
        return total;
    }

    @Override
    public boolean hasNext() {
        return rows.hasNext();
    }

    @Override
    public TraceRow<UtilizationSample> next() {
        return rows.next();
    }

    @Override
    protected TraceReader<?> source() {
        return rows;
    }

    /** The file's lines, each parsed into the rows it yields (none when no metric was measured). */
    private final class Lines extends LineTraceReader<List<TraceRow<UtilizationSample>>> {

        Lines(TraceInput input) {
            super(input, NO_LIMIT, DEFAULT_MAX_LINE_BYTES);
        }

        @Override
        protected TraceRow<List<TraceRow<UtilizationSample>>> parse(String line, long lineNumber) {
            var fields = line.split(",", -1);
            if (fields.length != FIELDS) {
                return rejected(lineNumber, "expected " + FIELDS + " comma-separated fields (machine_id, time_stamp,"
                        + " cpu_util_percent, mem_util_percent, mem_gps, mkpi, net_in, net_out, disk_io_percent),"
                        + " found " + fields.length);
            }
            var machineId = fields[0].strip();
            if (machineId.isEmpty()) {
                return rejected(lineNumber, "machine_id must not be empty");
            }
            var timeText = fields[1].strip();
            double seconds = TraceNumbers.decimal(timeText);
            if (Double.isNaN(seconds)) {
                return rejected(lineNumber, "time_stamp must be a number of seconds, was '" + timeText + "'");
            }
            if (seconds < 0) {
                return rejected(lineNumber, "time_stamp must be >= 0, was " + timeText);
            }
            Instant time;
            try {
                time = rule.time(seconds);
            } catch (ArithmeticException | DateTimeException e) {
                return rejected(lineNumber, "time_stamp is too large for a timestamp, was " + timeText);
            }
            for (int field : UNMAPPED) {
                var text = fields[field].strip();
                if (!text.isEmpty() && Double.isNaN(TraceNumbers.decimal(text))) {
                    return rejected(lineNumber, FIELD_NAMES[field] + " must be empty or a number, was '" + text + "'");
                }
            }
            var nodeId = rule.nodeId(machineId);
            var rows = new ArrayList<TraceRow<UtilizationSample>>(3);
            addSample(rows, lineNumber, nodeId, time, Metric.CPU, fields, CPU);
            addSample(rows, lineNumber, nodeId, time, Metric.MEMORY, fields, MEMORY);
            addSample(rows, lineNumber, nodeId, time, Metric.DISK, fields, DISK);
            return new TraceRow.Parsed<>(lineNumber, time, nodeId, rows);
        }

        private void addSample(List<TraceRow<UtilizationSample>> rows, long lineNumber, String nodeId, Instant time,
                Metric metric, String[] fields, int field) {
            var text = fields[field].strip();
            if (text.isEmpty()) {
                notMeasured[metric.ordinal()]++;
                return;
            }
            double percent = TraceNumbers.decimal(text);
            String reason = null;
            if (Double.isNaN(percent)) {
                reason = FIELD_NAMES[field] + " must be a number, was '" + text + "'";
            } else if (AbnormalMark.is(percent)) {
                reason = FIELD_NAMES[field] + " is " + text + ", the trace's mark of an abnormal value";
            } else if (percent < 0 || percent > 100) {
                reason = FIELD_NAMES[field] + " must be in [0, 100], was " + text;
            }
            if (reason != null) {
                var deadLetter = rejected(lineNumber, reason + "; no " + metric + " sample").deadLetter();
                rows.add(new TraceRow.Rejected<>(deadLetter));
                return;
            }
            var sample = UtilizationSample.newBuilder()
                    .setNodeId(nodeId)
                    .setTime(time)
                    .setMetric(metric)
                    .setSource(UsageSource.REGULAR)
                    .setValue(percent / 100.0)
                    .build();
            rows.add(new TraceRow.Parsed<>(lineNumber, time, nodeId, sample));
        }
    }
}
