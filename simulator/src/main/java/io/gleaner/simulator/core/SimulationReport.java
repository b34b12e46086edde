package io.gleaner.simulator.core;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * What one simulation run did, measured by the simulator from what happened (never from what the planner meant):
 * counts, job completion times, deadlines, the owners' loss, COSHH's share metrics, the planner's CPU time and a
 * digest of the decisions.
 *
 * @param cluster         name of the simulated cluster
 * @param seed            seed of the run
 * @param jobsSubmitted   jobs whose submit time was reached
 * @param jobsCompleted   jobs whose every task succeeded
 * @param unfinishedJobs  ids of submitted jobs that did not complete, sorted
 * @param counts          what happened to the tasks
 * @param qos             what the QoS controller did, and the kills the nodes still made themselves
 * @param completion      job completion times and makespan
 * @param deadlines       how jobs with deadlines fared
 * @param owners          what the owners lost to Gleaner's attempts
 * @param dissatisfaction COSHH section 5.1, time-weighted mean over the run ({@link UserShares})
 * @param fairness        COSHH section 5.1, time-weighted mean over the run ({@link UserShares})
 * @param plannerCpuNanos CPU time the planner spent deciding, when measured (in-process runs)
 * @param endTime         grid time of the last round
 * @param rounds          lockstep rounds
 * @param decisionDigest  SHA-256 (hex) over the decisions in the order applied: decision id, node, round time, start
 *                        time (or the failure), and every kill, one line each
 * @param timeline        the cluster at every round, in time order
 */
public record SimulationReport(String cluster, long seed, int jobsSubmitted, int jobsCompleted,
                               List<String> unfinishedJobs, AttemptCounts counts, QosCounts qos,
                               CompletionStats completion,
                               Deadlines deadlines, OwnerImpact owners, double dissatisfaction, double fairness,
                               OptionalLong plannerCpuNanos, Instant endTime, long rounds, String decisionDigest,
                               List<TimelinePoint> timeline) {

    /** {@link MetricValue#key()} of the planner's CPU time per decision: measured, so it differs between runs. */
    public static final String PLANNER_CPU_KEY = "planner_cpu_us_per_decision";

    public SimulationReport {
        Objects.requireNonNull(cluster, "cluster");
        Objects.requireNonNull(counts, "counts");
        Objects.requireNonNull(qos, "qos");
        Objects.requireNonNull(completion, "completion");
        Objects.requireNonNull(deadlines, "deadlines");
        Objects.requireNonNull(owners, "owners");
        Objects.requireNonNull(plannerCpuNanos, "plannerCpuNanos");
        Objects.requireNonNull(endTime, "endTime");
        Objects.requireNonNull(decisionDigest, "decisionDigest");
        unfinishedJobs = List.copyOf(unfinishedJobs);
        timeline = List.copyOf(timeline);
    }

    /**
     * This report without the planner's CPU time, the one measurement that differs between runs of the same
     * inputs (and that only in-process runs have): what two runs that should agree are compared on.
     */
    public SimulationReport withoutPlannerCpu() {
        return new SimulationReport(cluster, seed, jobsSubmitted, jobsCompleted, unfinishedJobs, counts, qos, completion,
                deadlines, owners, dissatisfaction, fairness, OptionalLong.empty(), endTime, rounds, decisionDigest,
                timeline);
    }

    /** Jobs submitted but not completed. */
    public int jobsUnfinished() {
        return unfinishedJobs.size();
    }

    /** One per completed job, by (submit time, job id). */
    public List<JobCompletion> completions() {
        return completion.completions();
    }

    /**
     * The run's metrics in report order. A metric with nothing to measure (no completed job, no map, no deadline,
     * no planner CPU time, no QoS controller for the controller's kills, throttles and raises) is NaN. Without a
     * controller every kill is the node's own OOM kill.
     */
    public List<MetricValue> metrics() {
        boolean none = !completion.any();
        boolean noGoal = deadlines.jobs() == 0;
        double cpuPerDecision = plannerCpuNanos.isPresent() && counts.decisions() > 0
                ? plannerCpuNanos.getAsLong() / 1000.0 / counts.decisions() : Double.NaN;
        return List.of(
                new MetricValue("jobs_completed", "jobs completed", "", jobsCompleted, true),
                new MetricValue("completion_mean_s", "mean job completion", "s", seconds(completion.mean(), none), false),
                new MetricValue("completion_p50_s", "p50 job completion", "s", seconds(completion.p50(), none), false),
                new MetricValue("completion_p95_s", "p95 job completion", "s", seconds(completion.p95(), none), false),
                new MetricValue("completion_p99_s", "p99 job completion", "s", seconds(completion.p99(), none), false),
                new MetricValue("makespan_s", "makespan", "s", seconds(completion.makespan(), none), false),
                new MetricValue("relaunched_task_pct", "relaunched tasks", "%", 100 * counts.relaunchedShare(), false),
                new MetricValue("killed_attempts", "killed attempts", "", counts.killedAttempts(), false),
                new MetricValue("qos_kills", "QoS controller kills", "", controlled(qos.controllerKills()), false),
                new MetricValue("node_oom_kills", "node OOM kills", "", qos.nodeOomKills(), false),
                new MetricValue("qos_throttles", "QoS CPU throttles", "", controlled(qos.throttles()), false),
                new MetricValue("qos_raises", "QoS CPU limit raises", "", controlled(qos.raises()), false),
                new MetricValue("remote_map_pct", "remote map attempts", "%", 100 * counts.remoteMapShare(), false),
                new MetricValue("chunk_moves", "chunk moves", "", counts.chunkMoves(), false),
                new MetricValue("locality_pct", "locality (COSHH)", "%", 100 * (1 - counts.remoteMapShare()), true),
                new MetricValue("dissatisfaction", "dissatisfaction (COSHH)", "", dissatisfaction, false),
                new MetricValue("fairness", "fairness distance (COSHH)", "", fairness, false),
                new MetricValue("late_job_pct", "jobs past deadline", "%", 100 * deadlines.lateShare(), false),
                new MetricValue("deadline_met_pct", "jobs meeting deadline", "%", 100 * deadlines.metShare(), true),
                new MetricValue("measurable_deadline_met_pct",
                        "jobs of " + Deadlines.MEASURABLE_ROUNDS + "+ rounds meeting deadline", "%",
                        100 * deadlines.measurable().metShare(), true),
                new MetricValue("tardiness_mean_s", "mean tardiness", "s",
                        seconds(deadlines.meanTardiness(), noGoal), false),
                new MetricValue("tardiness_p95_s", "p95 tardiness", "s", seconds(deadlines.p95Tardiness(), noGoal),
                        false),
                new MetricValue("beyond_deadline_pct", "relative time beyond deadline", "%",
                        100 * deadlines.meanRelativeTimeBeyond(), false),
                new MetricValue("owner_sla_violation_pct", "owner CPU SLA violation time", "%",
                        100 * owners.violationShare(), false),
                new MetricValue("owner_cpu_shortfall_core_s", "owner CPU shortfall", "core-s",
                        owners.shortfallCoreSeconds(), false),
                new MetricValue(PLANNER_CPU_KEY, "planner CPU per decision", "us", cpuPerDecision, false));
    }

    /** A few lines for a terminal. */
    public String summary() {
        return String.format(Locale.ROOT, """
                cluster %s, seed %d, %d rounds, virtual end %s
                jobs: %d submitted, %d completed, %d unfinished
                tasks: %d; decisions: %d (%d duplicate); attempts: %d started, %d refused, %d killed
                remote maps: %d of %d (%.1f%%); relaunched tasks: %d
                QoS controller %s: %d kills, %d throttles, %d raises; node OOM kills: %d
                job completion time: mean %s, p50 %s, p95 %s, p99 %s
                makespan: %s
                owners short of CPU: %.1f%% of node time, %.1f core-s
                decision digest: %s""",
                cluster, seed, rounds, endTime,
                jobsSubmitted, jobsCompleted, jobsUnfinished(),
                counts.tasks(), counts.decisions(), counts.duplicateDecisions(), counts.attempts(),
                counts.failedAttempts(), counts.killedAttempts(),
                counts.remoteMapAttempts(), counts.mapAttempts(),
                counts.mapAttempts() == 0 ? 0 : 100 * counts.remoteMapShare(), counts.relaunchedTasks(),
                qos.mode(), qos.controllerKills(), qos.throttles(), qos.raises(), qos.nodeOomKills(),
                seconds(completion.mean()), seconds(completion.p50()), seconds(completion.p95()),
                seconds(completion.p99()), seconds(completion.makespan()),
                owners.nodeMillis() == 0 ? 0 : 100 * owners.violationShare(), owners.shortfallCoreSeconds(),
                decisionDigest);
    }

    private double controlled(long count) {
        return qos.controlled() ? count : Double.NaN;
    }

    private static double seconds(Duration d, boolean undefined) {
        return undefined ? Double.NaN : d.toMillis() / 1000.0;
    }

    private static String seconds(Duration d) {
        return String.format(Locale.ROOT, "%.3f s", d.toMillis() / 1000.0);
    }
}
