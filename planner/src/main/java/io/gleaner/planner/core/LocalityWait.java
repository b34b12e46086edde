package io.gleaner.planner.core;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * A job's new delay-scheduling wait ({@link JobProgress#localityWaitSince()}), as a policy decided it on a
 * heartbeat: the {@link PlannerCell} stores it with the job's progress.
 *
 * @param since when the job was first passed over for want of a node-local map; empty once it launched one
 */
public record LocalityWait(String jobId, Optional<Instant> since) {

    public LocalityWait {
        Objects.requireNonNull(jobId, "jobId");
        Objects.requireNonNull(since, "since");
    }
}
