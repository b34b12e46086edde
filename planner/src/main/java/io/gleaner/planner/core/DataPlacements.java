package io.gleaner.planner.core;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * How a policy lays out a new job's input: Cuckoo's weighted round robin over forecast spare capacity (Salamander
 * §II-C) and COSHH's replicas on the resources that suggest the job's class (COSHH §3.2). Pure: the policies
 * gather the nodes, weights and suggestions.
 */
public final class DataPlacements {

    /**
     * Positions of a weighted round robin's sequence per node: the sequence gives each node a share of positions
     * within 1/10 of its weight's, and its length stays small enough to travel with the job (270 positions on
     * PC-2's 27 nodes).
     */
    static final int POSITIONS_PER_NODE = 10;

    private DataPlacements() {
    }

    /**
     * Cuckoo's data placement planner: chunks dealt to the nodes by weighted round robin, node {@code k} holding a
     * share of the replicas in proportion to {@code weights[k]} (all equal when no weight is positive).
     *
     * <p>The sequence is smooth weighted round robin (each position, every node's credit grows by its weight and
     * the node with the most credit takes the position and pays the total), except that a node already among the
     * {@code replication − 1} positions before (cyclically) cannot take it: a chunk's replicas stay on distinct
     * nodes, so no node holds more than one replica of a chunk, whatever its weight. Its length is
     * {@value #POSITIONS_PER_NODE} positions per node. Cuckoo's round robin carries on from file to file; here each
     * dataset starts at a position drawn from its name, which spreads small datasets over the sequence as a running
     * pointer would, without state.
     *
     * @param nodeIds     the nodes, in the order ties go; distinct
     * @param weights     each node's weight, {@code >= 0}, e.g. its forecast spare CPU in GFLOP/s
     * @param replication replicas per chunk, {@code 1 .. nodes}
     * @param dataset     the dataset laid out
     * @return the layout, or empty when too few nodes are left to keep a window's replicas distinct
     */
    public static Optional<ChunkLayout> weightedRoundRobin(List<String> nodeIds, double[] weights, int replication,
                                                           String dataset) {
        Objects.requireNonNull(dataset, "dataset");
        int n = nodeIds.size();
        if (weights.length != n) {
            throw new IllegalArgumentException(n + " nodes but " + weights.length + " weights");
        }
        if (replication < 1 || replication > n) {
            throw new IllegalArgumentException("replication must be in 1.." + n + ", was " + replication);
        }
        double total = 0;
        for (double weight : weights) {
            if (!(weight >= 0) || Double.isInfinite(weight)) {
                throw new IllegalArgumentException("weights must be finite and >= 0, was " + weight);
            }
            total += weight;
        }
        double[] shares = new double[n];
        for (int k = 0; k < n; k++) {
            shares[k] = total > 0 ? weights[k] / total : 1.0 / n;
        }
        int length = POSITIONS_PER_NODE * n;
        int[] sequence = new int[length];
        double[] credit = new double[n];
        for (int p = 0; p < length; p++) {
            var excluded = new HashSet<Integer>();
            for (int back = 1; back < replication && p - back >= 0; back++) {
                excluded.add(sequence[p - back]);
            }
            // Near the end, the windows that wrap around also hold the first positions.
            for (int head = 0; head <= p + replication - 1 - length; head++) {
                excluded.add(sequence[head]);
            }
            int chosen = -1;
            for (int k = 0; k < n; k++) {
                credit[k] += shares[k];
                if (!excluded.contains(k) && (chosen < 0 || credit[k] > credit[chosen])) {
                    chosen = k;
                }
            }
            if (chosen < 0) {
                return Optional.empty();
            }
            credit[chosen] -= 1;
            sequence[p] = chosen;
        }
        var nodes = new ArrayList<String>(length);
        for (int k : sequence) {
            nodes.add(nodeIds.get(k));
        }
        int start = (int) Math.floorMod(SeededHash.mix(dataset.hashCode()), (long) length);
        return Optional.of(new ChunkLayout(nodes, start, replication));
    }

    /**
     * COSHH's replica placement: "from all the suggested resources for these jobs, three of them are randomly
     * selected for storing replicas" (§3.2). Taken per chunk, as HDFS replicates per block: the chunks are spread
     * round robin over the suggested nodes in a seeded random order, {@code replication} consecutive nodes per
     * chunk, so that every suggested node holds some. With fewer suggested nodes than replicas, the other nodes, in
     * the same kind of order, make up the number.
     *
     * @param suggested   the nodes whose suggested sets hold the job's class
     * @param others      the other nodes
     * @param replication replicas per chunk (at most the number of nodes given)
     * @param dataset     the dataset laid out
     * @param seed        the policy's seed
     * @return the layout, or empty when no node is suggested
     */
    public static Optional<ChunkLayout> overSuggested(List<String> suggested, List<String> others, int replication,
                                                      String dataset, long seed) {
        if (suggested.isEmpty()) {
            return Optional.empty();
        }
        long salt = SeededHash.mix(seed ^ SeededHash.mix(dataset.hashCode()));
        Comparator<String> drawn = Comparator.comparingLong((String node) -> SeededHash.mix(salt ^ node.hashCode()))
                .thenComparing(Comparator.naturalOrder());
        var nodes = new ArrayList<>(suggested.stream().sorted(drawn).toList());
        others.stream().sorted(drawn).limit(Math.max(0, replication - nodes.size())).forEach(nodes::add);
        return Optional.of(new ChunkLayout(nodes, 0, Math.min(replication, nodes.size())));
    }
}
