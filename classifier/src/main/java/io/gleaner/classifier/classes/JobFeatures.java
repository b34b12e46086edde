package io.gleaner.classifier.classes;

import java.time.Instant;
import java.util.Arrays;
import java.util.Objects;

/**
 * What the classification knows of one job at its arrival (COSHH section 3.1): its user, the user's priority (or
 * weight), its event-time arrival and its mean execution rate on each node type, mean_execRate(J, R) =
 * 1 / mean_execTime(J, R) of COSHH section 2.1, in jobs per second.
 *
 * @param jobId the job's id, unique within a classification's history
 * @param user the submitting user
 * @param priority the user's priority or weight (COSHH section 2.1), finite; compared exactly, so classes of
 *     priority 2.0 and 2.0000001 are different classes
 * @param arrival the job's arrival, event time
 * @param rates the mean execution rate on each node type (jobs/s, finite, &gt;= 0; 0 = cannot run there), indexed
 *     like the node types given to the {@link JobClassifier}; copied in and out
 */
public record JobFeatures(String jobId, String user, double priority, Instant arrival, double[] rates) {

    public JobFeatures {
        if (jobId == null || jobId.isEmpty()) {
            throw new IllegalArgumentException("jobId must not be null or empty, was " + jobId);
        }
        if (user == null) {
            throw new IllegalArgumentException("user of job " + jobId + " must not be null");
        }
        if (!Double.isFinite(priority)) {
            throw new IllegalArgumentException("priority of job " + jobId + " must be finite, was " + priority);
        }
        if (arrival == null) {
            throw new IllegalArgumentException("arrival of job " + jobId + " must not be null");
        }
        if (rates == null || rates.length == 0) {
            throw new IllegalArgumentException("rates of job " + jobId + " must name at least one node type");
        }
        rates = rates.clone();
        for (int t = 0; t < rates.length; t++) {
            if (!(rates[t] >= 0) || Double.isInfinite(rates[t])) {
                throw new IllegalArgumentException("rates[" + t + "] of job " + jobId + " must be finite and >= 0, was "
                        + rates[t]);
            }
        }
    }

    /** A copy of the rates, jobs/s per node type. */
    @Override
    public double[] rates() {
        return rates.clone();
    }

    /** The rate on node type {@code t}, without a copy. */
    public double rate(int t) {
        return rates[t];
    }

    /** The number of node types the rates cover. */
    public int nodeTypes() {
        return rates.length;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof JobFeatures other && jobId.equals(other.jobId) && user.equals(other.user)
                && Double.compare(priority, other.priority) == 0 && arrival.equals(other.arrival)
                && Arrays.equals(rates, other.rates);
    }

    @Override
    public int hashCode() {
        return Objects.hash(jobId, user, priority, arrival) * 31 + Arrays.hashCode(rates);
    }

    @Override
    public String toString() {
        return "JobFeatures[jobId=" + jobId + ", user=" + user + ", priority=" + priority + ", arrival=" + arrival
                + ", rates=" + Arrays.toString(rates) + "]";
    }
}
