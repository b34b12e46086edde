package io.gleaner.planner.core;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * A node the {@link PlannerCell} found lost ({@link NodeLiveness}) and what it did about it.
 *
 * @param lastHeartbeat    event time of the node's latest heartbeat
 * @param lostAt           event time of the heartbeat that found it lost
 * @param relaunchedAttempts decision ids of the attempts it held, each of whose tasks now waits for its next attempt
 */
public record NodeLoss(String nodeId, Instant lastHeartbeat, Instant lostAt, List<String> relaunchedAttempts) {

    public NodeLoss {
        Objects.requireNonNull(nodeId, "nodeId");
        Objects.requireNonNull(lastHeartbeat, "lastHeartbeat");
        Objects.requireNonNull(lostAt, "lostAt");
        relaunchedAttempts = List.copyOf(relaunchedAttempts);
    }
}
