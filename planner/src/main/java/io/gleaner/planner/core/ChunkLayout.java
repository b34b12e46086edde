package io.gleaner.planner.core;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;

/**
 * Where the replicas of a dataset's chunks live, as HDFS spreads the blocks of a file written in order: chunk
 * {@code i} has its replicas on the nodes at positions {@code (start + i + j) mod N}, {@code j = 0 .. replication-1},
 * of {@code nodes} ({@code N} nodes). Consecutive chunks start on consecutive nodes and a chunk's replicas are on
 * distinct nodes. This is the simulator's replica rule (its {@code ReplicaPlacement}); a job carries its map
 * group's layout on submission, as Hadoop's JobTracker learns the split locations of a job when it is submitted,
 * so that a policy can tell which maps are node-local (delay scheduling, {@link FairPolicy}).
 *
 * @param nodes       the nodes the replicas are spread over, in order; at least one, distinct, not blank
 * @param start       position in {@code nodes} of chunk 0's first replica, {@code 0 .. N-1}
 * @param replication replicas per chunk, {@code 1 .. N}
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
        var seen = new HashSet<String>();
        for (var node : nodes) {
            if (node.isBlank()) {
                throw new IllegalArgumentException("chunk layout node ids must not be blank");
            }
            if (!seen.add(node)) {
                throw new IllegalArgumentException("chunk layout lists node " + node + " twice");
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
        int position = position(nodeId);
        return position >= 0 && Math.floorMod(position - first, nodes.size()) < replication;
    }

    /** Position of {@code nodeId} in {@link #nodes()}, or -1 when the layout does not list it. */
    public int position(String nodeId) {
        return nodes.indexOf(nodeId);
    }

    /**
     * The indexes, among tasks {@code 0 .. count-1} of a map group whose task {@code t} reads chunk
     * {@code firstChunk + t}, of the tasks whose chunk has a replica on {@code nodeId}: at most
     * {@link #replication()} progressions of step N (one per replica slot {@code j}: the tasks with
     * {@code t ≡ position - j - start - firstChunk (mod N)}), none starting at or past {@code count}, ordered by
     * their first index. Empty when the layout does not list the node. Costs O(N) for the node's position, not
     * O(count).
     */
    public List<IndexProgression> localTasks(String nodeId, long firstChunk, int count) {
        if (firstChunk < 0) {
            throw new IllegalArgumentException("firstChunk must be >= 0, was " + firstChunk);
        }
        int position = position(nodeId);
        if (position < 0 || count <= 0) {
            return List.of();
        }
        int n = nodes.size();
        int offset = (int) ((start + firstChunk % n) % n);
        var progressions = new ArrayList<IndexProgression>(replication);
        for (int j = 0; j < replication; j++) {
            int first = Math.floorMod(position - j - offset, n);
            if (first < count) {
                progressions.add(new IndexProgression(first, n));
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
