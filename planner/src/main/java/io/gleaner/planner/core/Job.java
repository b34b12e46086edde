package io.gleaner.planner.core;

import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A batch job as submitted: who, where, when, and its task groups (at most one per kind).
 *
 * @param priority     larger is more urgent (FIFO ignores it)
 * @param submitTime   event time of the submission; not before 1970-01-01, as the FIFO order key
 *                     ({@link JobOrder}) is built from its non-negative epoch millis
 * @param inputBytes   total map input bytes
 * @param shuffleBytes total bytes the maps hand to the reduces
 * @param outputBytes  total bytes the reduces write
 * @param taskGroups   at least one group, at most one per {@link TaskKind}
 */
public record Job(String jobId, String jobName, String user, String queue, int priority, Instant submitTime,
                  Optional<Instant> deadline, long inputBytes, long shuffleBytes, long outputBytes,
                  List<PhaseTasks> taskGroups) {

    public Job {
        requireText(jobId, "jobId");
        requireText(jobName, "jobName");
        requireText(user, "user");
        requireText(queue, "queue");
        Objects.requireNonNull(submitTime, "submitTime");
        Objects.requireNonNull(deadline, "deadline");
        Objects.requireNonNull(taskGroups, "taskGroups");
        taskGroups = List.copyOf(taskGroups);
        if (submitTime.isBefore(Instant.EPOCH)) {
            throw new IllegalArgumentException("submitTime must not be before " + Instant.EPOCH + ", was " + submitTime
                    + " for job " + jobId);
        }
        if (inputBytes < 0) {
            throw new IllegalArgumentException("inputBytes must be >= 0, was " + inputBytes + " for job " + jobId);
        }
        if (shuffleBytes < 0) {
            throw new IllegalArgumentException("shuffleBytes must be >= 0, was " + shuffleBytes + " for job " + jobId);
        }
        if (outputBytes < 0) {
            throw new IllegalArgumentException("outputBytes must be >= 0, was " + outputBytes + " for job " + jobId);
        }
        if (taskGroups.isEmpty()) {
            throw new IllegalArgumentException("job " + jobId + " has no task groups");
        }
        var kinds = EnumSet.noneOf(TaskKind.class);
        for (var group : taskGroups) {
            if (!kinds.add(group.kind())) {
                throw new IllegalArgumentException("job " + jobId + " has more than one " + group.kind() + " group");
            }
        }
    }

    /**
     * This job with its map group reading its dataset from {@code layout} (empty: no locality known), as a submitter
     * that knows where the input is hands it over, or as a policy that placed the input decides it. A job without a
     * map dataset is returned as it is.
     */
    public Job withMapLayout(Optional<ChunkLayout> layout) {
        var maps = group(TaskKind.MAP);
        if (maps.isEmpty() || maps.get().dataset().isEmpty()) {
            return this;
        }
        var located = maps.get().withLayout(layout);
        var groups = taskGroups.stream().map(g -> g.kind() == TaskKind.MAP ? located : g).toList();
        return new Job(jobId, jobName, user, queue, priority, submitTime, deadline, inputBytes, shuffleBytes,
                outputBytes, groups);
    }

    /** This job with {@code value} as its completion-time goal (empty: none), as a bench or a submitter sets one. */
    public Job withDeadline(Optional<Instant> value) {
        return new Job(jobId, jobName, user, queue, priority, submitTime, value, inputBytes, shuffleBytes, outputBytes,
                taskGroups);
    }

    /** The dataset the job's maps read, if it has maps that read one. */
    public Optional<String> mapDataset() {
        return group(TaskKind.MAP).flatMap(PhaseTasks::dataset);
    }

    /** The group of {@code kind}, if the job has one. */
    public Optional<PhaseTasks> group(TaskKind kind) {
        // A loop, not a stream: policies ask this for every task they consider on every heartbeat.
        for (var group : taskGroups) {
            if (group.kind() == kind) {
                return Optional.of(group);
            }
        }
        return Optional.empty();
    }

    /** Number of tasks of {@code kind}; 0 when the job has no such group. */
    public int count(TaskKind kind) {
        return group(kind).map(PhaseTasks::count).orElse(0);
    }

    private static void requireText(String value, String name) {
        Objects.requireNonNull(value, name);
        if (value.isBlank()) {
            throw new IllegalArgumentException(name + " must not be blank");
        }
    }
}
