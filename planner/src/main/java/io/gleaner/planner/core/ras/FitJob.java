package io.gleaner.planner.core.ras;

import io.gleaner.planner.core.CpuMemory;
import java.time.Instant;
import java.util.Objects;

/**
 * A job as Algorithm 2 (seed 003 §5.3.4.2) sees it: its goal T_goal, its pending map tasks s_pend, how long each
 * runs (µ_j) and what each holds (Γ_j).
 *
 * @param goal        when its maps must be done
 * @param pending     map tasks not finished, &gt;= 0
 * @param taskSeconds µ_j, &gt; 0
 * @param demand      what each task holds
 */
public record FitJob(String jobId, Instant goal, int pending, double taskSeconds, CpuMemory demand) {

    public FitJob {
        Objects.requireNonNull(jobId, "jobId");
        Objects.requireNonNull(goal, "goal");
        Objects.requireNonNull(demand, "demand");
        if (pending < 0) {
            throw new IllegalArgumentException("pending must be >= 0, was " + pending + " for " + jobId);
        }
        if (!(taskSeconds > 0) || Double.isInfinite(taskSeconds)) {
            throw new IllegalArgumentException("taskSeconds must be finite and > 0, was " + taskSeconds);
        }
    }
}
