package io.gleaner.ingest.alibaba;

import io.gleaner.ingest.trace.CsvFields;
import io.gleaner.ingest.trace.LineTraceReader;
import io.gleaner.ingest.trace.TraceInput;
import io.gleaner.ingest.trace.TraceRow;
import io.gleaner.schemas.avro.TaskReport;
import io.gleaner.schemas.avro.TaskState;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Objects;

/**
 * Reads Alibaba cluster-trace-v2018's {@code batch_instance} table one line at a time and yields one
 * {@link TaskReport} per instance row: how one attempt of one task ended on one node.
 *
 * <p><b>Format</b> ({@code cluster-trace-v2018/schema.txt}, "batch instance"). Comma-separated, no header, 14
 * fields: instance_name, task_name, job_name, task_type, status, start_time, end_time, machine_id, seq_no,
 * total_seq_no, cpu_avg, cpu_max (100 is one core), mem_avg, mem_max (share of a machine's memory, [0, 100]).
 * Times are seconds from the start of the trace. Plain or gzip.
 *
 * <p><b>Rule</b> (settings in {@link AlibabaJobRule}, shared with {@link AlibabaBatchTaskReader} so that a report
 * names the job its task row made):
 * <ul>
 *   <li>jobId = prefix + job_name + "/" + task_name; kind from task_name as for the task row
 *       ({@link AlibabaJobRule#kind(String)}).</li>
 *   <li>taskIndex = the number at the end of instance_name (the trace names instances {@code ins_<n>}).
 *       The trace numbers instances across the whole trace, not within their task, so the index identifies the
 *       instance but is not in 0..instance_num-1 of the task's group; the trace gives nothing that is.</li>
 *   <li>attempt = seq_no - 1 (seq_no counts an instance's runs from 1); total_seq_no is checked, not carried.</li>
 *   <li>decisionId = jobId + "/" + m|r + "/" + taskIndex + "/" + attempt, the form of the planner's decisions.</li>
 *   <li>nodeId = nodeIdPrefix + machine_id (prefix empty by default).</li>
 *   <li>state from status: Terminated is SUCCEEDED; Failed is FAILED; Cancelled is KILLED (stopped from outside
 *       before it finished); Interrupted is KILLED (a backup instance stopped, like a killed speculative
 *       attempt in Hadoop); Running is LAUNCHED (it started and had not ended when the trace stopped).
 *       reason = "alibaba status " + status for FAILED and KILLED, null otherwise.</li>
 *   <li>time = traceEpoch + end_time for an ended instance, + start_time for a Running one; startTime =
 *       traceEpoch + start_time on reports of an end, null on LAUNCHED.</li>
 *   <li>On reports of an end: cpuSeconds = cpu_avg / 100 x (end_time - start_time) core-seconds; memoryBytes =
 *       round(mem_max / 100 x machine memory), the most it held. An empty cpu_avg or mem_max gives 0, the
 *       schema's "not known". LAUNCHED reports carry no usage. inputBytes 0 (the trace has no sizes); local
 *       true (the schema's default: the trace does not say where input was read).</li>
 *   <li>task_type, cpu_max and mem_avg are checked (numbers when present), not carried.</li>
 * </ul>
 *
 * <p><b>Rejections</b> (source = file name, partition -1, offset = line number, value = the raw line, reason
 * naming the field and value): other than 14 fields; instance_name, task_name, job_name or machine_id empty;
 * instance_name without a trailing number that fits an int; status not one of the trace's; status Waiting or
 * Ready (the instance never started: there is no attempt on a node to report); start_time or end_time not a
 * whole number >= 0; an ended instance with end_time 0 or before start_time; seq_no or total_seq_no not a
 * whole number >= 1, or seq_no above what an int holds; cpu_avg, cpu_max or mem_avg negative or not a number;
 * mem_max not in [0, 100]; a time past what a timestamp holds. Reading goes on with the next line. The row key
 * is the job id.
 *
 * <p><b>Order.</b> File order, which need not be time order. Memory does not grow with the trace: one line at
 * a time, nothing carried between rows. Not thread-safe.
 */
public final class AlibabaBatchInstanceReader extends LineTraceReader<TaskReport> {

    /** Fields of a batch_instance row. */
    public static final int FIELDS = 14;
    /** Prefix of the reason of FAILED and KILLED reports. */
    public static final String REASON_PREFIX = "alibaba status ";

    private static final int INSTANCE_NAME = 0;
    private static final int TASK_NAME = 1;
    private static final int JOB_NAME = 2;
    private static final int STATUS = 4;
    private static final int START_TIME = 5;
    private static final int END_TIME = 6;
    private static final int MACHINE_ID = 7;
    private static final int SEQ_NO = 8;
    private static final int TOTAL_SEQ_NO = 9;
    private static final int CPU_AVG = 10;
    private static final int CPU_MAX = 11;
    private static final int MEM_AVG = 12;
    private static final int MEM_MAX = 13;

    private final AlibabaJobRule rule;

    /**
     * A reader of an open input.
     *
     * @param input the trace; the reader owns and closes it
     * @param rule how rows become reports
     * @param limit most reports to yield; rejected rows do not count; {@link #NO_LIMIT} for all
     */
    public AlibabaBatchInstanceReader(TraceInput input, AlibabaJobRule rule, long limit) {
        super(input, limit, DEFAULT_MAX_LINE_BYTES);
        this.rule = Objects.requireNonNull(rule, "rule");
    }

    /** Opens a location: a file path, or {@code classpath:<resource>}; plain or gzip. */
    public static AlibabaBatchInstanceReader open(String location, AlibabaJobRule rule, long limit)
            throws IOException {
        AlibabaBatchTaskReader.requireArguments(rule, limit);
        return new AlibabaBatchInstanceReader(TraceInput.open(location), rule, limit);
    }

    /** Opens a file, plain or gzip. */
    public static AlibabaBatchInstanceReader open(Path file, AlibabaJobRule rule, long limit) throws IOException {
        AlibabaBatchTaskReader.requireArguments(rule, limit);
        return new AlibabaBatchInstanceReader(TraceInput.file(file), rule, limit);
    }

    /** The rule rows are turned into reports by. */
    public AlibabaJobRule rule() {
        return rule;
    }

    /**
     * The instance number at the end of an instance name, e.g. 74901673 for {@code ins_74901673}.
     *
     * @throws CsvFields.BadField if the name does not end in digits or the number exceeds an int
     */
    static int instanceIndex(String instanceName) {
        int digitsFrom = instanceName.length();
        while (digitsFrom > 0 && Character.isDigit(instanceName.charAt(digitsFrom - 1))
                && instanceName.charAt(digitsFrom - 1) < 128) {
            digitsFrom--;
        }
        var digits = instanceName.substring(digitsFrom);
        if (digits.isEmpty()) {
            throw new CsvFields.BadField("instance_name must end in a number (e.g. ins_123) to give the"
                    + " task index, was '" + instanceName + "'");
        }
        try {
            return Integer.parseInt(digits);
        } catch (NumberFormatException e) {
            throw new CsvFields.BadField("instance_name's number must be at most " + Integer.MAX_VALUE
                    + " to be a task index, was '" + instanceName + "'");
        }
    }

    @Override
    protected TraceRow<TaskReport> parse(String line, long lineNumber) {
        var fields = CsvFields.split(line);
        if (fields.count() != FIELDS) {
            return rejected(lineNumber, "expected " + FIELDS + " comma-separated fields (instance_name, task_name,"
                    + " job_name, task_type, status, start_time, end_time, machine_id, seq_no, total_seq_no,"
                    + " cpu_avg, cpu_max, mem_avg, mem_max), found " + fields.count());
        }
        TaskReport report;
        try {
            report = report(fields);
        } catch (CsvFields.BadField e) {
            return rejected(lineNumber, e.getMessage());
        }
        return new TraceRow.Parsed<>(lineNumber, report.getTime(), report.getJobId(), report);
    }

    private TaskReport report(CsvFields fields) {
        var instanceName = fields.text(INSTANCE_NAME, "instance_name");
        int taskIndex = instanceIndex(instanceName);
        var taskName = fields.text(TASK_NAME, "task_name");
        var jobName = fields.text(JOB_NAME, "job_name");
        var statusText = fields.text(STATUS, "status");
        var status = AlibabaBatchStatus.parse(statusText).orElseThrow(() -> new CsvFields.BadField(
                "status must be one of " + AlibabaBatchStatus.labels() + ", was '" + statusText + "'"));
        var state = switch (status) {
            case TERMINATED -> TaskState.SUCCEEDED;
            case FAILED -> TaskState.FAILED;
            case CANCELLED, INTERRUPTED -> TaskState.KILLED;
            case RUNNING -> TaskState.LAUNCHED;
            case WAITING, READY -> throw new CsvFields.BadField("status " + status.label()
                    + ": the instance never started, so there is no attempt on a node to report");
        };
        long start = fields.whole(START_TIME, "start_time", 0);
        long end = fields.whole(END_TIME, "end_time", 0);
        boolean ended = state != TaskState.LAUNCHED;
        if (ended && end == 0) {
            throw new CsvFields.BadField("end_time is 0 for an instance whose status is " + status.label());
        }
        if (ended && end < start) {
            throw new CsvFields.BadField("end_time " + end + " is before start_time " + start);
        }
        var machineId = fields.text(MACHINE_ID, "machine_id");
        long seqNo = fields.whole(SEQ_NO, "seq_no", 1);
        if (seqNo > Integer.MAX_VALUE) {
            throw new CsvFields.BadField("seq_no must be at most " + Integer.MAX_VALUE + ", was " + seqNo);
        }
        fields.whole(TOTAL_SEQ_NO, "total_seq_no", 1);
        var cpuAvg = fields.optionalNonNegative(CPU_AVG, "cpu_avg");
        fields.optionalNonNegative(CPU_MAX, "cpu_max");
        fields.optionalNonNegative(MEM_AVG, "mem_avg");
        var memMax = fields.optionalNumberIn(MEM_MAX, "mem_max", 0, AlibabaJobRule.NORMALISED_FULL);

        var kind = AlibabaJobRule.kind(taskName);
        var jobId = rule.jobId(jobName, taskName);
        int attempt = (int) seqNo - 1;
        var builder = TaskReport.newBuilder()
                .setDecisionId(AlibabaJobRule.decisionId(jobId, kind, taskIndex, attempt))
                .setJobId(jobId)
                .setKind(kind)
                .setTaskIndex(taskIndex)
                .setAttempt(attempt)
                .setNodeId(rule.nodeId(machineId))
                .setState(state)
                .setLocal(true)
                .setInputBytes(0L)
                .setCpuSeconds(0.0)
                .setMemoryBytes(0L)
                .setReason(null)
                .setStartTime(null);
        if (!ended) {
            return builder.setTime(time("start_time", start)).build();
        }
        return builder
                .setTime(time("end_time", end))
                .setStartTime(time("start_time", start))
                .setCpuSeconds(AlibabaJobRule.cores(cpuAvg.orElse(0)) * (end - start))
                .setMemoryBytes(rule.memoryBytes(memMax.orElse(0)))
                .setReason(state == TaskState.SUCCEEDED ? null : REASON_PREFIX + status.label())
                .build();
    }

    private Instant time(String field, long seconds) {
        try {
            return rule.time(seconds);
        } catch (ArithmeticException e) {
            throw new CsvFields.BadField(field + " " + seconds + " is past what a timestamp holds");
        }
    }
}
