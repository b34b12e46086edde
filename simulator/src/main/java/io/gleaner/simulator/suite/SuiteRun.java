package io.gleaner.simulator.suite;

import java.util.Objects;

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
 */
public record SuiteRun(String cluster, SuiteWorkload workload, double load, String policy, long seed,
                       int jobsSubmitted, int jobsCompleted, double meanCompletionS) {

    public SuiteRun {
        Objects.requireNonNull(cluster, "cluster");
        Objects.requireNonNull(workload, "workload");
        Objects.requireNonNull(policy, "policy");
    }

    /** Whether every job completed, so that the mean is over the whole workload. */
    public boolean complete() {
        return jobsCompleted == jobsSubmitted;
    }
}
