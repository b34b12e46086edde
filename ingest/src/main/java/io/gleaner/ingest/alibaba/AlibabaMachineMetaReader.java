package io.gleaner.ingest.alibaba;

import io.gleaner.ingest.trace.LineTraceReader;
import io.gleaner.ingest.trace.TraceInput;
import io.gleaner.ingest.trace.TraceNumbers;
import io.gleaner.ingest.trace.TraceRow;
import io.gleaner.schemas.avro.NodeHeartbeat;
import io.gleaner.schemas.avro.Resources;
import java.io.IOException;
import java.nio.file.Path;
import java.time.DateTimeException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Reads {@code machine_meta} of the Alibaba cluster-trace-v2018 and yields one {@link NodeHeartbeat} per
 * row: the machine's capacity at the time of the row.
 *
 * <p><b>Format</b> ({@code cluster-trace-v2018/schema.txt}, github.com/alibaba/clusterdata): comma-separated,
 * no header, seven fields: machine_id (string), time_stamp (bigint, seconds from the start of the trace),
 * failure_domain_1 (bigint, an enumerated failure domain), failure_domain_2 (string, another level; empty
 * in some rows), cpu_num (bigint), mem_size (bigint, normalised to [0, 100], 100 being the largest
 * machine's memory), status (string, e.g. {@code USING}, {@code IMPORT_INSTALLING}). A machine has a row
 * per event; the file is grouped by machine. Plain or gzip.
 *
 * <p><b>Mapping</b> (settings in {@link AlibabaMachineRule}):
 * <ul>
 *   <li>nodeId = prefix + machine_id (the row key); time = traceEpoch + time_stamp seconds
 *       (2018-01-01T00:00:00Z + seconds by default).</li>
 *   <li>rack = failure_domain_1 as written (e.g. {@code "219"}); {@code default-rack} when empty.</li>
 *   <li>labels = {@code failure_domain_2=<value>} when it is not empty, and {@code status=<status>}.</li>
 *   <li>capacity: cpus = cpu_num; memoryBytes = mem_size / 100 x memoryBytesAt100, rounded (100 GiB at
 *       100 by default, an assumption: the trace publishes no absolute size).</li>
 *   <li>speedGflops = the rule's speed (the trace has none); slots = cpu_num (one task per core).</li>
 *   <li>free and freeSlots: the whole capacity and all slots when status is {@code USING}; zero otherwise
 *       (a machine being installed takes no task). The owners' load is not in this file: it comes from
 *       {@code machine_usage} ({@link AlibabaMachineUsageReader}) through the forecaster.</li>
 *   <li>runningAttempts = [] (Gleaner runs nothing on the trace's machines).</li>
 * </ul>
 *
 * <p><b>Rejections</b>, each a {@link TraceRow.Rejected} with source = file name, partition -1, offset =
 * line number, value = raw line, a reason naming the field and value, stage {@code ingest}: a number of
 * fields other than seven; an empty machine_id or status; a time_stamp that is not a whole number of
 * seconds &gt;= 0 (or overflows a timestamp); a cpu_num that is not a whole number in [1, 2^31 - 1]; a
 * mem_size that is not a number in (0, 100] (-1 and 101, the trace's marks of an abnormal value, are named
 * as such). Reading goes on with the next line; blank lines are skipped and counted.
 *
 * <p>One line at a time, no state between rows. Not thread-safe.
 */
public final class AlibabaMachineMetaReader extends LineTraceReader<NodeHeartbeat> {

    /** The status of a machine in service. */
    public static final String IN_SERVICE = "USING";

    private static final int FIELDS = 7;
    private static final String DEFAULT_RACK = "default-rack";

    private final AlibabaMachineRule rule;

    /**
     * @param input the {@code machine_meta} file; the reader owns and closes it
     * @param rule how rows become heartbeats
     */
    public AlibabaMachineMetaReader(TraceInput input, AlibabaMachineRule rule) {
        super(input, NO_LIMIT, DEFAULT_MAX_LINE_BYTES);
        this.rule = Objects.requireNonNull(rule, "rule");
    }

    /** Opens a file, plain or gzip. */
    public static AlibabaMachineMetaReader open(Path file, AlibabaMachineRule rule) throws IOException {
        Objects.requireNonNull(rule, "rule");
        return new AlibabaMachineMetaReader(TraceInput.file(file), rule);
    }

    /** Opens a location: a file path or {@code classpath:<resource>}. */
    public static AlibabaMachineMetaReader open(String location, AlibabaMachineRule rule) throws IOException {
        Objects.requireNonNull(rule, "rule");
        return new AlibabaMachineMetaReader(TraceInput.open(location), rule);
    }

    /** The rule rows are mapped by. */
    public AlibabaMachineRule rule() {
        return rule;
    }

    @Override
    protected TraceRow<NodeHeartbeat> parse(String line, long lineNumber) {
        var fields = line.split(",", -1);
        if (fields.length != FIELDS) {
            return rejected(lineNumber, "expected " + FIELDS + " comma-separated fields (machine_id, time_stamp,"
                    + " failure_domain_1, failure_domain_2, cpu_num, mem_size, status), found " + fields.length);
        }
        var machineId = fields[0].strip();
        if (machineId.isEmpty()) {
            return rejected(lineNumber, "machine_id must not be empty");
        }
        var timeText = fields[1].strip();
        long seconds;
        try {
            seconds = Long.parseLong(timeText);
        } catch (NumberFormatException e) {
            return rejected(lineNumber, "time_stamp must be whole seconds, was '" + timeText + "'");
        }
        if (seconds < 0) {
            return rejected(lineNumber, "time_stamp must be >= 0, was " + seconds);
        }
        Instant time;
        try {
            time = rule.time(seconds);
        } catch (ArithmeticException | DateTimeException e) {
            return rejected(lineNumber, "time_stamp is too large for a timestamp, was " + seconds);
        }
        var cpuText = fields[4].strip();
        long cpus;
        try {
            cpus = Long.parseLong(cpuText);
        } catch (NumberFormatException e) {
            return rejected(lineNumber, "cpu_num must be a whole number, was '" + cpuText + "'");
        }
        if (cpus < 1 || cpus > Integer.MAX_VALUE) {
            return rejected(lineNumber, "cpu_num must be in [1, " + Integer.MAX_VALUE + "], was " + cpus);
        }
        var memoryText = fields[5].strip();
        double memory = TraceNumbers.decimal(memoryText);
        if (Double.isNaN(memory)) {
            return rejected(lineNumber, "mem_size must be a number, was '" + memoryText + "'");
        }
        if (AbnormalMark.is(memory)) {
            return rejected(lineNumber, "mem_size is " + memoryText + ", the trace's mark of an abnormal value");
        }
        if (!(memory > 0) || memory > 100) {
            return rejected(lineNumber, "mem_size must be in (0, 100], was " + memoryText);
        }
        var status = fields[6].strip();
        if (status.isEmpty()) {
            return rejected(lineNumber, "status must not be empty");
        }
        var rack = fields[2].strip();
        var domain2 = fields[3].strip();
        List<String> labels = new ArrayList<>(2);
        if (!domain2.isEmpty()) {
            labels.add("failure_domain_2=" + domain2);
        }
        labels.add("status=" + status);
        var capacity = new Resources((double) cpus, rule.memoryBytes(memory));
        boolean inService = status.equals(IN_SERVICE);
        var nodeId = rule.nodeId(machineId);
        var heartbeat = NodeHeartbeat.newBuilder()
                .setNodeId(nodeId)
                .setTime(time)
                .setRack(rack.isEmpty() ? DEFAULT_RACK : rack)
                .setLabels(labels)
                .setCapacity(capacity)
                .setSpeedGflops(rule.speedGflops())
                .setSlots((int) cpus)
                .setFree(inService
                        ? new Resources(capacity.getCpus(), capacity.getMemoryBytes())
                        : new Resources(0.0, 0L))
                .setFreeSlots(inService ? (int) cpus : 0)
                .setRunningAttempts(List.of())
                .build();
        return new TraceRow.Parsed<>(lineNumber, time, nodeId, heartbeat);
    }
}
