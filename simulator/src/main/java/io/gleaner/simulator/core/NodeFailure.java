package io.gleaner.simulator.core;

import java.time.Instant;
import java.util.Objects;

/**
 * A node of the simulated cluster that fails at {@code at} of virtual time: from then on it sends no heartbeat and no
 * report, and the attempts it held are gone (docs/node-liveness.md). It does not come back.
 */
public record NodeFailure(String nodeId, Instant at) {

    public NodeFailure {
        Objects.requireNonNull(nodeId, "nodeId");
        Objects.requireNonNull(at, "at");
        if (at.isBefore(Instant.EPOCH)) {
            throw new IllegalArgumentException("a node failure must not be before " + Instant.EPOCH + ", was " + at
                    + " for node " + nodeId);
        }
    }
}
