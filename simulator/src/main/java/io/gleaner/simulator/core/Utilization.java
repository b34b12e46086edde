package io.gleaner.simulator.core;

import java.time.Instant;
import java.util.Objects;

/**
 * How much of one resource of one node is in use at one time, as a fraction of its capacity.
 *
 * @param source whose use is counted: the owners' workload, Gleaner's tasks, or both
 */
public record Utilization(String nodeId, Instant time, Metric metric, Source source, double value) {

    /** A resource of a node. */
    public enum Metric { CPU, MEMORY }

    /** Whose use: REGULAR is the owners' workload, EPHEMERAL is Gleaner's tasks, TOTAL is both. */
    public enum Source { REGULAR, EPHEMERAL, TOTAL }

    /**
     * A sample of {@code share} capped to [0, 1]: owners can ask for more than the node has, and sums of fractional
     * cpus can pass the capacity by a rounding error, but a sample is a share of capacity.
     */
    public static Utilization clamped(String nodeId, Instant time, Metric metric, Source source, double share) {
        return new Utilization(nodeId, time, metric, source, Math.min(1.0, Math.max(0.0, share)));
    }

    public Utilization {
        Objects.requireNonNull(nodeId, "nodeId");
        Objects.requireNonNull(time, "time");
        Objects.requireNonNull(metric, "metric");
        Objects.requireNonNull(source, "source");
        if (!(value >= 0 && value <= 1)) {
            throw new IllegalArgumentException("utilization must be in [0, 1], was " + value + " for " + metric
                    + " of node " + nodeId);
        }
    }
}
