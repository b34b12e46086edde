package io.gleaner.simulator.core;

import io.gleaner.planner.core.TaskOutcome;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * A task report as a node sends it: the planner's {@link TaskOutcome} plus what an executor knows about the
 * attempt (where it read its input, what it used, why it failed).
 *
 * @param outcome     which attempt went into which state, when
 * @param startTime   when the attempt started, on reports of its end
 * @param local       whether a map read its chunk on the node; always true for reduces
 * @param inputBytes  bytes the attempt read
 * @param cpuSeconds  CPU time the attempt used, in core-seconds
 * @param memoryBytes RAM the attempt held
 * @param reason      why an attempt failed or was killed
 */
public record AttemptReport(TaskOutcome outcome, Optional<Instant> startTime, boolean local, long inputBytes,
                            double cpuSeconds, long memoryBytes, Optional<String> reason) {

    /** The reason of a placement that does not fit its node (docs/simulator.md#lockstep, step 4). */
    public static final String NODE_FULL = "node full";

    public AttemptReport {
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(startTime, "startTime");
        Objects.requireNonNull(reason, "reason");
        if (inputBytes < 0 || memoryBytes < 0 || !(cpuSeconds >= 0)) {
            throw new IllegalArgumentException("inputBytes, cpuSeconds and memoryBytes must be >= 0, were "
                    + inputBytes + ", " + cpuSeconds + ", " + memoryBytes + " in " + outcome.decisionId());
        }
    }
}
