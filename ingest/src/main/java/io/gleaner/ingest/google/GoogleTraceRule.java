package io.gleaner.ingest.google;

import io.gleaner.ingest.trace.CsvFields;
import java.time.Instant;
import java.util.Objects;

/**
 * How the Google cluster-data 2011 trace (clusterdata-2011-2) maps onto canonical records: its clock, the size
 * its normalised resources stand for, and what the trace does not give. The readers' Javadoc write the rule out
 * field by field ({@link GoogleMachineEventReader}, {@link GoogleTaskEventReader}, {@link GoogleTaskUsageReader}).
 *
 * <p>Defaults and why:
 * <ul>
 *   <li>Timestamp 0 is 2011-05-01T22:50:00Z. Timestamps are microseconds; the trace starts at trace time 600 s,
 *       which is 19:00 EDT on Sunday May 1, 2011 (ClusterData2011_2.md), i.e. 23:00Z, so time 0 is 600 s
 *       earlier. Events the trace dates 0 happened before it began (its opening snapshot) and keep time 0,
 *       the earliest instant it names.</li>
 *   <li>The largest machine has 32 cores and 128 GiB. CPU and memory sizes in the trace are normalised by the
 *       largest machine's (so they are at most 1) and the real sizes are not published; these are round,
 *       configurable figures. Heartbeats, task demands and utilization all use the same figures, so a task's
 *       share of a node, and a node's share of the largest, stay the trace's.</li>
 *   <li>8 GFLOP/s per core, the reference speed also used for the Alibaba trace (the fast nodes of the
 *       simulator's {@code coshh-table3} preset); the trace has no speeds.</li>
 *   <li>One slot per core: the trace has no slots, and one task per core is what Gleaner's 1-core maps
 *       assume.</li>
 *   <li>128 MiB at 3100 flop per byte per task, a SWIM map chunk (Salamander §IV-A). A SUBMIT does not say
 *       how long the task will run (that comes later in the file), so a submitted task is given this nominal
 *       work; set {@code taskBytes} to 0 for tasks with no work.</li>
 * </ul>
 *
 * @param jobIdPrefix put before every job id, e.g. {@code "g/"}; empty by default
 * @param nodeIdPrefix put before every machine id to make the node id; empty by default
 * @param traceEpoch the instant of trace timestamp 0
 * @param machineCpus cores of the largest machine, which normalised CPU 1 stands for
 * @param machineMemoryBytes memory of the largest machine, which normalised memory 1 stands for
 * @param speedGflops speed of one core, GFLOP/s, given to every node
 * @param cpusPerSlot cores per task slot: slots = floor(cores / cpusPerSlot)
 * @param taskBytes nominal bytes a submitted task reads
 * @param flopPerByte work per byte of a submitted task
 */
public record GoogleTraceRule(
        String jobIdPrefix,
        String nodeIdPrefix,
        Instant traceEpoch,
        double machineCpus,
        long machineMemoryBytes,
        double speedGflops,
        double cpusPerSlot,
        long taskBytes,
        double flopPerByte) {

    /** Default instant of timestamp 0: 600 s before 2011-05-01T19:00:00-04:00. */
    public static final Instant DEFAULT_TRACE_EPOCH = Instant.parse("2011-05-01T22:50:00Z");
    /** Default cores of the largest machine. */
    public static final double DEFAULT_MACHINE_CPUS = 32;
    /** Default memory of the largest machine: 128 GiB. */
    public static final long DEFAULT_MACHINE_MEMORY_BYTES = 128L * 1024 * 1024 * 1024;
    /** Default speed of a core, GFLOP/s. */
    public static final double DEFAULT_SPEED_GFLOPS = 8.0;
    /** Default cores per slot. */
    public static final double DEFAULT_CPUS_PER_SLOT = 1.0;
    /** Default nominal bytes per task: 128 MiB. */
    public static final long DEFAULT_TASK_BYTES = 128L * 1024 * 1024;
    /** Default flop per byte (Salamander §IV-A, maps). */
    public static final double DEFAULT_FLOP_PER_BYTE = 3100;
    /** Timestamp meaning "after the end of the trace": 2^63 - 1. */
    public static final long AFTER_THE_TRACE = Long.MAX_VALUE;
    /** Microseconds per millisecond. */
    private static final long MICROS_PER_MILLI = 1000;

    public GoogleTraceRule {
        Objects.requireNonNull(jobIdPrefix, "jobIdPrefix");
        Objects.requireNonNull(nodeIdPrefix, "nodeIdPrefix");
        Objects.requireNonNull(traceEpoch, "traceEpoch");
        requirePositive("machineCpus", machineCpus);
        if (machineMemoryBytes <= 0) {
            throw new IllegalArgumentException("machineMemoryBytes must be > 0, was " + machineMemoryBytes);
        }
        requirePositive("speedGflops", speedGflops);
        requirePositive("cpusPerSlot", cpusPerSlot);
        if (taskBytes < 0) {
            throw new IllegalArgumentException("taskBytes must be >= 0, was " + taskBytes);
        }
        requirePositive("flopPerByte", flopPerByte);
    }

    /** The rule with every default. */
    public static GoogleTraceRule defaults() {
        return new GoogleTraceRule("", "", DEFAULT_TRACE_EPOCH, DEFAULT_MACHINE_CPUS, DEFAULT_MACHINE_MEMORY_BYTES,
                DEFAULT_SPEED_GFLOPS, DEFAULT_CPUS_PER_SLOT, DEFAULT_TASK_BYTES, DEFAULT_FLOP_PER_BYTE);
    }

    /** This rule with other id prefixes. */
    public GoogleTraceRule withPrefixes(String jobPrefix, String nodePrefix) {
        return new GoogleTraceRule(jobPrefix, nodePrefix, traceEpoch, machineCpus, machineMemoryBytes, speedGflops,
                cpusPerSlot, taskBytes, flopPerByte);
    }

    /** This rule with another size of the largest machine. */
    public GoogleTraceRule withLargestMachine(double cpus, long memoryBytes) {
        return new GoogleTraceRule(jobIdPrefix, nodeIdPrefix, traceEpoch, cpus, memoryBytes, speedGflops,
                cpusPerSlot, taskBytes, flopPerByte);
    }

    /** This rule with another nominal size of a submitted task. */
    public GoogleTraceRule withTaskBytes(long bytes) {
        return new GoogleTraceRule(jobIdPrefix, nodeIdPrefix, traceEpoch, machineCpus, machineMemoryBytes,
                speedGflops, cpusPerSlot, bytes, flopPerByte);
    }

    /** This rule with another trace epoch. */
    public GoogleTraceRule withTraceEpoch(Instant epoch) {
        return new GoogleTraceRule(jobIdPrefix, nodeIdPrefix, epoch, machineCpus, machineMemoryBytes, speedGflops,
                cpusPerSlot, taskBytes, flopPerByte);
    }

    /**
     * The instant of a trace timestamp: traceEpoch + micros, cut to the millisecond (the canonical records hold
     * milliseconds).
     *
     * @throws IllegalArgumentException if micros is negative or {@link #AFTER_THE_TRACE}, which names no instant
     */
    public Instant time(long micros) {
        if (micros < 0) {
            throw new IllegalArgumentException("timestamp must be >= 0, was " + micros);
        }
        if (micros == AFTER_THE_TRACE) {
            throw new IllegalArgumentException("timestamp " + micros + " means after the end of the trace");
        }
        return traceEpoch.plusMillis(micros / MICROS_PER_MILLI);
    }

    /** The node id of a machine: nodeIdPrefix + machine ID. */
    public String nodeId(long machineId) {
        return nodeIdPrefix + machineId;
    }

    /** The job id of a task: jobIdPrefix + job ID + "/" + task index. */
    public String jobId(long jobId, int taskIndex) {
        return jobIdPrefix + jobId + "/" + taskIndex;
    }

    /** Cores of a normalised CPU figure: normalised x machineCpus. */
    public double cores(double normalisedCpus) {
        return normalisedCpus * machineCpus;
    }

    /** Bytes of a normalised memory figure: round(normalised x machineMemoryBytes). */
    public long memoryBytes(double normalisedMemory) {
        return Math.round(normalisedMemory * machineMemoryBytes);
    }

    /** Task slots of a node with {@code cores}: floor(cores / cpusPerSlot). */
    public int slots(double cores) {
        return (int) Math.min(Integer.MAX_VALUE, Math.floor(cores / cpusPerSlot + 1e-9));
    }

    private static void requirePositive(String name, double value) {
        if (!(value > 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException(name + " must be > 0 and finite, was " + value);
        }
    }

    /**
     * A trace timestamp in microseconds from a line's field: a whole number >= 0 other than 2^63 - 1, which means
     * "after the end of the trace" and names no instant.
     */
    static long micros(CsvFields fields, int index, String name) {
        long micros = fields.whole(index, name, 0, Long.MAX_VALUE);
        if (micros == AFTER_THE_TRACE) {
            throw new CsvFields.BadField(name + " " + micros + " means after the end of the trace: there is no instant"
                    + " to give the record");
        }
        return micros;
    }
}
