package io.gleaner.planner.core;

import java.util.Objects;

/** One attempt of one task of a job; its {@link #decisionId()} names the placement that starts it. */
public record TaskAttempt(String jobId, TaskKind kind, int taskIndex, int attempt) {

    public TaskAttempt {
        Objects.requireNonNull(jobId, "jobId");
        Objects.requireNonNull(kind, "kind");
        if (taskIndex < 0) {
            throw new IllegalArgumentException("taskIndex must be >= 0, was " + taskIndex);
        }
        if (attempt < 0) {
            throw new IllegalArgumentException("attempt must be >= 0, was " + attempt);
        }
    }

    /** {@code jobId/m/taskIndex/attempt} for maps, {@code jobId/r/...} for reduces (README, topic placements). */
    public String decisionId() {
        return jobId + "/" + kind.letter() + "/" + taskIndex + "/" + attempt;
    }
}
