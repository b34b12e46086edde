package io.gleaner.ingest.google;

import io.gleaner.ingest.trace.CsvFields;
import io.gleaner.ingest.trace.LineTraceReader;
import io.gleaner.ingest.trace.TraceInput;
import io.gleaner.ingest.trace.TraceRow;
import io.gleaner.schemas.avro.NodeHeartbeat;
import io.gleaner.schemas.avro.Resources;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Reads the {@code machine_events} table of Google cluster-data 2011 one line at a time and yields one
 * {@link NodeHeartbeat} per event.
 *
 * <p><b>Format</b> (clusterdata-2011-2 format document, schema.csv). Comma-separated, no header, six fields:
 * timestamp (microseconds; 0 is before the trace), machine ID, event type (0 ADD, 1 REMOVE, 2 UPDATE),
 * platform ID (an opaque string), CPUs and memory (normalised by the largest machine, so in [0, 1]; may be
 * empty). Plain or gzip.
 *
 * <p><b>Rule</b> (settings in {@link GoogleTraceRule}):
 * <ul>
 *   <li>nodeId = nodeIdPrefix + machine ID; time = traceEpoch + timestamp (2011-05-01T22:50:00Z + micros, cut
 *       to the millisecond); rack {@code default-rack} (the trace has none); labels {@code platform=<platform
 *       ID>} when the platform is given.</li>
 *   <li>ADD and UPDATE: capacity = (CPUs x largest machine's cores, round(memory x largest machine's memory)),
 *       32 cores and 128 GiB by default; speedGflops 8; slots = floor(cores / cpusPerSlot), one per core by
 *       default. A heartbeat read from a trace runs no Gleaner task: free = capacity, freeSlots = slots, no
 *       running attempts. (What the owners' load leaves free is in the utilization samples.)</li>
 *   <li>REMOVE: the canonical topics have no "node left" record; the node's heartbeat says it has nothing to
 *       give: capacity, free 0 cores and 0 bytes, 0 slots, label {@code removed}. The planner then places
 *       nothing there, until an ADD brings it back. CPUs and memory of a REMOVE are not read.</li>
 * </ul>
 *
 * <p><b>Rejections</b> (source = file name, partition -1, offset = line number, value = the raw line, reason
 * naming the field and value): other than six fields; timestamp not a whole number >= 0, or 2^63 - 1 (after
 * the trace); machine ID not a whole number >= 0; event type not 0, 1 or 2; on ADD or UPDATE, CPUs or memory
 * empty (no capacity to report; the trace has a few such lines), not a number, or outside [0, 1]. Reading goes
 * on with the next line. The row key is the node id.
 *
 * <p>Memory does not grow with the trace: one line at a time, nothing carried between rows. Not thread-safe.
 */
public final class GoogleMachineEventReader extends LineTraceReader<NodeHeartbeat> {

    /** Fields of a machine_events row. */
    public static final int FIELDS = 6;
    /** Rack of every node: the trace has none. */
    public static final String RACK = "default-rack";
    /** Label of a node's heartbeat after a REMOVE. */
    public static final String REMOVED_LABEL = "removed";
    /** Prefix of the platform label. */
    public static final String PLATFORM_LABEL = "platform=";

    private static final int TIMESTAMP = 0;
    private static final int MACHINE_ID = 1;
    private static final int EVENT_TYPE = 2;
    private static final int PLATFORM_ID = 3;
    private static final int CPUS = 4;
    private static final int MEMORY = 5;

    private final GoogleTraceRule rule;

    /**
     * A reader of an open input.
     *
     * @param input the trace; the reader owns and closes it
     * @param rule how rows become heartbeats
     * @param limit most heartbeats to yield; rejected rows do not count; {@link #NO_LIMIT} for all
     */
    public GoogleMachineEventReader(TraceInput input, GoogleTraceRule rule, long limit) {
        super(input, limit, DEFAULT_MAX_LINE_BYTES);
        this.rule = Objects.requireNonNull(rule, "rule");
    }

    /** Opens a location: a file path, or {@code classpath:<resource>}; plain or gzip. */
    public static GoogleMachineEventReader open(String location, GoogleTraceRule rule, long limit) throws IOException {
        requireArguments(rule, limit);
        return new GoogleMachineEventReader(TraceInput.open(location), rule, limit);
    }

    /** Opens a file, plain or gzip. */
    public static GoogleMachineEventReader open(Path file, GoogleTraceRule rule, long limit) throws IOException {
        requireArguments(rule, limit);
        return new GoogleMachineEventReader(TraceInput.file(file), rule, limit);
    }

    static void requireArguments(GoogleTraceRule rule, long limit) {
        Objects.requireNonNull(rule, "rule");
        if (limit < 0) {
            throw new IllegalArgumentException("limit must be >= 0, was " + limit);
        }
    }

    /** The rule rows are turned into heartbeats by. */
    public GoogleTraceRule rule() {
        return rule;
    }

    @Override
    protected TraceRow<NodeHeartbeat> parse(String line, long lineNumber) {
        var fields = CsvFields.split(line);
        if (fields.count() != FIELDS) {
            return rejected(lineNumber, "expected " + FIELDS + " comma-separated fields (timestamp, machine ID,"
                    + " event type, platform ID, CPUs, memory), found " + fields.count());
        }
        NodeHeartbeat heartbeat;
        try {
            heartbeat = heartbeat(fields);
        } catch (CsvFields.BadField e) {
            return rejected(lineNumber, e.getMessage());
        }
        return new TraceRow.Parsed<>(lineNumber, heartbeat.getTime(), heartbeat.getNodeId(), heartbeat);
    }

    private NodeHeartbeat heartbeat(CsvFields fields) {
        var time = rule.time(GoogleTraceRule.micros(fields, TIMESTAMP, "timestamp"));
        long machineId = fields.whole(MACHINE_ID, "machine ID", 0, Long.MAX_VALUE);
        long type = fields.whole(EVENT_TYPE, "event type", 0, Long.MAX_VALUE);
        var event = GoogleMachineEvent.of(type).orElseThrow(() -> new CsvFields.BadField(
                "event type must be 0 (ADD), 1 (REMOVE) or 2 (UPDATE), was " + type));
        var labels = new ArrayList<String>(2);
        if (!fields.isEmpty(PLATFORM_ID)) {
            labels.add(PLATFORM_LABEL + fields.text(PLATFORM_ID));
        }
        Resources capacity;
        int slots;
        if (event == GoogleMachineEvent.REMOVE) {
            labels.add(REMOVED_LABEL);
            capacity = new Resources(0.0, 0L);
            slots = 0;
        } else {
            var whenEmpty = ": an " + event + " without a capacity gives no heartbeat";
            double cpus = normalised(fields.nonNegative(CPUS, "CPUs", whenEmpty), "CPUs", fields.text(CPUS));
            double memory = normalised(fields.nonNegative(MEMORY, "memory", whenEmpty), "memory", fields.text(MEMORY));
            double cores = rule.cores(cpus);
            capacity = new Resources(cores, rule.memoryBytes(memory));
            slots = rule.slots(cores);
        }
        return NodeHeartbeat.newBuilder()
                .setNodeId(rule.nodeId(machineId))
                .setTime(time)
                .setRack(RACK)
                .setLabels(List.copyOf(labels))
                .setCapacity(capacity)
                .setSpeedGflops(rule.speedGflops())
                .setSlots(slots)
                .setFree(new Resources(capacity.getCpus(), capacity.getMemoryBytes()))
                .setFreeSlots(slots)
                .setRunningAttempts(List.of())
                .build();
    }

    private static double normalised(double value, String name, String text) {
        if (value > 1) {
            throw new CsvFields.BadField(name + " must be in [0, 1] (normalised by the largest machine), was " + text);
        }
        return value;
    }
}
