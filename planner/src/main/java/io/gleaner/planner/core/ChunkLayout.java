package io.gleaner.planner.core;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Objects;

/**
 * Where the replicas of a dataset's chunks live, as HDFS spreads the blocks of a file written in order: chunk
 * {@code i} has its replicas on the nodes at positions {@code (start + i + j) mod N}, {@code j = 0 .. replication-1},
 * of the sequence {@code nodes} ({@code N} positions). Consecutive chunks start on consecutive positions. This is
 * the simulator's replica rule (its {@code ReplicaPlacement}) when each node appears once; a sequence may name a
 * node more than once, so that it holds more chunks than others (Cuckoo's weighted round robin,
 * {@link DataPlacements#weightedRoundRobin}), as long as any {@code replication} consecutive positions, cyclically,
 * name distinct nodes: a chunk's replicas are on distinct nodes. A job carries its map group's layout on
 * submission, as Hadoop's JobTracker learns the split locations of a job when it is submitted, so that a policy can
 * tell which maps are node-local (delay scheduling, {@code FairPolicy}).
 *
 * @param nodes       the sequence the replicas are spread over; at least one position, no blank node id
 * @param start       position in {@code nodes} of chunk 0's first replica, {@code 0 .. N-1}
 * @param replication replicas per chunk, {@code 1 .. N}, with distinct nodes in every window of that many positions
 */
public record ChunkLayout(List<String> nodes, int start, int replication) {

    /** HDFS's default replication, which COSHH section 5.2 uses. */
    public static final int DEFAULT_REPLICATION = 3;

    public ChunkLayout {
        Objects.requireNonNull(nodes, "nodes");
        nodes = List.copyOf(nodes);
        if (nodes.isEmpty()) {
            throw new IllegalArgumentException("chunk layout needs at least one node");
        }
        for (var node : nodes) {
            if (node.isBlank()) {
                throw new IllegalArgumentException("chunk layout node ids must not be blank");
            }
        }
        if (start < 0 || start >= nodes.size()) {
            throw new IllegalArgumentException("chunk layout start must be in 0.." + (nodes.size() - 1) + ", was "
                    + start);
        }
        if (replication < 1 || replication > nodes.size()) {
            throw new IllegalArgumentException("chunk layout replication must be in 1.." + nodes.size() + ", was "
                    + replication);
        }
        requireDistinctWindows(nodes, replication);
    }

    private static void requireDistinctWindows(List<String> nodes, int replication) {
        int n = nodes.size();
        var last = new HashMap<String, Integer>();
        // A node repeated within a window is one seen again fewer than `replication` positions later, cyclically:
        // one pass over the sequence followed by its first replication-1 positions again finds every such pair.
        for (int p = 0; p < n + replication - 1; p++) {
            var node = nodes.get(p % n);
            var before = last.put(node, p);
            if (before != null && p - before < replication) {
                throw new IllegalArgumentException("chunk layout puts two replicas of a chunk on node " + node
                        + " (positions " + before % n + " and " + p % n + " are fewer than " + replication
                        + " apart)");
            }
        }
    }

    /** The layout over {@code nodes} starting at position {@code start}, with min(3, N) replicas per chunk. */
    public static ChunkLayout of(List<String> nodes, int start) {
        return new ChunkLayout(nodes, start, Math.min(DEFAULT_REPLICATION, nodes.size()));
    }

    /** The nodes holding chunk {@code chunkIndex} (of the dataset), first replica first. */
    public List<String> replicas(long chunkIndex) {
        int first = firstReplica(chunkIndex);
        var replicas = new ArrayList<String>(replication);
        for (int j = 0; j < replication; j++) {
            replicas.add(nodes.get((first + j) % nodes.size()));
        }
        return List.copyOf(replicas);
    }

    /** Whether {@code nodeId} holds a replica of chunk {@code chunkIndex} (of the dataset). */
    public boolean isLocal(long chunkIndex, String nodeId) {
        int first = firstReplica(chunkIndex);
        for (int j = 0; j < replication; j++) {
            if (nodes.get((first + j) % nodes.size()).equals(nodeId)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The indexes, among tasks {@code 0 .. count-1} of a map group whose task {@code t} reads chunk
     * {@code firstChunk + t}, of the tasks whose chunk has a replica on {@code nodeId}: progressions of step N, one
     * per position {@code p} of the node and replica slot {@code j} (the tasks with
     * {@code t ≡ p - j - start - firstChunk (mod N)}; disjoint, since a window names a node once), none starting at
     * or past {@code count}, ordered by their first index. Empty when the layout does not list the node. Costs O(N)
     * for the node's positions, not O(count).
     */
    List<IndexProgression> localTasks(String nodeId, long firstChunk, int count) {
        if (firstChunk < 0) {
            throw new IllegalArgumentException("firstChunk must be >= 0, was " + firstChunk);
        }
        if (count <= 0) {
            return List.of();
        }
        int n = nodes.size();
        int offset = (int) ((start + firstChunk % n) % n);
        var progressions = new ArrayList<IndexProgression>(replication);
        for (int position = 0; position < n; position++) {
            if (!nodes.get(position).equals(nodeId)) {
                continue;
            }
            for (int j = 0; j < replication; j++) {
                int first = Math.floorMod(position - j - offset, n);
                if (first < count) {
                    progressions.add(new IndexProgression(first, n));
                }
            }
        }
        progressions.sort(Comparator.comparingInt(IndexProgression::first));
        return List.copyOf(progressions);
    }

    private int firstReplica(long chunkIndex) {
        if (chunkIndex < 0) {
            throw new IllegalArgumentException("chunk index must be >= 0, was " + chunkIndex);
        }
        int n = nodes.size();
        return (int) ((start + chunkIndex % n) % n);
    }
}
