package io.gleaner.simulator.core;

import java.util.List;
import java.util.Objects;

/**
 * One simulated node: what it has and how fast it computes.
 *
 * @param nodeId       unique id of the node
 * @param rack         rack (failure and network domain)
 * @param cpus         cores
 * @param speedGflops  speed of one core in GFLOP/s; heterogeneous nodes differ here
 * @param memoryBytes  RAM in bytes
 * @param slots        most task attempts the node runs at once (Hadoop task slots)
 * @param labels       free-form labels, e.g. accelerators such as {@code gpu=a100}
 */
public record NodeSpec(String nodeId, String rack, int cpus, double speedGflops, long memoryBytes, int slots,
                       List<String> labels) {

    public NodeSpec {
        Objects.requireNonNull(nodeId, "nodeId");
        Objects.requireNonNull(rack, "rack");
        if (nodeId.isBlank()) {
            throw new IllegalArgumentException("nodeId must not be blank");
        }
        if (cpus < 1) {
            throw new IllegalArgumentException("cpus must be >= 1, was " + cpus + " on node " + nodeId);
        }
        if (!(speedGflops > 0) || Double.isInfinite(speedGflops)) {
            throw new IllegalArgumentException("speedGflops must be > 0 and finite, was " + speedGflops
                    + " on node " + nodeId);
        }
        if (memoryBytes < 1) {
            throw new IllegalArgumentException("memoryBytes must be >= 1, was " + memoryBytes + " on node " + nodeId);
        }
        if (slots < 1) {
            throw new IllegalArgumentException("slots must be >= 1, was " + slots + " on node " + nodeId);
        }
        labels = List.copyOf(labels);
    }
}
