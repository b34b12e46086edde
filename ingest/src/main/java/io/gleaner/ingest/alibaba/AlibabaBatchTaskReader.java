package io.gleaner.ingest.alibaba;

import io.gleaner.ingest.trace.CsvFields;
import io.gleaner.ingest.trace.LineTraceReader;
import io.gleaner.ingest.trace.TraceInput;
import io.gleaner.ingest.trace.TraceRow;
import io.gleaner.schemas.avro.JobSubmitted;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Reads Alibaba cluster-trace-v2018's {@code batch_task} table one line at a time and yields one
 * {@link JobSubmitted} per task row.
 *
 * <p><b>Format</b> ({@code cluster-trace-v2018/schema.txt}, "batch task"). Comma-separated, no header, nine
 * fields: task_name, instance_num, job_name, task_type, status, start_time, end_time, plan_cpu (100 is one
 * core), plan_mem (share of a machine's memory, [0, 100]). Times are seconds from the start of the trace.
 * Plain or gzip, from a file or the classpath ({@link TraceInput}).
 *
 * <p><b>One job per task row.</b> A trace job is a DAG of tasks whose dependencies are written in the task
 * names ({@link AlibabaTaskName}), but a {@link JobSubmitted} holds at most one MAP and one REDUCE group and no
 * dependencies, and the file is in no documented order (each (job, task) pair appears once, with its latest
 * state), so gathering a job's rows would need memory that grows with the file. Each row therefore becomes a
 * job of its own with a single group. The DAG is left out: a replay runs a trace job's tasks independently, each
 * at its own start time.
 *
 * <p><b>Rule</b> (settings and defaults in {@link AlibabaJobRule}):
 * <ul>
 *   <li>jobId = prefix + job_name + "/" + task_name (prefix empty by default, so {@code j_17/R2_1});
 *       jobName = job_name + "/" + task_name; user and queue {@code "default"}; priority 0; no deadline.
 *       task_type is not carried: the schema gives no meaning to its values.</li>
 *   <li>submitTime = traceEpoch + start_time (epoch 2018-01-01T00:00:00Z by default). The trace records when the
 *       task started, not when it was submitted; its start is the closest it has.</li>
 *   <li>One group: kind from the task name ({@link AlibabaJobRule#kind(AlibabaTaskName)}: M is MAP, R is
 *       REDUCE, another letter is REDUCE when the task waits for others and MAP when not, an independent
 *       {@code task_...} is MAP); count = instance_num; demand cpus = plan_cpu / 100; demand memory =
 *       round(plan_mem / 100 x machine memory) (100 GiB by default).</li>
 *   <li>The trace gives no input size, so the work of an instance is derived from what the task did:
 *       (end_time - start_time) x plan_cpu / 100 x reference speed (8 GFLOP/s per core by default).
 *       bytesPerTask = lastTaskBytes = round(work / flopPerByte), flopPerByte 3100 for MAP and 6300 for
 *       REDUCE, so the task runs its trace duration on a node of the reference speed. A MAP group reads dataset
 *       jobId + "/input" from chunk 0; inputBytes (MAP) or shuffleBytes (REDUCE) = count x bytesPerTask;
 *       outputBytes 0 (unknown).</li>
 *   <li>status is checked but not carried: a job is what was asked for, and how its instances ended is what the
 *       batch_instance reports say. Rows of any status are kept when their times give a duration.</li>
 * </ul>
 *
 * <p><b>Rejections.</b> A row becomes a {@link TraceRow.Rejected} (source = file name, partition -1, offset =
 * line number, value = the raw line, stage {@code ingest}) when it has other than nine fields; task_name or
 * job_name is empty; instance_num is not a whole number >= 1 that fits an int; status is not one of the trace's
 * statuses; start_time or end_time is not a whole number >= 0; end_time is 0 (the task had not ended when the
 * trace stopped, e.g. status Running or Waiting: no duration, hence no work); end_time is before start_time;
 * plan_cpu is empty, not a number or not > 0; plan_mem is empty or not in [0, 100]; a time or the byte total
 * overflows. The reason names the field and its value, e.g. {@code plan_mem must be in [0, 100], was 101}.
 * Reading goes on with the next line; blank lines are skipped and counted. The row key is the job id.
 *
 * <p><b>Order.</b> Rows are yielded in file order, which need not be time order; sort the file by start_time
 * ({@code sort -t, -k6,6n}) for a replay paced by submit time.
 *
 * <p>Memory does not grow with the trace: one line is held at a time and nothing is carried between rows.
 * Not thread-safe.
 */
public final class AlibabaBatchTaskReader extends LineTraceReader<JobSubmitted> {

    /** Fields of a batch_task row. */
    public static final int FIELDS = 9;

    private static final int TASK_NAME = 0;
    private static final int INSTANCE_NUM = 1;
    private static final int JOB_NAME = 2;
    private static final int STATUS = 4;
    private static final int START_TIME = 5;
    private static final int END_TIME = 6;
    private static final int PLAN_CPU = 7;
    private static final int PLAN_MEM = 8;

    private final AlibabaJobRule rule;

    /**
     * A reader of an open input.
     *
     * @param input the trace; the reader owns and closes it
     * @param rule how rows become jobs
     * @param limit most jobs to yield; rejected rows do not count; {@link #NO_LIMIT} for all
     */
    public AlibabaBatchTaskReader(TraceInput input, AlibabaJobRule rule, long limit) {
        super(input, limit, DEFAULT_MAX_LINE_BYTES);
        this.rule = Objects.requireNonNull(rule, "rule");
    }

    /** Opens a location: a file path, or {@code classpath:<resource>}; plain or gzip. */
    public static AlibabaBatchTaskReader open(String location, AlibabaJobRule rule, long limit) throws IOException {
        requireArguments(rule, limit);
        return new AlibabaBatchTaskReader(TraceInput.open(location), rule, limit);
    }

    /** Opens a file, plain or gzip. */
    public static AlibabaBatchTaskReader open(Path file, AlibabaJobRule rule, long limit) throws IOException {
        requireArguments(rule, limit);
        return new AlibabaBatchTaskReader(TraceInput.file(file), rule, limit);
    }

    /** The rule rows are turned into jobs by. */
    public AlibabaJobRule rule() {
        return rule;
    }

    static void requireArguments(AlibabaJobRule rule, long limit) {
        Objects.requireNonNull(rule, "rule");
        if (limit < 0) {
            throw new IllegalArgumentException("limit must be >= 0, was " + limit);
        }
    }

    @Override
    protected TraceRow<JobSubmitted> parse(String line, long lineNumber) {
        var fields = CsvFields.split(line);
        if (fields.count() != FIELDS) {
            return rejected(lineNumber, "expected " + FIELDS + " comma-separated fields (task_name, instance_num,"
                    + " job_name, task_type, status, start_time, end_time, plan_cpu, plan_mem), found "
                    + fields.count());
        }
        JobSubmitted job;
        try {
            job = job(fields);
        } catch (CsvFields.BadField e) {
            return rejected(lineNumber, e.getMessage());
        }
        return new TraceRow.Parsed<>(lineNumber, job.getSubmitTime(), job.getJobId(), job);
    }

    private JobSubmitted job(CsvFields fields) {
        var taskName = fields.text(TASK_NAME, "task_name");
        long instances = fields.whole(INSTANCE_NUM, "instance_num", 1);
        if (instances > Integer.MAX_VALUE) {
            throw new CsvFields.BadField("instance_num must be at most " + Integer.MAX_VALUE + ", was "
                    + instances);
        }
        var jobName = fields.text(JOB_NAME, "job_name");
        var statusText = fields.text(STATUS, "status");
        var status = AlibabaBatchStatus.parse(statusText).orElseThrow(() -> new CsvFields.BadField(
                "status must be one of " + AlibabaBatchStatus.labels() + ", was '" + statusText + "'"));
        long start = fields.whole(START_TIME, "start_time", 0);
        long end = fields.whole(END_TIME, "end_time", 0);
        if (end == 0) {
            throw new CsvFields.BadField("end_time is 0: the task (status " + status.label()
                    + ") had not ended when the trace stopped, so it has no duration to derive its work from");
        }
        if (end < start) {
            throw new CsvFields.BadField("end_time " + end + " is before start_time " + start);
        }
        double planCpu = fields.number(PLAN_CPU, "plan_cpu");
        if (!(planCpu > 0)) {
            throw new CsvFields.BadField("plan_cpu must be > 0, was " + planCpu);
        }
        double planMem = fields.optionalNumberIn(PLAN_MEM, "plan_mem", 0, AlibabaJobRule.NORMALISED_FULL)
                .orElseThrow(() -> new CsvFields.BadField("plan_mem is empty"));
        try {
            rule.time(start);
        } catch (ArithmeticException e) {
            throw new CsvFields.BadField("start_time " + start + " is past what a timestamp holds");
        }
        try {
            return rule.job(jobName, taskName, (int) instances, start, end, planCpu, planMem);
        } catch (ArithmeticException e) {
            throw new CsvFields.BadField("instance_num " + instances + " x " + (end - start)
                    + " s x plan_cpu " + planCpu + " is more work than a long of bytes holds");
        }
    }
}
