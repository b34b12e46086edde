package io.gleaner.planner.core.makespan;

import java.util.Objects;

/**
 * A job as the two-stage process of 2015 thesis §5.3: its map phase {@code map} (M_j) on the "map machine" and its
 * reduce phase {@code reduce} (R_j, shuffle included) on the "reduce machine", in milliseconds.
 */
public record StageLengths(String jobId, double map, double reduce) {

    public StageLengths {
        Objects.requireNonNull(jobId, "jobId");
        if (!Double.isFinite(map) || map < 0 || !Double.isFinite(reduce) || reduce < 0) {
            throw new IllegalArgumentException("stage lengths must be finite and >= 0, were " + map + " and "
                    + reduce + " for job " + jobId);
        }
    }
}
