package io.gleaner.simulator.core;

import io.gleaner.planner.core.Chunk;
import io.gleaner.planner.core.ChunkLayout;
import io.gleaner.planner.core.InputPlacement;
import io.gleaner.planner.core.Job;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.random.RandomGenerator;

/**
 * Where the replicas of each chunk of each dataset live, spread over the nodes as HDFS would spread the blocks of a
 * file written in order, and what a job's submitter tells the planner about it.
 *
 * <p>The rule: when a dataset is first seen, one draw from the simulation's generator picks its start node
 * {@code s} (uniform over the nodes); its {@link ChunkLayout} then puts chunk {@code i} on the nodes at positions
 * {@code (s + i + j) mod N}, {@code j = 0 .. r-1}, of the cluster's node list, with {@code r = min(3, N)} replicas
 * by default (COSHH section 5.2 sets replication to three; {@link SimulationSettings#replicas()} sets another).
 * Consecutive chunks thus start on consecutive nodes (round-robin), and a chunk's replicas are on distinct nodes.
 * Datasets are drawn in the order they are first seen, which the event order fixes, so the same seed gives the same
 * layout. A chunk the planner moves (a {@code ChunkMove} of a
 * placement) gains a replica on the target node once the copy is done; the job's layout, as submitted, does not
 * change.
 */
public final class ReplicaPlacement {

    /** Replicas per chunk unless set: HDFS's default, which COSHH section 5.2 uses. */
    public static final int DEFAULT_REPLICAS = ChunkLayout.DEFAULT_REPLICATION;

    private final List<String> nodeIds;
    private final int replicas;
    private final RandomGenerator random;
    private final Map<String, ChunkLayout> layouts = new HashMap<>();
    private final Map<Chunk, Set<String>> copies = new HashMap<>();
    private final Set<String> copiedDatasets = new HashSet<>();

    /**
     * @param cluster the nodes to spread replicas over, in their list order
     * @param random  the simulation's generator; one draw per new dataset
     */
    public ReplicaPlacement(ClusterSpec cluster, RandomGenerator random) {
        this(cluster, random, DEFAULT_REPLICAS);
    }

    /**
     * @param replicas replicas per chunk, >= 1; at most one per node, so {@code min(replicas, N)}
     */
    public ReplicaPlacement(ClusterSpec cluster, RandomGenerator random, int replicas) {
        this.nodeIds = cluster.nodes().stream().map(NodeSpec::nodeId).toList();
        this.random = Objects.requireNonNull(random, "random");
        if (replicas < 1) {
            throw new IllegalArgumentException("replicas must be >= 1, was " + replicas);
        }
        this.replicas = Math.min(replicas, nodeIds.size());
    }

    /** The layout of {@code dataset}, drawn when the dataset is first seen. */
    public ChunkLayout layout(String dataset) {
        Objects.requireNonNull(dataset, "dataset");
        return layouts.computeIfAbsent(dataset,
                d -> new ChunkLayout(nodeIds, random.nextInt(nodeIds.size()), replicas));
    }

    /**
     * The nodes holding chunk {@code index} of {@code dataset}: its layout's replicas, first replica first, then the
     * nodes it was copied to, by node id.
     */
    public List<String> replicas(String dataset, long index) {
        if (index < 0) {
            throw new IllegalArgumentException("chunk index must be >= 0, was " + index + " in " + dataset);
        }
        var nodes = new ArrayList<>(layout(dataset).replicas(index));
        copies.getOrDefault(new Chunk(dataset, index), Set.of()).stream().sorted().forEach(nodes::add);
        return List.copyOf(nodes);
    }

    /** Whether {@code nodeId} holds a replica of chunk {@code index} of {@code dataset}. */
    public boolean isLocal(String dataset, long index, String nodeId) {
        return layout(dataset).isLocal(index, nodeId)
                || copies.getOrDefault(new Chunk(dataset, index), Set.of()).contains(nodeId);
    }

    /** Records that a copy of {@code chunk} now lives on {@code nodeId} too (a chunk move completed). */
    public void copied(Chunk chunk, String nodeId) {
        if (!nodeIds.contains(nodeId)) {
            throw new IllegalArgumentException("chunk " + chunk + " cannot move to unknown node " + nodeId);
        }
        copies.computeIfAbsent(chunk, c -> new HashSet<>()).add(nodeId);
        copiedDatasets.add(chunk.dataset());
    }

    /**
     * {@code job} as its submitter hands it to the planner: its map group carries the layout of its dataset, as a
     * Hadoop job client hands the JobTracker the locations of its input splits. A job without a map dataset is
     * returned as it is.
     */
    public Job withLayout(Job job) {
        return job.mapDataset()
                .map(dataset -> job.withMapLayout(Optional.of(layout(dataset))))
                .orElse(job);
    }

    /**
     * Lays {@code placement}'s dataset out as the planner decided (Cuckoo's weighted round robin, COSHH's suggested
     * nodes), in place of the layout drawn for it, as if its input had been written there: no copy is charged, as
     * none is for the drawn layout. Refused, with the reason, for a dataset no job submitted yet or one whose chunks
     * were already copied elsewhere (its layout is in use).
     *
     * @return empty when applied, else why not
     */
    public Optional<String> place(InputPlacement placement) {
        var dataset = placement.dataset();
        if (!layouts.containsKey(dataset)) {
            return Optional.of("dataset " + dataset + " of job " + placement.jobId() + " was never submitted");
        }
        if (copiedDatasets.contains(dataset)) {
            return Optional.of("dataset " + dataset + " has chunks copied already; its layout stays");
        }
        for (var node : placement.layout().nodes()) {
            if (!nodeIds.contains(node)) {
                return Optional.of("dataset " + dataset + " placed on unknown node " + node);
            }
        }
        layouts.put(dataset, placement.layout());
        return Optional.empty();
    }
}
