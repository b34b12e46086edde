package io.gleaner.planner.core.ras;

import io.gleaner.planner.core.CpuMemory;
import java.util.Objects;

/**
 * One job as Algorithm 1 sees it (seed 003 §4.2.1): what each of its map and reduce tasks holds (Γ_j, Gleaner's
 * per-task CPU and RAM instead of the thesis's profiled shares), how many of each it may still be given this
 * cycle, and its utility.
 *
 * @param mapsToPlace    map tasks that could start now (r_pend's and s_pend's runnable part), &gt;= 0
 * @param reducesToPlace reduce tasks that could start now, &gt;= 0
 * @param utility        u_j of the job holding what it already runs plus what this cycle places
 */
public record JobSlots(String jobId, CpuMemory mapDemand, CpuMemory reduceDemand, int mapsToPlace,
                       int reducesToPlace, Utility utility) {

    /** u_j(P) of a job, given the tasks the cycle places for it on top of those it already runs. */
    @FunctionalInterface
    public interface Utility {
        double of(int mapsPlaced, int reducesPlaced);
    }

    public JobSlots {
        Objects.requireNonNull(jobId, "jobId");
        Objects.requireNonNull(mapDemand, "mapDemand");
        Objects.requireNonNull(reduceDemand, "reduceDemand");
        Objects.requireNonNull(utility, "utility");
        if (mapsToPlace < 0 || reducesToPlace < 0) {
            throw new IllegalArgumentException("tasks to place must be >= 0, were " + mapsToPlace + " maps, "
                    + reducesToPlace + " reduces for job " + jobId);
        }
    }
}
