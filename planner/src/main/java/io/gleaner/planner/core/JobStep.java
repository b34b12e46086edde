package io.gleaner.planner.core;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * A step in a job's life cycle, as the planner publishes it on {@code jobs.events}: its type, the event time of the
 * input that caused it, why (REJECTED, FAILED, ATTEMPT_LOST), and the job's counts at that time.
 *
 * @param tasks          tasks of the job, all groups together
 * @param succeededTasks tasks that succeeded so far
 * @param failedAttempts attempts that FAILED so far (those the attempt limit counts)
 * @param lostAttempts   attempts lost with their node so far
 * @param estimatedCompletion for ADMITTED, the planned completion when the policy gives one
 * @param decisionId     for ATTEMPT_LOST, the attempt lost
 * @param nodeId         for ATTEMPT_LOST, the node lost
 */
public record JobStep(Type type, String jobId, Instant time, Optional<String> reason, int tasks, int succeededTasks,
                      int failedAttempts, int lostAttempts, Optional<Instant> estimatedCompletion,
                      Optional<String> decisionId, Optional<String> nodeId) {

    /** What happened to the job. */
    public enum Type { SUBMITTED, ADMITTED, REJECTED, STARTED, ATTEMPT_LOST, SUCCEEDED, FAILED }

    public JobStep {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(jobId, "jobId");
        Objects.requireNonNull(time, "time");
        Objects.requireNonNull(reason, "reason");
        Objects.requireNonNull(estimatedCompletion, "estimatedCompletion");
        Objects.requireNonNull(decisionId, "decisionId");
        Objects.requireNonNull(nodeId, "nodeId");
        if ((type == Type.REJECTED || type == Type.FAILED || type == Type.ATTEMPT_LOST) && reason.isEmpty()) {
            throw new IllegalArgumentException(type + " of job " + jobId + " needs a reason");
        }
    }

    /** A step of {@code progress} at {@code time}, with its counts; {@code reason} for REJECTED and FAILED. */
    public static JobStep of(Type type, JobProgress progress, Instant time, Optional<String> reason) {
        return new JobStep(type, progress.jobId(), time, reason, progress.tasks(), progress.succeededTasks(),
                progress.failedAttempts(), progress.lostAttempts(), Optional.empty(), Optional.empty(),
                Optional.empty());
    }

    /** A step of {@code progress} at {@code time} that needs no reason. */
    public static JobStep of(Type type, JobProgress progress, Instant time) {
        return of(type, progress, time, Optional.empty());
    }

    /** ATTEMPT_LOST: {@code decisionId} of {@code progress}'s job was lost with {@code nodeId}, for {@code reason}. */
    public static JobStep lost(JobProgress progress, Instant time, String decisionId, String nodeId, String reason) {
        return new JobStep(Type.ATTEMPT_LOST, progress.jobId(), time, Optional.of(reason), progress.tasks(),
                progress.succeededTasks(), progress.failedAttempts(), progress.lostAttempts(), Optional.empty(),
                Optional.of(decisionId), Optional.of(nodeId));
    }

    /**
     * ADMITTED or REJECTED as {@code admission} says, with the counts of the job's {@code progress} when it is queued
     * and of a job of {@code tasks} tasks with nothing run when it is not.
     */
    public static JobStep admission(Admission admission, Optional<JobProgress> progress, int tasks) {
        var type = admission.accepted() ? Type.ADMITTED : Type.REJECTED;
        return new JobStep(type, admission.jobId(), admission.time(), admission.reason(),
                progress.map(JobProgress::tasks).orElse(tasks), progress.map(JobProgress::succeededTasks).orElse(0),
                progress.map(JobProgress::failedAttempts).orElse(0), progress.map(JobProgress::lostAttempts).orElse(0),
                admission.estimatedCompletion(), Optional.empty(), Optional.empty());
    }
}
