package io.gleaner.agent.core;

import java.time.Instant;
import java.util.Objects;

/**
 * One report on {@code tasks.reports} (docs/executor-protocol.md §7), keyed by {@link Placement#jobId()}.
 *
 * @param placement   the attempt
 * @param nodeId      the node that reports it (this agent's)
 * @param state       what happened
 * @param time        event time
 * @param startTime   when it was launched; null for LAUNCHED, REFUSED and what never started
 * @param cpuSeconds  core-seconds it used (0 when unknown)
 * @param memoryBytes the most RAM it held
 * @param reason      why (required for FAILED, KILLED, REFUSED), or null
 */
public record Report(Placement placement, String nodeId, ReportState state, Instant time, Instant startTime,
                     double cpuSeconds, long memoryBytes, String reason) {

    public Report {
        Objects.requireNonNull(placement, "placement");
        Objects.requireNonNull(nodeId, "nodeId");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(time, "time");
        if (reason == null && (state == ReportState.FAILED || state == ReportState.KILLED
                || state == ReportState.REFUSED)) {
            throw new IllegalArgumentException(state + " needs a reason");
        }
    }
}
