package io.gleaner.simulator.core;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * What one simulation run did: counts, job completion times and a digest of its decisions.
 *
 * <p>Completion time of a job is the end of its last successful task attempt less its submit time. Mean and
 * percentiles are over completed jobs only; percentiles use the nearest-rank method (the p-th percentile of n
 * sorted values is the one of rank ceil(p * n / 100)). Makespan is the last completed job's finish less the
 * first submission. Duration fields are {@link Duration#ZERO} when no job completed.
 *
 * @param cluster            name of the simulated cluster
 * @param seed               seed of the run
 * @param jobsSubmitted      jobs whose submit time was reached
 * @param jobsCompleted      jobs whose every task succeeded
 * @param unfinishedJobs     ids of submitted jobs that did not complete, sorted
 * @param tasks              tasks of the submitted jobs (maps and reduces)
 * @param decisions          placements received from the planner, duplicates excluded
 * @param duplicateDecisions placements whose decision id had been received before; ignored
 * @param attempts           attempts that started on a node
 * @param failedAttempts     attempts that failed, including placements that did not fit their node
 * @param killedAttempts     attempts killed or preempted
 * @param mapAttempts        map attempts that started
 * @param remoteMapAttempts  map attempts that started on a node without a replica of their chunk
 * @param completions        one per completed job, by (submit time, job id)
 * @param makespan           last finish less first submission
 * @param endTime            grid time of the last round
 * @param rounds             lockstep rounds
 * @param decisionDigest     SHA-256 (hex) over the decisions in the order applied: decision id, node, round
 *                           time, start time (or the failure), one line each
 * @param timeline           the cluster at every round, in time order
 */
public record SimulationReport(String cluster, long seed, int jobsSubmitted, int jobsCompleted,
                               List<String> unfinishedJobs, long tasks, long decisions, long duplicateDecisions,
                               long attempts, long failedAttempts, long killedAttempts, long mapAttempts,
                               long remoteMapAttempts, List<JobCompletion> completions, Duration meanCompletion,
                               Duration p50Completion, Duration p95Completion, Duration p99Completion,
                               Duration makespan, Instant endTime, long rounds, String decisionDigest,
                               List<TimelinePoint> timeline) {

    public SimulationReport {
        Objects.requireNonNull(cluster, "cluster");
        Objects.requireNonNull(endTime, "endTime");
        Objects.requireNonNull(decisionDigest, "decisionDigest");
        unfinishedJobs = List.copyOf(unfinishedJobs);
        completions = List.copyOf(completions);
        timeline = List.copyOf(timeline);
    }

    /** Jobs submitted but not completed. */
    public int jobsUnfinished() {
        return unfinishedJobs.size();
    }

    /** Share of started map attempts that were remote (Salamander section IV); 0 when no map started. */
    public double remoteMapShare() {
        return mapAttempts == 0 ? 0 : (double) remoteMapAttempts / mapAttempts;
    }

    /**
     * The run's metrics in report order. Completion times are NaN when no job completed, the remote share when no
     * map started.
     */
    public List<MetricValue> metrics() {
        boolean none = completions.isEmpty();
        return List.of(
                new MetricValue("jobs_completed", "jobs completed", "", jobsCompleted, true),
                new MetricValue("completion_mean_s", "mean job completion", "s", seconds(meanCompletion, none), false),
                new MetricValue("completion_p50_s", "p50 job completion", "s", seconds(p50Completion, none), false),
                new MetricValue("completion_p95_s", "p95 job completion", "s", seconds(p95Completion, none), false),
                new MetricValue("completion_p99_s", "p99 job completion", "s", seconds(p99Completion, none), false),
                new MetricValue("makespan_s", "makespan", "s", seconds(makespan, none), false),
                new MetricValue("remote_map_pct", "remote map attempts", "%",
                        mapAttempts == 0 ? Double.NaN : 100 * remoteMapShare(), false));
    }

    private static double seconds(Duration d, boolean undefined) {
        return undefined ? Double.NaN : d.toMillis() / 1000.0;
    }

    /** A few lines for a terminal. */
    public String summary() {
        return String.format(Locale.ROOT, """
                cluster %s, seed %d, %d rounds, virtual end %s
                jobs: %d submitted, %d completed, %d unfinished
                tasks: %d; decisions: %d (%d duplicate); attempts: %d started, %d failed, %d killed
                remote maps: %d of %d (%.1f%%)
                job completion time: mean %s, p50 %s, p95 %s, p99 %s
                makespan: %s
                decision digest: %s""",
                cluster, seed, rounds, endTime,
                jobsSubmitted, jobsCompleted, jobsUnfinished(),
                tasks, decisions, duplicateDecisions, attempts, failedAttempts, killedAttempts,
                remoteMapAttempts, mapAttempts, 100 * remoteMapShare(),
                seconds(meanCompletion), seconds(p50Completion), seconds(p95Completion), seconds(p99Completion),
                seconds(makespan), decisionDigest);
    }

    private static String seconds(Duration d) {
        return String.format(Locale.ROOT, "%.3f s", d.toMillis() / 1000.0);
    }
}
