package io.gleaner.classifier.topology;

/**
 * Names of the classifier's state stores and repartition topics; a store's changelog is
 * {@code <application.id>-<name>-changelog}, a repartition topic {@code <application.id>-<name>-repartition}.
 */
public final class ClassifierStores {

    /** Node id to node type name ({@code NodeType.of}), from the newest heartbeat of each node. */
    public static final String NODE_TYPES = "classifier-node-types";

    /**
     * Job id to the job's name, task counts and when it was stored ({@link JobEntry}), from {@code jobs.submitted};
     * entries expire in event time with the job's progress entry, or on their own if the job reported no success
     * ({@link ProgressRetention}).
     */
    public static final String JOBS = "classifier-jobs";

    /**
     * One entry per successful task of a running job ({@link RunKeys}); the first success of a task wins. A run's
     * entries leave when it is profiled, or with its progress entry when that expires unfinished.
     */
    public static final String RUNS = "classifier-runs";

    /**
     * Job id to how many of its tasks have succeeded, whether its run was profiled, and when ({@link ProfilingProgress});
     * entries expire in event time ({@link ProgressRetention}).
     */
    public static final String PROGRESS = "classifier-job-progress";

    /** Job name to the merged profile of its runs, in the Avro form published on {@code jobs.profiles}. */
    public static final String PROFILES = "classifier-profiles";

    /** Successful reports keyed by node id, co-partitioned with {@code nodes.heartbeats}. */
    public static final String REPORTS_BY_NODE = "classifier-reports-by-node";

    /** Successful reports with their node type, keyed by job id, co-partitioned with {@code jobs.submitted}. */
    public static final String REPORTS_BY_JOB = "classifier-reports-by-job";

    /** The profile of one finished run, keyed by job name, so that all runs of a name meet in one task. */
    public static final String RUN_PROFILES_BY_NAME = "classifier-run-profiles-by-name";

    private ClassifierStores() {
    }
}
