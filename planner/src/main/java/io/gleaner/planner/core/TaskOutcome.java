package io.gleaner.planner.core;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * What the planner needs of a task report: which attempt, on which node, went into which state, when, and why
 * (the executor's reason, required for REFUSED; named in a job's failure when its last attempt FAILED).
 */
public record TaskOutcome(String decisionId, String jobId, TaskKind kind, int taskIndex, int attempt, String nodeId,
                          State state, Instant time, Optional<String> reason) {

    /** The state an attempt entered. */
    public enum State {
        LAUNCHED, SUCCEEDED, FAILED, KILLED, PREEMPTED,
        /** The executor would not run the placement; it never started (docs/retries-and-reservations.md). */
        REFUSED;

        /** Whether the attempt ended without success, so the task needs a new attempt. */
        boolean endedWithoutSuccess() {
            return this == FAILED || this == KILLED || this == PREEMPTED || this == REFUSED;
        }
    }

    public TaskOutcome {
        Objects.requireNonNull(nodeId, "nodeId");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(time, "time");
        Objects.requireNonNull(reason, "reason");
        if (state == State.REFUSED && reason.isEmpty()) {
            throw new IllegalArgumentException("a REFUSED outcome needs a reason, was none for " + decisionId);
        }
        var expected = new TaskAttempt(jobId, kind, taskIndex, attempt).decisionId();
        if (!expected.equals(decisionId)) {
            throw new IllegalArgumentException("decisionId must be " + expected + ", was " + decisionId);
        }
    }

    /** An outcome without a reason. */
    public TaskOutcome(String decisionId, String jobId, TaskKind kind, int taskIndex, int attempt, String nodeId,
                       State state, Instant time) {
        this(decisionId, jobId, kind, taskIndex, attempt, nodeId, state, time, Optional.empty());
    }

    /** The attempt this outcome is about. */
    TaskAttempt taskAttempt() {
        return new TaskAttempt(jobId, kind, taskIndex, attempt);
    }
}
