package io.gleaner.planner.core;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * When the {@link PlannerCell} counts a node as lost: it has been silent for more than {@code nodeTimeout} of event
 * time (docs/node-liveness.md).
 *
 * <p>Silence is measured only against heartbeats of other nodes, at each heartbeat the cell applies, never against a
 * clock: a node {@code n} is lost at the heartbeat of node {@code m} at time {@code t} when {@code n}'s latest
 * heartbeat is older than both {@code t - nodeTimeout} and {@code m}'s previous heartbeat. The second condition is
 * Kubernetes' "full disruption" rule in miniature: a gap in which no node was heard (the control plane's link was
 * down, or a simulation skipped idle rounds) is not a node's silence, so a node is lost only when another node was
 * heard after it and it still missed the timeout. Both conditions read event times of inputs only, so a replay, at
 * any speed, loses the same nodes at the same heartbeats.
 *
 * @param nodeTimeout how long a node may be silent; empty: nodes are never lost
 */
public record NodeLiveness(Optional<Duration> nodeTimeout) {

    /**
     * The default node timeout in ms: three heartbeat periods of 3 s (Hadoop's period, the simulator's default). A
     * node is lost only after it missed three heartbeats in a row, which one late or lost heartbeat never causes.
     * YARN waits 10 min and Kubernetes 40 s; Gleaner's attempts are short and run on lent nodes, so it relaunches
     * sooner.
     */
    public static final long DEFAULT_NODE_TIMEOUT_MS = 9_000;

    /** {@link #DEFAULT_NODE_TIMEOUT_MS} as a duration. */
    public static final Duration DEFAULT_NODE_TIMEOUT = Duration.ofMillis(DEFAULT_NODE_TIMEOUT_MS);

    /** Nodes are never lost: the planner before node liveness. */
    public static final NodeLiveness OFF = new NodeLiveness(Optional.empty());

    public NodeLiveness {
        Objects.requireNonNull(nodeTimeout, "nodeTimeout");
        nodeTimeout.ifPresent(timeout -> {
            if (timeout.toMillis() < 1 || timeout.toNanos() % 1_000_000 != 0) {
                throw new IllegalArgumentException("nodeTimeout must be a whole number of milliseconds >= 1, was "
                        + timeout);
            }
        });
    }

    /** Nodes silent for more than {@code nodeTimeout} are lost. */
    public static NodeLiveness after(Duration nodeTimeout) {
        return new NodeLiveness(Optional.of(Objects.requireNonNull(nodeTimeout, "nodeTimeout")));
    }

    /** Nodes silent for more than {@link #DEFAULT_NODE_TIMEOUT} are lost. */
    public static NodeLiveness defaults() {
        return after(DEFAULT_NODE_TIMEOUT);
    }

    /**
     * The nodes that {@code heartbeat} finds lost, oldest latest heartbeat first (ties by node id); {@code previous}
     * is the heartbeating node's own previous heartbeat, empty for a node new to the planner (it has heard nothing
     * of the others yet, so it finds no one lost).
     */
    List<NodeState> lost(NodeState heartbeat, Optional<NodeState> previous, PlannerState state) {
        if (nodeTimeout.isEmpty() || previous.isEmpty()) {
            return List.of();
        }
        var silentSince = heartbeat.time().minus(nodeTimeout.get());
        Instant cutoff = silentSince.isBefore(previous.get().time()) ? silentSince : previous.get().time();
        return state.heardBefore(cutoff);
    }
}
