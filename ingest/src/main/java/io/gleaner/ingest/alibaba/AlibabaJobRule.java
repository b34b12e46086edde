package io.gleaner.ingest.alibaba;

import io.gleaner.schemas.avro.JobSubmitted;
import io.gleaner.schemas.avro.Resources;
import io.gleaner.schemas.avro.TaskGroup;
import io.gleaner.schemas.avro.TaskKind;
import java.time.DateTimeException;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * How rows of Alibaba cluster-trace-v2018's {@code batch_task} and {@code batch_instance} become
 * {@link JobSubmitted} and {@link io.gleaner.schemas.avro.TaskReport} records; the rules are written out field by
 * field in {@link AlibabaBatchTaskReader} and {@link AlibabaBatchInstanceReader}. Both readers take the job id,
 * the task kind and the times from here, so a task's reports name the job its task row made.
 *
 * <p>Defaults and why:
 * <ul>
 *   <li>Trace epoch 2018-01-01T00:00:00Z. The trace gives seconds from the start of its 8 days and no date
 *       ({@code trace_2018.md} §2.2); a fixed instant keeps every run's times the same. Readers of the other
 *       Alibaba tables must use the same epoch so that jobs, heartbeats and samples line up.</li>
 *   <li>Machine memory 100 GiB, so one normalised unit is 1 GiB. {@code plan_mem} and {@code mem_max} are
 *       shares of a machine's memory scaled to [0, 100], and the trace hides the real size ({@code machine_meta}
 *       gives {@code mem_size} 100 for every machine). The figure is an assumption; what matters is that node
 *       capacities read from {@code machine_meta} use the same one ({@code AlibabaMachineRule}'s default is
 *       100 GiB at 100), so a task's share of a node stays the trace's.</li>
 *   <li>Reference speed 8 GFLOP/s per core, the fast nodes of the simulator's {@code coshh-table3} preset.
 *       The trace gives no input size, so a task's work is what it did in the trace: duration x cores x
 *       reference speed. On a node of the reference speed the task then runs as long as it ran in the trace
 *       (the simulator's run time is work / (speed x cores)).</li>
 *   <li>3100 flop per byte for maps and 6300 for reduces (Salamander §IV-A, as for SWIM): the work is stated as
 *       bytes x flop-per-byte, so bytes per task = work / flop-per-byte. These bytes are derived, not
 *       measured; they set how long a remote task's input transfer takes in the simulator.</li>
 * </ul>
 *
 * @param jobIdPrefix put before every job id, e.g. {@code "ali/"}; empty by default
 * @param nodeIdPrefix put before {@code machine_id} to make the node id, as the machine readers do; empty by
 *     default
 * @param traceEpoch the instant of the trace's second 0
 * @param machineMemoryBytes the memory of a machine, which normalised memory 100 stands for
 * @param referenceSpeedGflops speed of one core, in GFLOP/s, at which a task's work takes its trace duration
 * @param mapFlopPerByte flop per byte of a MAP group
 * @param reduceFlopPerByte flop per byte of a REDUCE group
 */
public record AlibabaJobRule(
        String jobIdPrefix,
        String nodeIdPrefix,
        Instant traceEpoch,
        long machineMemoryBytes,
        double referenceSpeedGflops,
        double mapFlopPerByte,
        double reduceFlopPerByte) {

    /** Default instant of the trace's second 0. */
    public static final Instant DEFAULT_TRACE_EPOCH = Instant.parse("2018-01-01T00:00:00Z");
    /** Default memory of a machine (normalised memory 100): 100 GiB. */
    public static final long DEFAULT_MACHINE_MEMORY_BYTES = 100L * 1024 * 1024 * 1024;
    /** Default reference speed of a core, GFLOP/s. */
    public static final double DEFAULT_REFERENCE_SPEED_GFLOPS = 8.0;
    /** Default flop per byte of a map (Salamander §IV-A). */
    public static final double DEFAULT_MAP_FLOP_PER_BYTE = 3100;
    /** Default flop per byte of a reduce (Salamander §IV-A). */
    public static final double DEFAULT_REDUCE_FLOP_PER_BYTE = 6300;
    /** What normalised CPU 100 stands for: one core ({@code schema.txt}: "100 is 1 core"). */
    public static final double CPU_PER_CORE = 100.0;
    /** The top of the trace's normalised scale for memory. */
    public static final double NORMALISED_FULL = 100.0;
    /** User of every job: the trace has none. */
    public static final String USER = "default";
    /** Queue of every job: the trace has none. */
    public static final String QUEUE = "default";
    /** Priority of every job: the trace has none. */
    public static final int PRIORITY = 0;
    /** Suffix of the job id that names a map group's input dataset, as for SWIM. */
    public static final String DATASET_SUFFIX = "/input";

    public AlibabaJobRule {
        Objects.requireNonNull(jobIdPrefix, "jobIdPrefix");
        Objects.requireNonNull(nodeIdPrefix, "nodeIdPrefix");
        Objects.requireNonNull(traceEpoch, "traceEpoch");
        if (machineMemoryBytes <= 0) {
            throw new IllegalArgumentException("machineMemoryBytes must be > 0, was " + machineMemoryBytes);
        }
        requirePositive("referenceSpeedGflops", referenceSpeedGflops);
        requirePositive("mapFlopPerByte", mapFlopPerByte);
        requirePositive("reduceFlopPerByte", reduceFlopPerByte);
    }

    /** The rule with every default. */
    public static AlibabaJobRule defaults() {
        return new AlibabaJobRule("", "", DEFAULT_TRACE_EPOCH, DEFAULT_MACHINE_MEMORY_BYTES,
                DEFAULT_REFERENCE_SPEED_GFLOPS, DEFAULT_MAP_FLOP_PER_BYTE, DEFAULT_REDUCE_FLOP_PER_BYTE);
    }

    /** This rule with another job id prefix. */
    public AlibabaJobRule withJobIdPrefix(String prefix) {
        return new AlibabaJobRule(prefix, nodeIdPrefix, traceEpoch, machineMemoryBytes, referenceSpeedGflops, mapFlopPerByte,
                reduceFlopPerByte);
    }

    /** This rule with another trace epoch. */
    public AlibabaJobRule withTraceEpoch(Instant epoch) {
        return new AlibabaJobRule(jobIdPrefix, nodeIdPrefix, epoch, machineMemoryBytes, referenceSpeedGflops, mapFlopPerByte,
                reduceFlopPerByte);
    }

    /** This rule with another machine memory. */
    public AlibabaJobRule withMachineMemoryBytes(long bytes) {
        return new AlibabaJobRule(jobIdPrefix, nodeIdPrefix, traceEpoch, bytes, referenceSpeedGflops, mapFlopPerByte,
                reduceFlopPerByte);
    }

    /** This rule with another reference speed. */
    public AlibabaJobRule withReferenceSpeedGflops(double gflops) {
        return new AlibabaJobRule(jobIdPrefix, nodeIdPrefix, traceEpoch, machineMemoryBytes, gflops, mapFlopPerByte,
                reduceFlopPerByte);
    }

    /** This rule with another node id prefix. */
    public AlibabaJobRule withNodeIdPrefix(String prefix) {
        return new AlibabaJobRule(jobIdPrefix, prefix, traceEpoch, machineMemoryBytes, referenceSpeedGflops,
                mapFlopPerByte, reduceFlopPerByte);
    }

    /** The node id of a machine: nodeIdPrefix + machine_id. */
    public String nodeId(String machineId) {
        return nodeIdPrefix + machineId;
    }

    /** The job id of a task row: prefix + job_name + "/" + task_name, e.g. {@code j_17/R2_1}. */
    public String jobId(String jobName, String taskName) {
        return jobIdPrefix + jobName(jobName, taskName);
    }

    /** The job name of a task row: job_name + "/" + task_name. */
    public static String jobName(String jobName, String taskName) {
        return jobName + "/" + taskName;
    }

    /**
     * The kind of a task from its name: {@code M...} is a MAP and {@code R...} a REDUCE; a DAG task of any other
     * letter (e.g. {@code J}, a join) is a REDUCE when it waits for other tasks, since it reads their output,
     * and a MAP when it waits for none; an independent task ({@code task_...}) is a MAP, as it reads only input.
     */
    public static TaskKind kind(AlibabaTaskName name) {
        var letter = name.kindLetter();
        if (letter.isEmpty()) {
            return TaskKind.MAP;
        }
        return switch (letter.get()) {
            case 'M' -> TaskKind.MAP;
            case 'R' -> TaskKind.REDUCE;
            default -> name.dependencies().isEmpty() ? TaskKind.MAP : TaskKind.REDUCE;
        };
    }

    /** The kind of the task called {@code taskName}; see {@link #kind(AlibabaTaskName)}. */
    public static TaskKind kind(String taskName) {
        return kind(AlibabaTaskName.parse(taskName));
    }

    /** The letter of a kind in decision ids: {@code m} or {@code r}. */
    public static String kindLetter(TaskKind kind) {
        return switch (kind) {
            case MAP -> "m";
            case REDUCE -> "r";
            default -> throw new IllegalArgumentException("no decision id letter for task kind " + kind);
        };
    }

    /** {@code jobId/m|r/taskIndex/attempt}, the form the planner gives its decisions. */
    public static String decisionId(String jobId, TaskKind kind, int taskIndex, int attempt) {
        return jobId + "/" + kindLetter(kind) + "/" + taskIndex + "/" + attempt;
    }

    /**
     * traceEpoch + seconds.
     *
     * @throws ArithmeticException if it is past what a timestamp-millis holds
     */
    public Instant time(long seconds) {
        if (seconds < 0) {
            throw new IllegalArgumentException("seconds must be >= 0, was " + seconds);
        }
        try {
            var time = traceEpoch.plusSeconds(seconds);
            time.toEpochMilli();
            return time;
        } catch (DateTimeException | ArithmeticException e) {
            throw new ArithmeticException("traceEpoch + " + seconds + " s is past what a timestamp holds");
        }
    }

    /** Cores of a normalised CPU figure: {@code plan_cpu / 100}. */
    public static double cores(double normalisedCpu) {
        return normalisedCpu / CPU_PER_CORE;
    }

    /** Bytes of a normalised memory figure in [0, 100]: round(value / 100 x machineMemoryBytes). */
    public long memoryBytes(double normalisedMemory) {
        return Math.round(normalisedMemory / NORMALISED_FULL * machineMemoryBytes);
    }

    /** Flop per byte of a group of {@code kind}. */
    public double flopPerByte(TaskKind kind) {
        return kind == TaskKind.REDUCE ? reduceFlopPerByte : mapFlopPerByte;
    }

    /**
     * Bytes one instance is said to read: round(durationSeconds x cores x referenceSpeedGflops x 1e9 /
     * flopPerByte(kind)), so that work = bytes x flopPerByte takes durationSeconds at the reference speed.
     *
     * @throws ArithmeticException if it does not fit a long
     */
    public long bytesPerInstance(long durationSeconds, double cores, TaskKind kind) {
        double bytes = durationSeconds * cores * referenceSpeedGflops * 1e9 / flopPerByte(kind);
        if (!(bytes < Long.MAX_VALUE)) {
            throw new ArithmeticException(durationSeconds + " s x " + cores + " cores is more bytes than a long holds");
        }
        return Math.round(bytes);
    }

    /**
     * The job of one batch_task row: one group of {@code instances} tasks of the kind its name says.
     *
     * @throws ArithmeticException if a time or the byte total overflows
     */
    public JobSubmitted job(String jobName, String taskName, int instances, long startSeconds, long endSeconds,
            double planCpu, double planMem) {
        var name = AlibabaTaskName.parse(taskName);
        var kind = kind(name);
        var jobId = jobId(jobName, taskName);
        double cores = cores(planCpu);
        long bytes = bytesPerInstance(endSeconds - startSeconds, cores, kind);
        long total = Math.multiplyExact(bytes, (long) instances);
        var group = TaskGroup.newBuilder()
                .setKind(kind)
                .setCount(instances)
                .setBytesPerTask(bytes)
                .setLastTaskBytes(bytes)
                .setFlopPerByte(flopPerByte(kind))
                .setDemand(new Resources(cores, memoryBytes(planMem)))
                .setDataset(kind == TaskKind.MAP ? jobId + DATASET_SUFFIX : null)
                .setFirstChunk(0L)
                .build();
        return JobSubmitted.newBuilder()
                .setJobId(jobId)
                .setJobName(jobName(jobName, taskName))
                .setUser(USER)
                .setQueue(QUEUE)
                .setPriority(PRIORITY)
                .setSubmitTime(time(startSeconds))
                .setDeadline(null)
                .setInputBytes(kind == TaskKind.MAP ? total : 0L)
                .setShuffleBytes(kind == TaskKind.REDUCE ? total : 0L)
                .setOutputBytes(0L)
                .setTasks(List.of(group))
                .build();
    }

    private static void requirePositive(String name, double value) {
        if (!(value > 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException(name + " must be > 0 and finite, was " + value);
        }
    }
}
