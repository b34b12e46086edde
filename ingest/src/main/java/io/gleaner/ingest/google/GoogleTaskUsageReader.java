package io.gleaner.ingest.google;

import io.gleaner.ingest.trace.CsvFields;
import io.gleaner.ingest.trace.ForwardingTraceReader;
import io.gleaner.ingest.trace.LineTraceReader;
import io.gleaner.ingest.trace.TraceInput;
import io.gleaner.ingest.trace.TraceReader;
import io.gleaner.ingest.trace.TraceRow;
import io.gleaner.schemas.avro.Metric;
import io.gleaner.schemas.avro.UsageSource;
import io.gleaner.schemas.avro.UtilizationSample;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Reads the {@code task_usage} table of Google cluster-data 2011 and yields, per machine and fixed time window
 * (5 minutes by default), one CPU and one MEMORY {@link UtilizationSample} of the machine: the share of its
 * capacity that the trace's tasks used.
 *
 * <p><b>Format</b> (clusterdata-2011-2 format document, schema.csv). Comma-separated, no header, 20 fields (19
 * in clusterdata-2011-1, which lacks the last): start time, end time (microseconds), job ID, task index, machine
 * ID, CPU rate (mean, in cores normalised by the largest machine), canonical memory usage (mean, normalised by
 * the largest machine's memory), assigned memory usage, unmapped page cache, total page cache, maximum memory
 * usage, disk I/O time, local disk space usage, maximum CPU rate, maximum disk IO time, cycles per instruction,
 * memory accesses per instruction, sample portion, aggregation type (0 or 1), sampled CPU usage. Each row is
 * one task's usage over one measurement period (usually 5 minutes). Rows are in start-time order. Plain or gzip.
 *
 * <p><b>Why aggregate.</b> A sample is the use of a whole node (its owners' load, REGULAR, which is what the
 * forecaster predicts), and the trace reports each task separately. Emitting a task's usage as a sample of its
 * machine would give several samples for the same node, metric and time, each far below the node's load. So
 * the reader sums the tasks of a machine over each window.
 *
 * <p><b>Rule</b> (settings in {@link GoogleTraceRule}):
 * <ul>
 *   <li>Windows [w, w + L) with w a multiple of L (L = 300 s by default) in trace time; the trace's own
 *       periods start on that grid (trace time 600 s is the first).</li>
 *   <li>A row [start, end) on machine m adds, to every window it overlaps, CPU rate x machineCpus / capacity
 *       cores of m and canonical memory usage x machineMemoryBytes / capacity bytes of m, each weighted by
 *       overlap / L. Capacity of m is its capacity at the row's start ({@link GoogleMachineCapacities}, from
 *       machine_events), or the largest machine's when no table is given. So a window's value is the
 *       time-average, over the window, of the sum of the tasks' usage, as a fraction of the machine. Time a
 *       machine's tasks did not report counts as unused.</li>
 *   <li>Per window with at least one row of m: a CPU and a MEMORY sample, nodeId = nodeIdPrefix + machine ID,
 *       time = traceEpoch + w (2011-05-01T22:50:00Z + w), source REGULAR. A machine with no row in a window
 *       gets no sample (not known, rather than 0). Values are not clamped: tasks may use more than their
 *       machine has (the trace overcommits), and a value above 1 is left for validation to count as
 *       OUT_OF_RANGE.</li>
 *   <li>Samples come out when their window is complete: once a row starts at or after w + L + lateness (300 s
 *       by default), in window order, then machine ID order, CPU before MEMORY. The rest come out at the end of
 *       the file. A sample's line is the last line that went into its window; samples can thus follow
 *       rejections of later lines.</li>
 *   <li>Not carried: job and task (the sample is of the node), assigned memory, page cache, maximum memory,
 *       disk I/O time and local disk space (no canonical counterpart), maximum CPU rate, CPI, MAI, sample
 *       portion, aggregation type and sampled CPU usage; each is checked to be a number >= 0 when present.</li>
 * </ul>
 *
 * <p><b>Rejections</b> (source = file name, partition -1, offset = line number, value = the raw line, reason
 * naming the field and value): other than 19 or 20 fields; start or end time not a whole number >= 0, or
 * 2^63 - 1; end time not after start time (a period with no length has no usage to spread); job ID, task index
 * or machine ID not a whole number >= 0; CPU rate or canonical memory usage empty (the sample would leave the
 * task out) or not a number >= 0; another field present but not a number >= 0; aggregation type not 0 or 1; a
 * machine with no capacity at the row's start in the table given (never added, or removed); a start before the
 * windows already emitted (the file is out of order by more than the lateness). Reading goes on.
 *
 * <p><b>Memory</b> is bounded by the machines times the windows open at once (lateness plus the longest
 * measurement period, over L), not by the file: about 12,500 machines x 3 windows for the whole trace.
 * Not thread-safe. {@code limit} counts samples.
 */
public final class GoogleTaskUsageReader extends ForwardingTraceReader<UtilizationSample> {

    /** Default window length: 5 minutes, the trace's measurement period. */
    public static final Duration DEFAULT_WINDOW = Duration.ofMinutes(5);
    /** Default lateness: rows may start up to one window before the latest start seen. */
    public static final Duration DEFAULT_LATENESS = Duration.ofMinutes(5);
    /** Fields of a clusterdata-2011-2 task_usage row. */
    public static final int FIELDS = 20;
    /** Fields of a clusterdata-2011-1 task_usage row (no sampled CPU usage). */
    public static final int FIELDS_2011_1 = 19;

    private static final int START = 0;
    private static final int END = 1;
    private static final int JOB_ID = 2;
    private static final int TASK_INDEX = 3;
    private static final int MACHINE_ID = 4;
    private static final int CPU_RATE = 5;
    private static final int CANONICAL_MEMORY = 6;
    private static final int AGGREGATION_TYPE = 18;
    private static final String[] OTHER_NUMBERS = {
        null, null, null, null, null, null, null,
        "assigned memory usage", "unmapped page cache", "total page cache", "maximum memory usage",
        "disk I/O time", "local disk space usage", "maximum CPU rate", "maximum disk IO time",
        "cycles per instruction", "memory accesses per instruction", "sample portion", null, "sampled CPU usage"};

    private final GoogleTraceRule rule;
    private final GoogleMachineCapacities capacities;
    private final long windowMicros;
    private final long latenessMicros;
    private final long limit;
    private final Lines lines;
    private final TreeMap<Long, Window> windows = new TreeMap<>();
    private final ArrayDeque<TraceRow<UtilizationSample>> ready = new ArrayDeque<>();
    private long emittedBefore;
    private long samples;
    private boolean drained;

    /**
     * A reader of an open input.
     *
     * @param input the trace; the reader owns and closes it
     * @param rule ids, epoch and the largest machine's size
     * @param capacities each machine's capacity, or {@link GoogleMachineCapacities#largestEverywhere}
     * @param window the window length, a whole number of microseconds > 0
     * @param lateness how far before the latest start seen a row may still start, >= 0
     * @param limit most samples to yield; {@link LineTraceReader#NO_LIMIT} for all
     */
    public GoogleTaskUsageReader(TraceInput input, GoogleTraceRule rule, GoogleMachineCapacities capacities,
            Duration window, Duration lateness, long limit) {
        Objects.requireNonNull(input, "input");
        this.rule = Objects.requireNonNull(rule, "rule");
        this.capacities = Objects.requireNonNull(capacities, "capacities");
        this.windowMicros = micros(window, "window");
        if (windowMicros <= 0) {
            throw new IllegalArgumentException("window must be > 0, was " + window);
        }
        this.latenessMicros = micros(lateness, "lateness");
        if (latenessMicros < 0) {
            throw new IllegalArgumentException("lateness must be >= 0, was " + lateness);
        }
        if (limit < 0) {
            throw new IllegalArgumentException("limit must be >= 0, was " + limit);
        }
        this.limit = limit;
        this.lines = new Lines(input);
    }

    /** Opens a location with the machines' capacities, 5-minute windows and 5 minutes of lateness. */
    public static GoogleTaskUsageReader open(String location, GoogleTraceRule rule, GoogleMachineCapacities capacities,
            long limit) throws IOException {
        requireArguments(rule, capacities, limit);
        return new GoogleTaskUsageReader(TraceInput.open(location), rule, capacities, DEFAULT_WINDOW,
                DEFAULT_LATENESS, limit);
    }

    /** Opens a file with the machines' capacities, 5-minute windows and 5 minutes of lateness. */
    public static GoogleTaskUsageReader open(Path file, GoogleTraceRule rule, GoogleMachineCapacities capacities,
            long limit) throws IOException {
        requireArguments(rule, capacities, limit);
        return new GoogleTaskUsageReader(TraceInput.file(file), rule, capacities, DEFAULT_WINDOW, DEFAULT_LATENESS,
                limit);
    }

    /**
     * Opens a location without a capacity table: every machine is taken to be the largest
     * ({@link GoogleMachineCapacities#largestEverywhere}).
     */
    public static GoogleTaskUsageReader open(String location, GoogleTraceRule rule, long limit) throws IOException {
        Objects.requireNonNull(rule, "rule");
        return open(location, rule, GoogleMachineCapacities.largestEverywhere(rule), limit);
    }

    private static void requireArguments(GoogleTraceRule rule, GoogleMachineCapacities capacities, long limit) {
        GoogleMachineEventReader.requireArguments(rule, limit);
        Objects.requireNonNull(capacities, "capacities");
    }

    private static long micros(Duration duration, String name) {
        Objects.requireNonNull(duration, name);
        try {
            return Math.multiplyExact(duration.getSeconds(), 1_000_000L) + duration.getNano() / 1000;
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException(name + " is too long, was " + duration);
        }
    }

    @Override
    public boolean hasNext() {
        if (samples >= limit) {
            ready.clear();
            close();
            return false;
        }
        while (ready.isEmpty() && !drained) {
            if (lines.hasNext()) {
                var row = lines.next();
                if (row instanceof TraceRow.Parsed<Usage> parsed) {
                    add(parsed.value(), parsed.line());
                } else if (row instanceof TraceRow.Rejected<Usage> rejected) {
                    ready.add(new TraceRow.Rejected<>(rejected.deadLetter()));
                }
            } else {
                emitBefore(Long.MAX_VALUE);
                drained = true;
            }
        }
        return !ready.isEmpty();
    }

    @Override
    public TraceRow<UtilizationSample> next() {
        if (!hasNext()) {
            throw new NoSuchElementException("no more rows in " + sourceName());
        }
        var row = ready.poll();
        if (row instanceof TraceRow.Parsed) {
            samples++;
        }
        return row;
    }

    /** Closes the windows that no row starting at {@code start} or later can reach, then adds the row. */
    private void add(Usage usage, long line) {
        long horizon = usage.start() - latenessMicros;
        if (horizon > 0) {
            emitBefore(Math.floorDiv(horizon, windowMicros) * windowMicros);
        }
        for (long w = Math.floorDiv(usage.start(), windowMicros) * windowMicros; w < usage.end(); w += windowMicros) {
            long overlap = Math.min(usage.end(), w + windowMicros) - Math.max(usage.start(), w);
            var sums = windows.computeIfAbsent(w, start -> new Window()).add(usage.machineId(), line);
            sums[0] += usage.cpuFraction() * overlap;
            sums[1] += usage.memoryFraction() * overlap;
            if (w > Long.MAX_VALUE - windowMicros) {
                break;
            }
        }
    }

    /** Emits every open window that starts before {@code bound}, in window order. */
    private void emitBefore(long bound) {
        while (!windows.isEmpty() && windows.firstKey() < bound) {
            var first = windows.pollFirstEntry();
            var time = rule.time(first.getKey());
            var window = first.getValue();
            for (Map.Entry<Long, double[]> machine : window.sums.entrySet()) {
                var nodeId = rule.nodeId(machine.getKey());
                var sums = machine.getValue();
                ready.add(sample(window.lastLine, nodeId, time, Metric.CPU, sums[0] / windowMicros));
                ready.add(sample(window.lastLine, nodeId, time, Metric.MEMORY, sums[1] / windowMicros));
            }
        }
        emittedBefore = Math.max(emittedBefore, bound);
    }

    private static TraceRow<UtilizationSample> sample(long line, String nodeId, Instant time, Metric metric,
            double value) {
        var sample = UtilizationSample.newBuilder()
                .setNodeId(nodeId)
                .setTime(time)
                .setMetric(metric)
                .setSource(UsageSource.REGULAR)
                .setValue(value)
                .build();
        return new TraceRow.Parsed<>(line, time, nodeId, sample);
    }

    @Override
    protected TraceReader<?> source() {
        return lines;
    }

    /** The rule rows are read by. */
    public GoogleTraceRule rule() {
        return rule;
    }

    /** Windows not yet emitted; what the reader holds besides one line. */
    int openWindows() {
        return windows.size();
    }

    /** One row of usage: its period in trace microseconds and its shares of its machine. */
    private record Usage(long start, long end, long machineId, double cpuFraction, double memoryFraction) {
    }

    /** Per machine, usage share x microseconds summed over the window: {cpu, memory}. */
    private static final class Window {
        private final TreeMap<Long, double[]> sums = new TreeMap<>();
        private long lastLine;

        double[] add(long machineId, long line) {
            lastLine = Math.max(lastLine, line);
            return sums.computeIfAbsent(machineId, id -> new double[2]);
        }
    }

    /** The lines of the file, each checked and turned into a {@link Usage}. */
    private final class Lines extends LineTraceReader<Usage> {

        Lines(TraceInput input) {
            super(input, NO_LIMIT, DEFAULT_MAX_LINE_BYTES);
        }

        @Override
        protected TraceRow<Usage> parse(String line, long lineNumber) {
            var fields = CsvFields.split(line);
            if (fields.count() != FIELDS && fields.count() != FIELDS_2011_1) {
                return rejected(lineNumber, "expected " + FIELDS + " comma-separated fields (start time, end time,"
                        + " job ID, task index, machine ID, CPU rate, canonical memory usage, ..., sampled CPU usage),"
                        + " or " + FIELDS_2011_1 + " without the last, found " + fields.count());
            }
            try {
                var start = rule.time(GoogleTraceRule.micros(fields, START, "start time"));
                return new TraceRow.Parsed<>(lineNumber, start, "", usage(fields));
            } catch (CsvFields.BadField e) {
                return rejected(lineNumber, e.getMessage());
            }
        }

        private Usage usage(CsvFields fields) {
            long start = GoogleTraceRule.micros(fields, START, "start time");
            long end = GoogleTraceRule.micros(fields, END, "end time");
            if (end <= start) {
                throw new CsvFields.BadField("end time " + end + " is not after start time " + start);
            }
            fields.whole(JOB_ID, "job ID", 0, Long.MAX_VALUE);
            fields.whole(TASK_INDEX, "task index", 0, Long.MAX_VALUE);
            long machineId = fields.whole(MACHINE_ID, "machine ID", 0, Long.MAX_VALUE);
            var whenEmpty = ": the machine's sample would leave this task out";
            double cpuRate = fields.nonNegative(CPU_RATE, "CPU rate", whenEmpty);
            double memory = fields.nonNegative(CANONICAL_MEMORY, "canonical memory usage", whenEmpty);
            for (int i = 0; i < fields.count(); i++) {
                if (OTHER_NUMBERS[i] != null) {
                    fields.optionalNonNegative(i, OTHER_NUMBERS[i]);
                }
            }
            fields.optionalWhole(AGGREGATION_TYPE, "aggregation type", 0, 1);
            if (start < emittedBefore) {
                throw new CsvFields.BadField("start time " + start + " is before " + emittedBefore
                        + ", where samples were already emitted: the file is out of start-time order by more than"
                        + " the lateness of " + latenessMicros + " us");
            }
            var nodeId = rule.nodeId(machineId);
            var capacity = capacities.at(nodeId, rule.time(start)).orElseThrow(() -> new CsvFields.BadField(
                    "machine ID " + machineId + " has no capacity at start time " + start
                            + " in the machine events given"));
            if (!(capacity.getCpus() > 0) || capacity.getMemoryBytes() <= 0) {
                throw new CsvFields.BadField("machine ID " + machineId + " has no capacity at start time " + start
                        + " (removed, or added with none): no share of it to compute");
            }
            double cpuFraction = rule.cores(cpuRate) / capacity.getCpus();
            double memoryFraction = memory * rule.machineMemoryBytes() / capacity.getMemoryBytes();
            return new Usage(start, end, machineId, cpuFraction, memoryFraction);
        }
    }
}
