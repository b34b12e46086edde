package io.gleaner.planner.core;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * The planner's answer to a job (issue 7, "Admission"): scheduled, with the completion its plan expects, or rejected,
 * with why. A job the Salamander policy rejected stays queued and is planned again, so a later answer may accept it;
 * a job the {@link PlannerCell} refused because no node could ever run its tasks ({@link Verdict.Refused}) was never
 * queued, and its reason says so.
 *
 * @param time                event time of the plan that answered
 * @param estimatedCompletion when accepted, the end of the job's last planned task
 * @param reason              when rejected, why
 */
public record Admission(String jobId, Instant time, boolean accepted, Optional<Instant> estimatedCompletion,
                        Optional<String> reason) {

    public Admission {
        Objects.requireNonNull(jobId, "jobId");
        Objects.requireNonNull(time, "time");
        Objects.requireNonNull(estimatedCompletion, "estimatedCompletion");
        Objects.requireNonNull(reason, "reason");
        if (accepted != estimatedCompletion.isPresent() || accepted == reason.isPresent()) {
            throw new IllegalArgumentException("an accepted admission has a completion and no reason, a rejected one a"
                    + " reason and no completion; job " + jobId);
        }
    }

    /** Scheduled, to complete at {@code completion}. */
    public static Admission accepted(String jobId, Instant time, Instant completion) {
        return new Admission(jobId, time, true, Optional.of(completion), Optional.empty());
    }

    /** Not scheduled, for {@code reason}. */
    public static Admission rejected(String jobId, Instant time, String reason) {
        return new Admission(jobId, time, false, Optional.empty(), Optional.of(reason));
    }

    /** Whether this answer tells the user something {@code previous} did not: a verdict, reason or completion. */
    public boolean differsFrom(Admission previous) {
        return accepted != previous.accepted || !reason.equals(previous.reason)
                || !estimatedCompletion.equals(previous.estimatedCompletion);
    }
}
