package io.gleaner.deploy.jobs;

import io.gleaner.schemas.avro.JobEvent;
import io.gleaner.schemas.avro.JobEventType;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Where a job stands, folded from its {@code jobs.events} in offset order: the latest state with the time it began,
 * the counts of the latest event (each event carries the job's counts so far), and the latest event itself.
 *
 * @param state      the latest event's type, except that an {@code ATTEMPT_LOST} (or an {@code UNKNOWN} type from a
 *                   newer planner) leaves the state as it was: the job is still running
 * @param since      when the job entered {@code state}
 * @param lastEvent  the latest event
 * @param events     how many events the job has had
 */
public record JobStatus(String jobId, JobEventType state, Instant since, JobEvent lastEvent, int events) {

    /** The exit code of {@code gleaner jobs watch --until-done} for a job that ended FAILED. */
    public static final int FAILED_EXIT_CODE = 3;
    /** The exit code of {@code gleaner jobs watch --until-done} for a job that was REJECTED. */
    public static final int REJECTED_EXIT_CODE = 4;

    public JobStatus {
        Objects.requireNonNull(jobId, "jobId");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(since, "since");
        Objects.requireNonNull(lastEvent, "lastEvent");
    }

    /** The status after {@code event}, the job's first. */
    public static JobStatus first(JobEvent event) {
        return new JobStatus(event.getJobId(), event.getType(), event.getTime(), event, 1);
    }

    /** The status after {@code event}, given the one before it (empty: {@code event} is the job's first). */
    public static JobStatus after(Optional<JobStatus> before, JobEvent event) {
        return before.map(status -> status.next(event)).orElseGet(() -> first(event));
    }

    /** The status after {@code event}, the next one of this job. */
    public JobStatus next(JobEvent event) {
        boolean keepsState = event.getType() == JobEventType.ATTEMPT_LOST || event.getType() == JobEventType.UNKNOWN
                || event.getType() == state;
        return new JobStatus(jobId, keepsState ? state : event.getType(), keepsState ? since : event.getTime(), event,
                events + 1);
    }

    /** Whether the job will have no more events: it SUCCEEDED, FAILED or was REJECTED. */
    public boolean done() {
        return state == JobEventType.SUCCEEDED || state == JobEventType.FAILED || state == JobEventType.REJECTED;
    }

    /** The exit code that says how a {@link #done()} job ended: 0 when it succeeded. */
    public int exitCode() {
        return switch (state) {
            case FAILED -> FAILED_EXIT_CODE;
            case REJECTED -> REJECTED_EXIT_CODE;
            default -> 0;
        };
    }

    /** The status for people, one {@code name value} line each. */
    public String text() {
        var text = new StringBuilder();
        text.append(String.format("%-12s %s%n", "job", jobId));
        text.append(String.format("%-12s %s since %s%n", "state", state, since));
        text.append(String.format("%-12s %d of %d succeeded%n", "tasks", lastEvent.getSucceededTasks(),
                lastEvent.getTasks()));
        text.append(String.format("%-12s %d failed, %d lost%n", "attempts", lastEvent.getFailedAttempts(),
                lastEvent.getLostAttempts()));
        if (lastEvent.getReason() != null) {
            text.append(String.format("%-12s %s%n", "reason", lastEvent.getReason()));
        }
        if (lastEvent.getEstimatedCompletion() != null) {
            text.append(String.format("%-12s %s%n", "estimated", lastEvent.getEstimatedCompletion()));
        }
        text.append(String.format("%-12s %s%n", "last event", line(lastEvent)));
        text.append(String.format("%-12s %d%n", "events", events));
        return text.toString();
    }

    /** The status as JSON fields, in a fixed order. */
    public Map<String, Object> json() {
        var json = new LinkedHashMap<String, Object>();
        json.put("jobId", jobId);
        json.put("state", state.name());
        json.put("since", since.toString());
        json.put("tasks", lastEvent.getTasks());
        json.put("succeededTasks", lastEvent.getSucceededTasks());
        json.put("failedAttempts", lastEvent.getFailedAttempts());
        json.put("lostAttempts", lastEvent.getLostAttempts());
        json.put("reason", lastEvent.getReason());
        json.put("estimatedCompletion", Optional.ofNullable(lastEvent.getEstimatedCompletion()).map(Instant::toString)
                .orElse(null));
        json.put("lastEvent", lastEvent.getType().name());
        json.put("lastEventTime", lastEvent.getTime().toString());
        json.put("events", events);
        return json;
    }

    /**
     * One event on one line, as {@code gleaner jobs watch} prints it: time, job, type, counts, then what only some
     * types carry.
     */
    public static String line(JobEvent event) {
        var line = new StringBuilder().append(event.getTime()).append(' ').append(event.getJobId()).append(' ')
                .append(event.getType()).append(" tasks ").append(event.getSucceededTasks()).append('/')
                .append(event.getTasks()).append(" failed ").append(event.getFailedAttempts()).append(" lost ")
                .append(event.getLostAttempts());
        if (event.getEstimatedCompletion() != null) {
            line.append(" estimated ").append(event.getEstimatedCompletion());
        }
        if (event.getDecisionId() != null) {
            line.append(" attempt ").append(event.getDecisionId());
        }
        if (event.getNodeId() != null) {
            line.append(" node ").append(event.getNodeId());
        }
        if (event.getReason() != null) {
            line.append(": ").append(event.getReason());
        }
        return line.toString();
    }
}
