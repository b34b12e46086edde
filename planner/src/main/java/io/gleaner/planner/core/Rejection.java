package io.gleaner.planner.core;

import java.util.Objects;

/** A job that had runnable tasks but got no (more) placements on the node, and why. */
public record Rejection(String jobId, Reason reason) {

    /** Why a job was passed over. Later policies add their own reasons. */
    public enum Reason {
        /** Its next runnable task needs more CPU or RAM than the node has left. */
        DOES_NOT_FIT,
        /**
         * Delay scheduling ({@code FairPolicy}): it has maps to run but none whose chunk is on the node, and it has
         * not yet waited the locality delay for one.
         */
        WAITING_FOR_LOCALITY
    }

    public Rejection {
        Objects.requireNonNull(jobId, "jobId");
        Objects.requireNonNull(reason, "reason");
    }
}
