package io.gleaner.planner.core.ras;

/**
 * Algorithm 1's answer, P = P^M + P^R (seed 003 §4.2.1): the map and reduce tasks of each job (rows, in the order
 * the jobs were given) to start on each node (columns, in the order the nodes were given).
 */
public record PlacementMatrix(int[][] maps, int[][] reduces) {

    /** Map tasks of job {@code job} on node {@code node}. */
    public int maps(int job, int node) {
        return maps[job][node];
    }

    /** Reduce tasks of job {@code job} on node {@code node}. */
    public int reduces(int job, int node) {
        return reduces[job][node];
    }
}
