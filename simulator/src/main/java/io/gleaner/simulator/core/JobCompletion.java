package io.gleaner.simulator.core;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * When one job was submitted and when its last task succeeded.
 *
 * @param finishTime end of the job's last successful task attempt
 */
public record JobCompletion(String jobId, Instant submitTime, Instant finishTime) {

    public JobCompletion {
        Objects.requireNonNull(jobId, "jobId");
        Objects.requireNonNull(submitTime, "submitTime");
        Objects.requireNonNull(finishTime, "finishTime");
        if (finishTime.isBefore(submitTime)) {
            throw new IllegalArgumentException("job " + jobId + " finished at " + finishTime + " before its submission "
                    + submitTime);
        }
    }

    /** Completion time: finish of the last task less submit time. */
    public Duration completionTime() {
        return Duration.between(submitTime, finishTime);
    }
}
