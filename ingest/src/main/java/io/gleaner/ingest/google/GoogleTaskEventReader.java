package io.gleaner.ingest.google;

import io.gleaner.ingest.trace.CsvFields;
import io.gleaner.ingest.trace.LineTraceReader;
import io.gleaner.ingest.trace.TraceInput;
import io.gleaner.ingest.trace.TraceRow;
import io.gleaner.schemas.avro.JobSubmitted;
import io.gleaner.schemas.avro.Resources;
import io.gleaner.schemas.avro.TaskGroup;
import io.gleaner.schemas.avro.TaskKind;
import io.gleaner.schemas.avro.TaskReport;
import io.gleaner.schemas.avro.TaskState;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import org.apache.avro.specific.SpecificRecord;

/**
 * Reads the {@code task_events} table of Google cluster-data 2011 one line at a time and yields, per event, a
 * {@link JobSubmitted} (for a SUBMIT) or a {@link TaskReport} (for a task's start or end): one pass, in the
 * file's order, which is time order. Both are keyed by the job id; route them by type, JobSubmitted to
 * {@code jobs.submitted} and TaskReport to {@code tasks.reports}.
 *
 * <p><b>Format</b> (clusterdata-2011-2 format document, schema.csv). Comma-separated, no header, 13 fields:
 * timestamp (microseconds; 0 is before the trace), missing info (empty, or 0-2 when the record was
 * synthesised), job ID, task index, machine ID (may be empty), event type (0 SUBMIT, 1 SCHEDULE, 2 EVICT,
 * 3 FAIL, 4 FINISH, 5 KILL, 6 LOST, 7 UPDATE_PENDING, 8 UPDATE_RUNNING), user (hashed), scheduling class (0-3),
 * priority (0-11, larger is more important), CPU request, memory request, disk space request (normalised by
 * the largest machine; may be empty), different-machine restriction (0 or 1). Plain or gzip.
 *
 * <p><b>One job per task.</b> A trace job has many tasks whose events come one per task, spread over the file;
 * its size is known only when its last task was submitted, which a stream cannot wait for. So each task is a
 * job of one task: jobId = jobIdPrefix + job ID + "/" + task index. jobName = the job ID, so that the tasks of
 * one trace job share a name (and a profile). The trace does not number a task's attempts and this reader keeps
 * no state, so every report is of attempt 0, and a task submitted again after it was evicted or failed yields
 * another JobSubmitted with the same job id and a later submit time. (Gleaner's planner ignores an equal
 * duplicate and rejects one that differs, so such a resubmission ends as the planner's dead letter, not as a
 * second job: in Gleaner, relaunching a task is the planner's business.)
 *
 * <p><b>Rule</b> (settings in {@link GoogleTraceRule}): time = traceEpoch + timestamp (2011-05-01T22:50:00Z +
 * micros, cut to the millisecond).
 * <ul>
 *   <li>SUBMIT: JobSubmitted; user = the user field ({@code default} when empty); queue {@code default};
 *       priority = the trace priority; submitTime = time; no deadline; one MAP group of count 1, demand =
 *       (CPU request x largest machine's cores, round(memory request x largest machine's memory)), 32 cores and
 *       128 GiB by default; bytesPerTask = lastTaskBytes = the nominal taskBytes (128 MiB) at flopPerByte 3100,
 *       as the run time is not known at submission; dataset = jobId + "/input", firstChunk 0; inputBytes =
 *       taskBytes, shuffle and output 0. Scheduling class, disk request, different-machine restriction and
 *       missing info are checked, not carried.</li>
 *   <li>SCHEDULE: TaskReport LAUNCHED on nodeId = nodeIdPrefix + machine ID; memoryBytes = the memory
 *       request in bytes when given (what the attempt holds), else 0.</li>
 *   <li>FINISH: SUCCEEDED. FAIL: FAILED. KILL (cancelled by its user or driver, or a job it depends on died):
 *       KILLED. EVICT (descheduled for a higher-priority task, an overcommitted or unusable machine): PREEMPTED,
 *       as it was the scheduler's doing. LOST (its end is missing from the source data): KILLED. reason =
 *       "google task event " + type (+ "; missing info " + n when the record was synthesised). The trace often
 *       leaves the machine ID of an end empty (most KILLs, of running tasks too): nodeId is then empty, meaning
 *       not known.</li>
 *   <li>Every report: decisionId = jobId + "/m/0/0"; kind MAP; taskIndex 0; attempt 0; startTime null (the
 *       start is on the SCHEDULE event, which this stateless reader does not keep: pair an end with the
 *       latest LAUNCHED of the same decision id); inputBytes 0, cpuSeconds 0 (usage is in task_usage); local
 *       true.</li>
 * </ul>
 *
 * <p><b>Rejections</b> (source = file name, partition -1, offset = line number, value = the raw line, reason
 * naming the field and value): other than 13 fields; timestamp not a whole number >= 0, or 2^63 - 1 (after the
 * trace); missing info not empty or 0-2; job ID not a whole number >= 0; task index not in 0..2^31-1; machine
 * ID present but not a whole number >= 0; event type not 0-8; scheduling class present but not 0-3; priority
 * not 0-11; a request, present, negative or not a number; restriction present but not 0 or 1; a SUBMIT whose
 * CPU or memory request is empty (the trace's synthesised records lack them) or whose CPU request is 0 (a task
 * must hold some of a core for its run time to be defined); a SCHEDULE without a machine ID; UPDATE_PENDING and
 * UPDATE_RUNNING, which change a task's request or priority and have no canonical record. Reading goes on with
 * the next line.
 *
 * <p>Memory does not grow with the trace: one line at a time, nothing carried between rows. Not thread-safe.
 */
public final class GoogleTaskEventReader extends LineTraceReader<SpecificRecord> {

    /** Fields of a task_events row. */
    public static final int FIELDS = 13;
    /** Prefix of the reason of reports of an end other than FINISH. */
    public static final String REASON_PREFIX = "google task event ";
    /** User of a job whose user field is empty. */
    public static final String DEFAULT_USER = "default";
    /** Queue of every job: the trace has none. */
    public static final String QUEUE = "default";
    /** Highest priority in the trace. */
    public static final int MAX_PRIORITY = 11;

    private static final int TIMESTAMP = 0;
    private static final int MISSING_INFO = 1;
    private static final int JOB_ID = 2;
    private static final int TASK_INDEX = 3;
    private static final int MACHINE_ID = 4;
    private static final int EVENT_TYPE = 5;
    private static final int USER = 6;
    private static final int SCHEDULING_CLASS = 7;
    private static final int PRIORITY = 8;
    private static final int CPU_REQUEST = 9;
    private static final int MEMORY_REQUEST = 10;
    private static final int DISK_REQUEST = 11;
    private static final int DIFFERENT_MACHINES = 12;

    private final GoogleTraceRule rule;

    /**
     * A reader of an open input.
     *
     * @param input the trace; the reader owns and closes it
     * @param rule how rows become records
     * @param limit most records to yield; rejected rows do not count; {@link #NO_LIMIT} for all
     */
    public GoogleTaskEventReader(TraceInput input, GoogleTraceRule rule, long limit) {
        super(input, limit, DEFAULT_MAX_LINE_BYTES);
        this.rule = Objects.requireNonNull(rule, "rule");
    }

    /** Opens a location: a file path, or {@code classpath:<resource>}; plain or gzip. */
    public static GoogleTaskEventReader open(String location, GoogleTraceRule rule, long limit) throws IOException {
        GoogleMachineEventReader.requireArguments(rule, limit);
        return new GoogleTaskEventReader(TraceInput.open(location), rule, limit);
    }

    /** Opens a file, plain or gzip. */
    public static GoogleTaskEventReader open(Path file, GoogleTraceRule rule, long limit) throws IOException {
        GoogleMachineEventReader.requireArguments(rule, limit);
        return new GoogleTaskEventReader(TraceInput.file(file), rule, limit);
    }

    /** The rule rows are turned into records by. */
    public GoogleTraceRule rule() {
        return rule;
    }

    /** The decision id of every report of the task whose job id is {@code jobId}: jobId + "/m/0/0". */
    public static String decisionId(String jobId) {
        return jobId + "/m/0/0";
    }

    @Override
    protected TraceRow<SpecificRecord> parse(String line, long lineNumber) {
        var fields = CsvFields.split(line);
        if (fields.count() != FIELDS) {
            return rejected(lineNumber, "expected " + FIELDS + " comma-separated fields (timestamp, missing info,"
                    + " job ID, task index, machine ID, event type, user, scheduling class, priority, CPU request,"
                    + " memory request, disk space request, different-machine restriction), found " + fields.count());
        }
        try {
            return record(fields, lineNumber);
        } catch (CsvFields.BadField e) {
            return rejected(lineNumber, e.getMessage());
        }
    }

    private TraceRow<SpecificRecord> record(CsvFields fields, long lineNumber) {
        var time = rule.time(GoogleTraceRule.micros(fields, TIMESTAMP, "timestamp"));
        var missingInfo = fields.optionalWhole(MISSING_INFO, "missing info", 0, 2);
        long traceJobId = fields.whole(JOB_ID, "job ID", 0, Long.MAX_VALUE);
        int taskIndex = (int) fields.whole(TASK_INDEX, "task index", 0, Integer.MAX_VALUE);
        var machineId = fields.optionalWhole(MACHINE_ID, "machine ID", 0, Long.MAX_VALUE);
        long type = fields.whole(EVENT_TYPE, "event type", 0, Long.MAX_VALUE);
        var event = GoogleTaskEvent.of(type).orElseThrow(() -> new CsvFields.BadField(
                "event type must be 0 (SUBMIT) to 8 (UPDATE_RUNNING), was " + type));
        fields.optionalWhole(SCHEDULING_CLASS, "scheduling class", 0, 3);
        int priority = (int) fields.whole(PRIORITY, "priority", 0, MAX_PRIORITY);
        var cpuRequest = fields.optionalNonNegative(CPU_REQUEST, "CPU request");
        var memoryRequest = fields.optionalNonNegative(MEMORY_REQUEST, "memory request");
        fields.optionalNonNegative(DISK_REQUEST, "disk space request");
        fields.optionalWhole(DIFFERENT_MACHINES, "different-machine restriction", 0, 1);
        var jobId = rule.jobId(traceJobId, taskIndex);

        if (event == GoogleTaskEvent.SUBMIT) {
            var whenEmpty = ": a SUBMIT without a request gives no task demand";
            double cpus = fields.nonNegative(CPU_REQUEST, "CPU request", whenEmpty);
            double memory = fields.nonNegative(MEMORY_REQUEST, "memory request", whenEmpty);
            if (cpus == 0) {
                throw new CsvFields.BadField("CPU request is 0: a task must hold some of a core for its run time"
                        + " to be defined");
            }
            var user = fields.isEmpty(USER) ? DEFAULT_USER : fields.text(USER);
            var job = job(jobId, Long.toString(traceJobId), user, priority, time, cpus, memory);
            return new TraceRow.Parsed<>(lineNumber, time, jobId, job);
        }
        var state = switch (event) {
            case SCHEDULE -> TaskState.LAUNCHED;
            case FINISH -> TaskState.SUCCEEDED;
            case FAIL -> TaskState.FAILED;
            case KILL, LOST -> TaskState.KILLED;
            case EVICT -> TaskState.PREEMPTED;
            default -> throw new CsvFields.BadField("event type " + event + " (" + type + ") changes a task's"
                    + " request or priority; the canonical topics have no record for it");
        };
        if (state == TaskState.LAUNCHED && machineId.isEmpty()) {
            throw new CsvFields.BadField("machine ID is empty: a SCHEDULE must name the machine the task starts on");
        }
        String reason = null;
        if (state != TaskState.LAUNCHED && state != TaskState.SUCCEEDED) {
            reason = REASON_PREFIX + event
                    + (missingInfo.isPresent() ? "; missing info " + missingInfo.getAsLong() : "");
        }
        var report = TaskReport.newBuilder()
                .setDecisionId(decisionId(jobId))
                .setJobId(jobId)
                .setKind(TaskKind.MAP)
                .setTaskIndex(0)
                .setAttempt(0)
                .setNodeId(machineId.isPresent() ? rule.nodeId(machineId.getAsLong()) : "")
                .setState(state)
                .setTime(time)
                .setStartTime(null)
                .setLocal(true)
                .setInputBytes(0L)
                .setCpuSeconds(0.0)
                .setMemoryBytes(state == TaskState.LAUNCHED && memoryRequest.isPresent()
                        ? rule.memoryBytes(memoryRequest.getAsDouble()) : 0L)
                .setReason(reason)
                .build();
        return new TraceRow.Parsed<>(lineNumber, time, jobId, report);
    }

    private JobSubmitted job(String jobId, String jobName, String user, int priority, Instant time, double cpus,
            double memory) {
        var group = TaskGroup.newBuilder()
                .setKind(TaskKind.MAP)
                .setCount(1)
                .setBytesPerTask(rule.taskBytes())
                .setLastTaskBytes(rule.taskBytes())
                .setFlopPerByte(rule.flopPerByte())
                .setDemand(new Resources(rule.cores(cpus), rule.memoryBytes(memory)))
                .setDataset(jobId + "/input")
                .setFirstChunk(0L)
                .build();
        return JobSubmitted.newBuilder()
                .setJobId(jobId)
                .setJobName(jobName)
                .setUser(user)
                .setQueue(QUEUE)
                .setPriority(priority)
                .setSubmitTime(time)
                .setDeadline(null)
                .setInputBytes(rule.taskBytes())
                .setShuffleBytes(0L)
                .setOutputBytes(0L)
                .setTasks(List.of(group))
                .build();
    }
}
