package io.gleaner.simulator.core;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.random.RandomGenerator;

/**
 * Where the replicas of each chunk of each dataset live, spread over the nodes as HDFS would spread the blocks of a
 * file written in order.
 *
 * <p>The rule: when a dataset is first seen, one draw from the simulation's generator picks its start node
 * {@code s} (uniform over the nodes). Chunk {@code i} then has its replicas on the nodes at positions
 * {@code (s + i + j) mod N}, {@code j = 0 .. r-1}, of the cluster's node list, with {@code r = min(3, N)}
 * replicas (COSHH section 5.2 sets replication to three). Consecutive chunks thus start on consecutive nodes
 * (round-robin), and a chunk's replicas are on distinct nodes. Datasets are drawn in the order they are first
 * seen, which the event order fixes, so the same seed gives the same layout.
 */
public final class ReplicaPlacement {

    /** HDFS's default replication, used by COSHH section 5.2. */
    public static final int REPLICATION = 3;

    private final List<String> nodeIds;
    private final RandomGenerator random;
    private final Map<String, Integer> starts = new HashMap<>();

    /**
     * @param cluster the nodes to spread replicas over, in their list order
     * @param random  the simulation's generator; one draw per new dataset
     */
    public ReplicaPlacement(ClusterSpec cluster, RandomGenerator random) {
        this.nodeIds = cluster.nodes().stream().map(NodeSpec::nodeId).toList();
        this.random = Objects.requireNonNull(random, "random");
    }

    /** The nodes holding chunk {@code index} of {@code dataset}, first replica first. */
    public List<String> replicas(String dataset, long index) {
        Objects.requireNonNull(dataset, "dataset");
        if (index < 0) {
            throw new IllegalArgumentException("chunk index must be >= 0, was " + index + " in " + dataset);
        }
        int start = starts.computeIfAbsent(dataset, d -> random.nextInt(nodeIds.size()));
        int n = nodeIds.size();
        int first = (int) ((start + index) % n);
        var replicas = new ArrayList<String>(Math.min(REPLICATION, n));
        for (int j = 0; j < Math.min(REPLICATION, n); j++) {
            replicas.add(nodeIds.get((first + j) % n));
        }
        return List.copyOf(replicas);
    }

    /** Whether {@code nodeId} holds a replica of chunk {@code index} of {@code dataset}. */
    public boolean isLocal(String dataset, long index, String nodeId) {
        return replicas(dataset, index).contains(nodeId);
    }
}
