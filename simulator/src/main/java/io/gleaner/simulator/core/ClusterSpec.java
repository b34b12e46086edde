package io.gleaner.simulator.core;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;

/**
 * The simulated cluster: its nodes and the network between them.
 *
 * <p>Every pair of nodes is joined by a dedicated link of {@code linkBitsPerSecond} and {@code linkLatency}
 * (Salamander section IV-A: 50 Mbps and 10 us; COSHH section 5.2: 100 Mbps). The defaults are COSHH's
 * bandwidth, because the default preset is COSHH's Table 3, and Salamander's latency, since COSHH gives none.
 *
 * @param name              name of the cluster (the preset's name)
 * @param nodes             the nodes, in the order that chunk replicas are spread over
 * @param linkBitsPerSecond bandwidth of a link between two nodes
 * @param linkLatency       latency of a link between two nodes
 */
public record ClusterSpec(String name, List<NodeSpec> nodes, long linkBitsPerSecond, Duration linkLatency) {

    /** COSHH section 5.2: "The bandwidth between the resources is 100Mbps". */
    public static final long DEFAULT_LINK_BITS_PER_SECOND = 100_000_000L;

    /** Salamander section IV-A: "dedicated links of 50 Mbps and 10 us latency". */
    public static final Duration DEFAULT_LINK_LATENCY = Duration.ofNanos(10_000);

    public ClusterSpec {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(linkLatency, "linkLatency");
        nodes = List.copyOf(nodes);
        if (nodes.isEmpty()) {
            throw new IllegalArgumentException("a cluster needs at least one node, " + name + " has none");
        }
        var ids = new HashSet<String>();
        for (var node : nodes) {
            if (!ids.add(node.nodeId())) {
                throw new IllegalArgumentException("node ids must be unique, " + node.nodeId() + " appears twice in "
                        + name);
            }
        }
        if (linkBitsPerSecond < 1) {
            throw new IllegalArgumentException("linkBitsPerSecond must be >= 1, was " + linkBitsPerSecond);
        }
        if (linkLatency.isNegative()) {
            throw new IllegalArgumentException("linkLatency must not be negative, was " + linkLatency);
        }
    }

    /** A cluster with the default link (100 Mbps, 10 us). */
    public static ClusterSpec of(String name, List<NodeSpec> nodes) {
        return new ClusterSpec(name, nodes, DEFAULT_LINK_BITS_PER_SECOND, DEFAULT_LINK_LATENCY);
    }
}
