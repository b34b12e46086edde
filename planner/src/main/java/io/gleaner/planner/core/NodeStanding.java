package io.gleaner.planner.core;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What the planner holds against a node besides its heartbeat (docs/retries-and-reservations.md).
 *
 * @param reserved      decision ids of the attempts placed on the node that its heartbeats have not listed yet and
 *                      that have not ended: their demand is taken off what the node says is free
 * @param jobsInARow    the jobs, once each in the order they first ended so, whose attempts on the node FAILED, were
 *                      KILLED or REFUSED since its last SUCCEEDED attempt or its last exclusion. Jobs, not attempts:
 *                      a job that fails wherever it runs is the job's fault, and must reach its attempt limit rather
 *                      than exclude every node of a small cluster first (Hadoop 1's JobTracker blacklisted a tracker
 *                      cluster-wide only when several jobs had, {@code mapred.max.tracker.blacklists})
 * @param excludedUntil until when the node gets no new attempt; empty when it was never excluded
 */
public record NodeStanding(String nodeId, List<String> reserved, List<String> jobsInARow,
                           Optional<Instant> excludedUntil) {

    public NodeStanding {
        Objects.requireNonNull(nodeId, "nodeId");
        reserved = List.copyOf(reserved);
        jobsInARow = List.copyOf(jobsInARow);
        Objects.requireNonNull(excludedUntil, "excludedUntil");
    }

    /** A node against which nothing is held. */
    public static NodeStanding clear(String nodeId) {
        return new NodeStanding(nodeId, List.of(), List.of(), Optional.empty());
    }

    /** Whether the node gets no new attempt at {@code now}. */
    boolean isExcluded(Instant now) {
        return excludedUntil.isPresent() && now.isBefore(excludedUntil.get());
    }

    /** This standing with other reserved attempts. */
    NodeStanding withReserved(List<String> value) {
        return new NodeStanding(nodeId, value, jobsInARow, excludedUntil);
    }

    /**
     * This standing after an attempt of {@code jobId} on the node ended in {@code state} at {@code time}: SUCCEEDED
     * clears the jobs in a row; FAILED, KILLED and REFUSED add the job to them if it is not there yet, and reaching
     * {@link RetryRules#excludeAfter()} jobs excludes the node until {@code time + excludeFor} and starts the row
     * again. PREEMPTED (the planner's own doing) changes nothing.
     */
    NodeStanding afterEnd(String jobId, TaskOutcome.State state, Instant time, RetryRules rules) {
        if (state == TaskOutcome.State.SUCCEEDED) {
            return jobsInARow.isEmpty() ? this : new NodeStanding(nodeId, reserved, List.of(), excludedUntil);
        }
        if (state != TaskOutcome.State.FAILED && state != TaskOutcome.State.KILLED
                && state != TaskOutcome.State.REFUSED || jobsInARow.contains(jobId)) {
            return this;
        }
        var jobs = new ArrayList<>(jobsInARow);
        jobs.add(jobId);
        if (rules.excludeAfter() > 0 && jobs.size() >= rules.excludeAfter()) {
            return new NodeStanding(nodeId, reserved, List.of(), Optional.of(time.plus(rules.excludeFor())));
        }
        return new NodeStanding(nodeId, reserved, jobs, excludedUntil);
    }
}
