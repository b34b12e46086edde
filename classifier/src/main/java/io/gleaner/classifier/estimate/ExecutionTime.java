package io.gleaner.classifier.estimate;

import java.util.Objects;

/**
 * COSHH §2.1's mean_execTime(J, R) of one job on one node type, with where each phase's task time came from.
 *
 * @param meanExecMillis   mapTasks · mapTaskMillis + reduceTasks · reduceTaskMillis: the job's work on one
 *                         slot of the node type, in milliseconds
 * @param mapTaskMillis    time of one map task there; 0 without maps
 * @param reduceTaskMillis time of one reduce task there; 0 without reduces
 * @param mapSource        where {@code mapTaskMillis} came from
 * @param reduceSource     where {@code reduceTaskMillis} came from
 */
public record ExecutionTime(double meanExecMillis, double mapTaskMillis, double reduceTaskMillis,
                            Source mapSource, Source reduceSource) {

    /** Time floor for {@link #rate()}: the resolution of event time, so that an empty job has a finite rate. */
    public static final double MIN_MILLIS = 1;

    public ExecutionTime {
        Objects.requireNonNull(mapSource, "mapSource");
        Objects.requireNonNull(reduceSource, "reduceSource");
        if (!(meanExecMillis >= 0) || !(mapTaskMillis >= 0) || !(reduceTaskMillis >= 0)
                || Double.isInfinite(meanExecMillis)) {
            throw new IllegalArgumentException("times must be finite and >= 0, were " + meanExecMillis + ", "
                    + mapTaskMillis + ", " + reduceTaskMillis);
        }
    }

    /**
     * COSHH's mean_execRate(J, R) = 1 / mean_execTime(J, R), in jobs per second per slot (COSHH §2.1: "each slot
     * has a specific execution rate"); a node type's node with s slots runs s times as many. The time is floored
     * at {@link #MIN_MILLIS}.
     */
    public double rate() {
        return 1000.0 / Math.max(MIN_MILLIS, meanExecMillis);
    }

    /** Where a phase's task time came from. */
    public enum Source {
        /** The job has no task of this phase. */
        NONE,
        /** µ of the job name's past tasks on this node type (seed 003 §3.3.1). */
        HISTORY,
        /** µ on other node types, scaled by their speed over this one's. */
        SCALED_HISTORY,
        /** Bytes and the node type's speed through {@link WorkRates}. */
        WORK_MODEL
    }
}
