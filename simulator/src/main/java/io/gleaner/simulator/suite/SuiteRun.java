package io.gleaner.simulator.suite;

import java.util.Objects;
import java.util.Optional;

/**
 * One run of a suite and the numbers its table is made of.
 *
 * @param cluster         the cluster's name
 * @param workload        the workload
 * @param load            the load factor
 * @param policy          the policy's configuration name
 * @param seed            the run's seed
 * @param jobsSubmitted   jobs in the workload
 * @param jobsCompleted   jobs that completed
 * @param meanCompletionS mean job completion time over the completed jobs, seconds (NaN when none completed)
 * @param goals           how the jobs with a deadline fared; empty when no job had one
 */
public record SuiteRun(String cluster, SuiteWorkload workload, double load, String policy, long seed,
                       int jobsSubmitted, int jobsCompleted, double meanCompletionS, Optional<Goals> goals) {

    /**
     * How the jobs with a deadline fared (docs/simulator.md#deadlines): the {@code deadline_met_pct} and
     * {@code tardiness_p95_s} of the run's metrics.
     *
     * @param metPct         share of them that met their deadline, percent
     * @param tardinessP95S  the p95 of their tardiness, seconds
     */
    public record Goals(double metPct, double tardinessP95S) {
    }

    public SuiteRun {
        Objects.requireNonNull(cluster, "cluster");
        Objects.requireNonNull(workload, "workload");
        Objects.requireNonNull(policy, "policy");
        Objects.requireNonNull(goals, "goals");
    }

    /** Whether every job completed, so that the mean is over the whole workload. */
    public boolean complete() {
        return jobsCompleted == jobsSubmitted;
    }
}
