package io.gleaner.schemas;

/**
 * The bounds of every field Gleaner accepts on its input topics ({@code jobs.submitted}, {@code nodes.heartbeats},
 * {@code tasks.reports}, {@code nodes.utilization}): part of those topics' contract, so one set for every stage that
 * reads them and for the trace readers that write them ({@link InputChecks} applies them). A record past a bound is
 * dead-lettered with the field and the value; docs/limits.md lists them.
 *
 * <p>They are constants of the contract, not settings: a stage with other bounds would refuse records another
 * stage accepts. Tests build smaller ones to reach a bound cheaply.
 *
 * @param maxIdChars       longest id: job, node, decision, dataset, user, queue, rack, label, chunk layout node
 * @param maxNameChars     longest free text: a job name, a task report's reason
 * @param maxLabels        most labels on one heartbeat
 * @param maxTasksPerGroup most tasks in one task group
 * @param maxTasksPerJob   most tasks in one job, all groups together
 * @param maxCpus          most cores of a node, and so of one task's demand
 * @param maxMemoryBytes   most RAM of a node, and so of one task's demand or report
 * @param maxSpeedGflops   fastest core, GFLOP/s
 * @param maxSlots         most slots of a node, and so most running attempts it lists
 * @param maxJobBytes      most input, shuffle or output bytes of one job
 * @param maxTaskBytes     most bytes one task reads
 * @param maxFlopPerByte   most work per byte of a task group
 * @param minPriority      lowest job priority
 * @param maxPriority      highest job priority
 * @param maxLayoutNodes   most positions of a chunk layout
 * @param maxSpecArgs      most entries of a task spec's command (program and arguments)
 * @param maxSpecEnv       most environment variables of a task spec
 * @param maxSpecChars     most characters of a task spec, all its strings together (each one also at most
 *                         {@code maxNameChars}, an env name at most {@code maxIdChars})
 */
public record InputLimits(int maxIdChars, int maxNameChars, int maxLabels, int maxTasksPerGroup, int maxTasksPerJob,
                          double maxCpus, long maxMemoryBytes, double maxSpeedGflops, int maxSlots, long maxJobBytes,
                          long maxTaskBytes, double maxFlopPerByte, int minPriority, int maxPriority,
                          int maxLayoutNodes, int maxSpecArgs, int maxSpecEnv, int maxSpecChars) {

    /** Ids are record and store keys: 1,024 characters hold any UUID, path-like or prefixed id with room to spare. */
    public static final int DEFAULT_MAX_ID_CHARS = 1024;
    /** Names and reasons are text for people: 4 KiB holds a long command line, far below a record's size limit. */
    public static final int DEFAULT_MAX_NAME_CHARS = 4096;
    /** Labels name a node's features: 256 is more than a Kubernetes node carries in practice. */
    public static final int DEFAULT_MAX_LABELS = 256;
    /** Above the largest job of the bundled Facebook 2009 day (56,262 maps); a group may hold all of a job's tasks. */
    public static final int DEFAULT_MAX_TASKS_PER_GROUP = 100_000;
    /** Above the largest FB-2009 job; FIFO runs all of a job's tasks before a later job's, so this bounds the wait. */
    public static final int DEFAULT_MAX_TASKS_PER_JOB = 100_000;
    /** A sane node: the largest single servers sold have a few hundred cores. */
    public static final double DEFAULT_MAX_CPUS = 1024;
    /** A sane node: 64 TiB, above the largest single servers (24 to 32 TiB). */
    public static final long DEFAULT_MAX_MEMORY_BYTES = 64L << 40;
    /** One core does tens to a few hundred GFLOP/s today (Salamander's nodes: 1 to 10); 10,000 is past any. */
    public static final double DEFAULT_MAX_SPEED_GFLOPS = 10_000;
    /** Hadoop nodes have tens of slots: ten per core of the largest node is past any real one. */
    public static final int DEFAULT_MAX_SLOTS = 10_240;
    /** 1 EiB, a thousand times the largest jobs reported; eight such totals still add up within a long. */
    public static final long DEFAULT_MAX_JOB_BYTES = 1L << 60;
    /** 1 TiB: chunks are 128 MiB to 1 GiB, and FB-2009's largest reduce reads about 9 GB. */
    public static final long DEFAULT_MAX_TASK_BYTES = 1L << 40;
    /** Salamander §IV-A's tasks do 3,100 to 6,300 flop per byte; a million is past any real one. */
    public static final double DEFAULT_MAX_FLOP_PER_BYTE = 1e6;
    /** Room for Google's 0..11 and YARN's small priorities either side of the default 0. */
    public static final int DEFAULT_MIN_PRIORITY = -1000;
    /** Room for Google's 0..11 and YARN's small priorities either side of the default 0. */
    public static final int DEFAULT_MAX_PRIORITY = 1000;
    /** Ten times the largest Hadoop clusters' nodes, for layouts that name a node more than once. */
    public static final int DEFAULT_MAX_LAYOUT_NODES = 100_000;
    /** A command line of 1,024 words is longer than any a person writes; more belongs in a file the task reads. */
    public static final int DEFAULT_MAX_SPEC_ARGS = 1024;
    /** 1,024 variables: several times what a container's environment holds in practice. */
    public static final int DEFAULT_MAX_SPEC_ENV = 1024;
    /**
     * 64 Ki characters per spec: a job's two specs and a placement's resolved copy stay well below Kafka's 1 MiB
     * default record size (a character is up to 3 bytes in UTF-8), whatever the counts above allow one by one.
     */
    public static final int DEFAULT_MAX_SPEC_CHARS = 64 * 1024;

    /** The limits every stage and trace reader applies. */
    public static final InputLimits DEFAULTS = new InputLimits(DEFAULT_MAX_ID_CHARS, DEFAULT_MAX_NAME_CHARS,
            DEFAULT_MAX_LABELS, DEFAULT_MAX_TASKS_PER_GROUP, DEFAULT_MAX_TASKS_PER_JOB, DEFAULT_MAX_CPUS,
            DEFAULT_MAX_MEMORY_BYTES, DEFAULT_MAX_SPEED_GFLOPS, DEFAULT_MAX_SLOTS, DEFAULT_MAX_JOB_BYTES,
            DEFAULT_MAX_TASK_BYTES, DEFAULT_MAX_FLOP_PER_BYTE, DEFAULT_MIN_PRIORITY, DEFAULT_MAX_PRIORITY,
            DEFAULT_MAX_LAYOUT_NODES, DEFAULT_MAX_SPEC_ARGS, DEFAULT_MAX_SPEC_ENV, DEFAULT_MAX_SPEC_CHARS);

    public InputLimits {
        requirePositive("maxIdChars", maxIdChars);
        requirePositive("maxNameChars", maxNameChars);
        requirePositive("maxLabels", maxLabels);
        requirePositive("maxTasksPerGroup", maxTasksPerGroup);
        requirePositive("maxTasksPerJob", maxTasksPerJob);
        if (!(maxCpus > 0) || Double.isInfinite(maxCpus)) {
            throw new IllegalArgumentException("maxCpus must be finite and > 0, was " + maxCpus);
        }
        requirePositive("maxMemoryBytes", maxMemoryBytes);
        if (!(maxSpeedGflops > 0) || Double.isInfinite(maxSpeedGflops)) {
            throw new IllegalArgumentException("maxSpeedGflops must be finite and > 0, was " + maxSpeedGflops);
        }
        requirePositive("maxSlots", maxSlots);
        requirePositive("maxJobBytes", maxJobBytes);
        requirePositive("maxTaskBytes", maxTaskBytes);
        if (!(maxFlopPerByte > 0) || Double.isInfinite(maxFlopPerByte)) {
            throw new IllegalArgumentException("maxFlopPerByte must be finite and > 0, was " + maxFlopPerByte);
        }
        if (minPriority > maxPriority) {
            throw new IllegalArgumentException("minPriority must be <= maxPriority " + maxPriority + ", was "
                    + minPriority);
        }
        requirePositive("maxLayoutNodes", maxLayoutNodes);
        requirePositive("maxSpecArgs", maxSpecArgs);
        requirePositive("maxSpecEnv", maxSpecEnv);
        requirePositive("maxSpecChars", maxSpecChars);
    }

    private static void requirePositive(String name, long value) {
        if (value <= 0) {
            throw new IllegalArgumentException(name + " must be > 0, was " + value);
        }
    }
}
