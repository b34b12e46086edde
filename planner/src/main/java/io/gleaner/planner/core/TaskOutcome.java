package io.gleaner.planner.core;

import java.time.Instant;
import java.util.Objects;

/** What the planner needs of a task report: which attempt, on which node, went into which state, when. */
public record TaskOutcome(String decisionId, String jobId, TaskKind kind, int taskIndex, int attempt, String nodeId,
                          State state, Instant time) {

    /** The state an attempt entered. */
    public enum State {
        LAUNCHED, SUCCEEDED, FAILED, KILLED, PREEMPTED;

        /** Whether the attempt ended without success, so the task needs a new attempt. */
        public boolean endedWithoutSuccess() {
            return this == FAILED || this == KILLED || this == PREEMPTED;
        }
    }

    public TaskOutcome {
        Objects.requireNonNull(nodeId, "nodeId");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(time, "time");
        var expected = new TaskAttempt(jobId, kind, taskIndex, attempt).decisionId();
        if (!expected.equals(decisionId)) {
            throw new IllegalArgumentException("decisionId must be " + expected + ", was " + decisionId);
        }
    }

    /** The attempt this outcome is about. */
    public TaskAttempt taskAttempt() {
        return new TaskAttempt(jobId, kind, taskIndex, attempt);
    }
}
