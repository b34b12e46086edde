package io.gleaner.planner.core;

import java.util.Arrays;
import java.util.Objects;
import java.util.Optional;

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

    /**
     * {@code jobId/m/taskIndex/attempt} for maps, {@code jobId/r/...} for reduces
     * (docs/executor-protocol.md#6-what-a-node-reads, {@code decisionId}).
     */
    public String decisionId() {
        return jobId + "/" + kind.letter() + "/" + taskIndex + "/" + attempt;
    }

    /**
     * The attempt {@code decisionId} names ({@link #decisionId()}); empty when it names none. Read from the right, as
     * a job id may hold a slash.
     */
    public static Optional<TaskAttempt> parse(String decisionId) {
        var parts = decisionId.split("/", -1);
        if (parts.length < 4) {
            return Optional.empty();
        }
        int n = parts.length;
        var jobId = String.join("/", Arrays.copyOfRange(parts, 0, n - 3));
        var kind = Arrays.stream(TaskKind.values()).filter(k -> k.letter().equals(parts[n - 3])).findFirst();
        try {
            int index = Integer.parseInt(parts[n - 2]);
            int attempt = Integer.parseInt(parts[n - 1]);
            return kind.isEmpty() || index < 0 || attempt < 0 ? Optional.empty()
                    : Optional.of(new TaskAttempt(jobId, kind.get(), index, attempt));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }
}
