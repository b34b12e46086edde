package io.gleaner.planner.core.salamander.solver;

import java.util.Arrays;

/**
 * A node k with its capacities C(k, m) and the forecast utilisation U(k, m, t) of its regular workload for each
 * step t of the window (Salamander §III-B1, Table I). Utilisation arrays must cover the window (checked by
 * {@link Instance}); values are shares, nominally in [0, 1].
 */
public record Node(String id, long cpuCapacity, long ramCapacity, double[] cpuUtilization, double[] ramUtilization) {

    public Node {
        if (id == null || id.isBlank()) {
            throw new IllegalArgumentException("node id must not be blank, was '" + id + "'");
        }
        if (cpuCapacity < 0 || ramCapacity < 0) {
            throw new IllegalArgumentException("capacities must be >= 0, were cpu " + cpuCapacity + ", ram "
                    + ramCapacity + " on node " + id);
        }
        cpuUtilization = cpuUtilization.clone();
        ramUtilization = ramUtilization.clone();
        for (double u : cpuUtilization) {
            if (!Double.isFinite(u)) {
                throw new IllegalArgumentException("cpu utilization must be finite, was " + u + " on node " + id);
            }
        }
        for (double u : ramUtilization) {
            if (!Double.isFinite(u)) {
                throw new IllegalArgumentException("ram utilization must be finite, was " + u + " on node " + id);
            }
        }
    }

    /** A node whose utilisation is the same on every one of {@code steps} steps. */
    static Node constant(String id, long cpuCapacity, long ramCapacity, double cpuUse, double ramUse,
            int steps) {
        double[] cpu = new double[steps];
        double[] ram = new double[steps];
        Arrays.fill(cpu, cpuUse);
        Arrays.fill(ram, ramUse);
        return new Node(id, cpuCapacity, ramCapacity, cpu, ram);
    }

    /** C(k, m). */
    public long capacity(Metric metric) {
        return metric == Metric.CPU ? cpuCapacity : ramCapacity;
    }

    /** U(k, m, t). */
    public double utilization(Metric metric, int step) {
        return metric == Metric.CPU ? cpuUtilization[step] : ramUtilization[step];
    }

    @Override
    public double[] cpuUtilization() {
        return cpuUtilization.clone();
    }

    @Override
    public double[] ramUtilization() {
        return ramUtilization.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Node n && id.equals(n.id) && cpuCapacity == n.cpuCapacity
                && ramCapacity == n.ramCapacity && Arrays.equals(cpuUtilization, n.cpuUtilization)
                && Arrays.equals(ramUtilization, n.ramUtilization);
    }

    @Override
    public int hashCode() {
        return id.hashCode() * 31 + Long.hashCode(cpuCapacity ^ ramCapacity);
    }

    @Override
    public String toString() {
        return "Node[" + id + ", cpu " + cpuCapacity + ", ram " + ramCapacity + "]";
    }
}
