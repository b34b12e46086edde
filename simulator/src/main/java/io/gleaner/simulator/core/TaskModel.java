package io.gleaner.simulator.core;

/**
 * The formulas of the task model (issue "evaluation bench", item 3), in one place so tests can check them by hand.
 *
 * <ul>
 *   <li>A copy of {@code b} bytes over one link takes {@code b * 8 / bandwidth + latency}: every pair of nodes has a
 *       dedicated link (Salamander section IV-A), so copies do not contend.</li>
 *   <li>An attempt computes {@code inputBytes * flopPerByte} FLOP (Salamander section IV-A: 3100 FLOP/B for maps,
 *       6300 for reduces) at {@code speed * cpus * share} FLOP/s, with the node's per-core speed, the attempt's
 *       cores and the CPU share the node gives Gleaner's attempts ({@link #cpuShare}).</li>
 *   <li>Times are rounded up to the next whole millisecond, the resolution of event time.</li>
 * </ul>
 */
public final class TaskModel {

    private TaskModel() {
    }

    /** Milliseconds to copy {@code bytes} over one link of {@code cluster}; 0 for nothing to copy. */
    public static long transferMillis(long bytes, ClusterSpec cluster) {
        if (bytes < 0) {
            throw new IllegalArgumentException("bytes must be >= 0, was " + bytes);
        }
        if (bytes == 0) {
            return 0;
        }
        double seconds = bytes * 8.0 / cluster.linkBitsPerSecond() + cluster.linkLatency().toNanos() / 1e9;
        return ceilMillis(seconds);
    }

    /**
     * The share of its demand that every computing attempt of a node gets, in (0, 1].
     *
     * <p>The node's cores are shared in proportion to demand, as a kernel scheduler shares them between busy
     * threads of equal weight: while the owners' use plus the attempts' cores fit the node, everyone gets what
     * they ask; beyond that, owners and attempts alike get {@code cores / (ownerCpus + attemptCpus)} of their
     * demand. Gleaner's attempts therefore slow down in proportion, and the owners lose CPU too, which
     * {@link #ownerShortfall} measures; protecting them is the QoS controller's job, not the node's.
     *
     * @param ownerCpus   cores the owners ask for, &gt;= 0 (may exceed the node)
     * @param attemptCpus cores the computing attempts ask for, &gt;= 0
     * @param cores       the node's cores, &gt; 0
     */
    public static double cpuShare(double ownerCpus, double attemptCpus, double cores) {
        double demand = ownerCpus + attemptCpus;
        return demand <= cores ? 1.0 : cores / demand;
    }

    /**
     * Cores the owners asked for and did not get because Gleaner's attempts were computing: what they would get on
     * their own ({@code min(ownerCpus, cores)}) less what proportional sharing gives them; 0 when nothing is short.
     */
    public static double ownerShortfall(double ownerCpus, double attemptCpus, double cores) {
        double alone = Math.min(ownerCpus, cores);
        double shared = ownerCpus * cpuShare(ownerCpus, attemptCpus, cores);
        return Math.max(0, alone - shared);
    }

    /** FLOP per second an attempt holding {@code cpus} cores computes at on {@code node} with CPU share {@code share}. */
    public static double flopsPerSecond(NodeSpec node, double cpus, double share) {
        return node.speedGflops() * 1e9 * cpus * share;
    }

    /** Milliseconds to compute {@code flop} at {@code flopsPerSecond}, rounded up; 0 for no work. */
    public static long computeMillis(double flop, double flopsPerSecond) {
        if (!(flop > 0)) {
            return 0;
        }
        if (!(flopsPerSecond > 0)) {
            throw new IllegalArgumentException("an attempt with work left needs a rate > 0, was " + flopsPerSecond);
        }
        return ceilMillis(flop / flopsPerSecond);
    }

    private static long ceilMillis(double seconds) {
        return (long) Math.ceil(seconds * 1000.0);
    }
}
