package io.gleaner.ingest.swim;

import io.gleaner.schemas.avro.JobSubmitted;
import io.gleaner.schemas.avro.Resources;
import io.gleaner.schemas.avro.TaskGroup;
import io.gleaner.schemas.avro.TaskKind;
import java.time.DateTimeException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Objects;

/**
 * How a SWIM row (job name, submit seconds, map input, shuffle and reduce output bytes) becomes a
 * {@link JobSubmitted}; the rule itself is written out in {@link SwimTraceReader}'s Javadoc.
 *
 * <p>Defaults: chunks of 128 MiB, the HDFS default (Salamander §II-B); 3100 flop per byte
 * for maps and 6300 for reduces and 3 GiB of RAM for a task reading a 128 MB chunk (Salamander §IV-A,
 * after Cuckoo); one core per task. Reduces read 1 GiB each, more than the 256 MB chunk for which
 * Salamander §IV-A gives 4 GB, so they get 4 GiB, the top of the paper's 2-4 GB range. The trace
 * starts at 2009-05-01T00:00:00Z: SWIM's FB-2009 day is sampled from a Facebook trace taken from May
 * to October 2009, and its times are relative, so a fixed epoch keeps every run's times the same.
 *
 * @param jobIdPrefix put before the job name to make the job id, e.g. {@code "run2/"}; empty by default
 * @param traceEpoch the instant the trace's second 0 maps to
 * @param chunkBytes bytes of input per map task (one chunk)
 * @param mapFlopPerByte work per input byte of a map, in floating-point operations
 * @param mapCpus cores a map task holds
 * @param mapMemoryBytes RAM a map task holds
 * @param reduceBytes shuffle bytes one reduce task is sized for
 * @param maxReduces most reduce tasks of a job
 * @param reduceFlopPerByte work per shuffle byte of a reduce
 * @param reduceCpus cores a reduce task holds
 * @param reduceMemoryBytes RAM a reduce task holds
 */
public record SwimJobRule(
        String jobIdPrefix,
        Instant traceEpoch,
        long chunkBytes,
        double mapFlopPerByte,
        double mapCpus,
        long mapMemoryBytes,
        long reduceBytes,
        int maxReduces,
        double reduceFlopPerByte,
        double reduceCpus,
        long reduceMemoryBytes) {

    /** Default instant of the trace's second 0. */
    public static final Instant DEFAULT_TRACE_EPOCH = Instant.parse("2009-05-01T00:00:00Z");
    /** Default chunk size: 128 MiB. */
    public static final long DEFAULT_CHUNK_BYTES = 128L * 1024 * 1024;
    /** Default work of a map, flop per byte (Salamander §IV-A). */
    public static final double DEFAULT_MAP_FLOP_PER_BYTE = 3100;
    /** Default cores of a map task. */
    public static final double DEFAULT_MAP_CPUS = 1.0;
    /** Default RAM of a map task: 3 GiB (Salamander §IV-A). */
    public static final long DEFAULT_MAP_MEMORY_BYTES = 3L * 1024 * 1024 * 1024;
    /** Default shuffle bytes per reduce task: 1 GiB. */
    public static final long DEFAULT_REDUCE_BYTES = 1024L * 1024 * 1024;
    /** Default cap on reduce tasks per job. */
    public static final int DEFAULT_MAX_REDUCES = 1000;
    /** Default work of a reduce, flop per byte (Salamander §IV-A). */
    public static final double DEFAULT_REDUCE_FLOP_PER_BYTE = 6300;
    /** Default cores of a reduce task. */
    public static final double DEFAULT_REDUCE_CPUS = 1.0;
    /** Default RAM of a reduce task: 4 GiB. */
    public static final long DEFAULT_REDUCE_MEMORY_BYTES = 4L * 1024 * 1024 * 1024;

    /** User of every SWIM job: the trace has none. */
    public static final String USER = "default";
    /** Queue of every SWIM job: the trace has none. */
    public static final String QUEUE = "default";
    /** Priority of every SWIM job. */
    public static final int PRIORITY = 0;
    /** Suffix of the job id that names a job's input dataset. */
    public static final String DATASET_SUFFIX = "/input";

    public SwimJobRule {
        Objects.requireNonNull(jobIdPrefix, "jobIdPrefix");
        Objects.requireNonNull(traceEpoch, "traceEpoch");
        requirePositive("chunkBytes", chunkBytes);
        requirePositive("mapFlopPerByte", mapFlopPerByte);
        requirePositive("mapCpus", mapCpus);
        requirePositive("mapMemoryBytes", mapMemoryBytes);
        requirePositive("reduceBytes", reduceBytes);
        if (maxReduces < 1) {
            throw new IllegalArgumentException("maxReduces must be >= 1, was " + maxReduces);
        }
        // With n = maxReduces reduces each reading ceil(S/n) bytes, the last one reads
        // S - (n-1)*ceil(S/n) > S/n - n + 1 > reduceBytes - n + 1 bytes (S > n*reduceBytes when capped),
        // so reduceBytes >= maxReduces is what keeps the last reduce from reading 0 or fewer bytes.
        if (reduceBytes < maxReduces) {
            throw new IllegalArgumentException("reduceBytes must be >= maxReduces (" + maxReduces
                    + ") so that every reduce reads at least one byte, was " + reduceBytes);
        }
        requirePositive("reduceFlopPerByte", reduceFlopPerByte);
        requirePositive("reduceCpus", reduceCpus);
        requirePositive("reduceMemoryBytes", reduceMemoryBytes);
    }

    /** The rule with every default. */
    public static SwimJobRule defaults() {
        return new SwimJobRule("", DEFAULT_TRACE_EPOCH, DEFAULT_CHUNK_BYTES, DEFAULT_MAP_FLOP_PER_BYTE,
                DEFAULT_MAP_CPUS, DEFAULT_MAP_MEMORY_BYTES, DEFAULT_REDUCE_BYTES, DEFAULT_MAX_REDUCES,
                DEFAULT_REDUCE_FLOP_PER_BYTE, DEFAULT_REDUCE_CPUS, DEFAULT_REDUCE_MEMORY_BYTES);
    }

    /** This rule with another job id prefix. */
    public SwimJobRule withJobIdPrefix(String prefix) {
        return new SwimJobRule(prefix, traceEpoch, chunkBytes, mapFlopPerByte, mapCpus, mapMemoryBytes,
                reduceBytes, maxReduces, reduceFlopPerByte, reduceCpus, reduceMemoryBytes);
    }

    /** This rule with another trace epoch. */
    public SwimJobRule withTraceEpoch(Instant epoch) {
        return new SwimJobRule(jobIdPrefix, epoch, chunkBytes, mapFlopPerByte, mapCpus, mapMemoryBytes,
                reduceBytes, maxReduces, reduceFlopPerByte, reduceCpus, reduceMemoryBytes);
    }

    /** This rule with another chunk size. */
    public SwimJobRule withChunkBytes(long bytes) {
        return new SwimJobRule(jobIdPrefix, traceEpoch, bytes, mapFlopPerByte, mapCpus, mapMemoryBytes,
                reduceBytes, maxReduces, reduceFlopPerByte, reduceCpus, reduceMemoryBytes);
    }

    /** This rule with other reduce sizing. */
    public SwimJobRule withReduceSizing(long bytesPerReduce, int mostReduces) {
        return new SwimJobRule(jobIdPrefix, traceEpoch, chunkBytes, mapFlopPerByte, mapCpus, mapMemoryBytes,
                bytesPerReduce, mostReduces, reduceFlopPerByte, reduceCpus, reduceMemoryBytes);
    }

    /** Number of map tasks: max(1, ceil(inputBytes / chunkBytes)). A long, as it may not fit a group. */
    public long mapCount(long inputBytes) {
        requireNotNegative("inputBytes", inputBytes);
        return Math.max(1, ceilDiv(inputBytes, chunkBytes));
    }

    /** Number of reduce tasks: 0 without shuffle, else min(maxReduces, ceil(shuffleBytes / reduceBytes)). */
    public int reduceCount(long shuffleBytes) {
        requireNotNegative("shuffleBytes", shuffleBytes);
        if (shuffleBytes == 0) {
            return 0;
        }
        return (int) Math.min(maxReduces, ceilDiv(shuffleBytes, reduceBytes));
    }

    /**
     * The submit time of a row: traceEpoch + submitSeconds.
     *
     * @throws ArithmeticException if it is past what a timestamp-millis can hold
     */
    public Instant submitTime(long submitSeconds) {
        requireNotNegative("submitSeconds", submitSeconds);
        try {
            var time = traceEpoch.plusSeconds(submitSeconds);
            time.toEpochMilli();
            return time;
        } catch (DateTimeException e) {
            throw new ArithmeticException("traceEpoch + " + submitSeconds + " s is past the last Instant");
        }
    }

    /**
     * The job of one SWIM row.
     *
     * @throws IllegalArgumentException if a byte count is negative or the maps do not fit an int
     * @throws ArithmeticException if the submit time overflows
     */
    public JobSubmitted job(String jobName, long submitSeconds, long inputBytes, long shuffleBytes, long outputBytes) {
        Objects.requireNonNull(jobName, "jobName");
        requireNotNegative("outputBytes", outputBytes);
        var jobId = jobIdPrefix + jobName;
        var tasks = new ArrayList<TaskGroup>(2);
        tasks.add(mapGroup(jobId, inputBytes));
        int reduces = reduceCount(shuffleBytes);
        if (reduces > 0) {
            tasks.add(reduceGroup(shuffleBytes, reduces));
        }
        return JobSubmitted.newBuilder()
                .setJobId(jobId)
                .setJobName(jobName)
                .setUser(USER)
                .setQueue(QUEUE)
                .setPriority(PRIORITY)
                .setSubmitTime(submitTime(submitSeconds))
                .setDeadline(null)
                .setInputBytes(inputBytes)
                .setShuffleBytes(shuffleBytes)
                .setOutputBytes(outputBytes)
                .setTasks(tasks)
                .build();
    }

    private TaskGroup mapGroup(String jobId, long inputBytes) {
        long maps = mapCount(inputBytes);
        if (maps > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("map input bytes " + inputBytes + " needs " + maps
                    + " maps, more than " + Integer.MAX_VALUE);
        }
        long bytesPerTask = maps > 1 ? chunkBytes : inputBytes;
        long lastTaskBytes = inputBytes - (maps - 1) * chunkBytes;
        return TaskGroup.newBuilder()
                .setKind(TaskKind.MAP)
                .setCount((int) maps)
                .setBytesPerTask(bytesPerTask)
                .setLastTaskBytes(lastTaskBytes)
                .setFlopPerByte(mapFlopPerByte)
                .setDemand(new Resources(mapCpus, mapMemoryBytes))
                .setDataset(jobId + DATASET_SUFFIX)
                .setFirstChunk(0L)
                .build();
    }

    private TaskGroup reduceGroup(long shuffleBytes, int reduces) {
        long bytesPerTask = ceilDiv(shuffleBytes, reduces);
        long lastTaskBytes = shuffleBytes - (reduces - 1) * bytesPerTask;
        return TaskGroup.newBuilder()
                .setKind(TaskKind.REDUCE)
                .setCount(reduces)
                .setBytesPerTask(bytesPerTask)
                .setLastTaskBytes(lastTaskBytes)
                .setFlopPerByte(reduceFlopPerByte)
                .setDemand(new Resources(reduceCpus, reduceMemoryBytes))
                .setDataset(null)
                .setFirstChunk(0L)
                .build();
    }

    /** ceil(a / b) for a >= 0, b > 0, without the overflow of (a + b - 1) / b. */
    private static long ceilDiv(long a, long b) {
        return a / b + (a % b == 0 ? 0 : 1);
    }

    private static void requirePositive(String name, long value) {
        if (value <= 0) {
            throw new IllegalArgumentException(name + " must be > 0, was " + value);
        }
    }

    private static void requirePositive(String name, double value) {
        if (!(value > 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException(name + " must be > 0 and finite, was " + value);
        }
    }

    private static void requireNotNegative(String name, long value) {
        if (value < 0) {
            throw new IllegalArgumentException(name + " must be >= 0, was " + value);
        }
    }
}
