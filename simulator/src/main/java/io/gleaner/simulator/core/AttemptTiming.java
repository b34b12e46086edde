package io.gleaner.simulator.core;

/**
 * How long one task attempt takes on a node: the transfer of its chunk when it is remote, then its computation.
 *
 * <p>Compute time is {@code work / (speed * cpus)}, with {@code work = inputBytes * flopPerByte} (Salamander
 * section IV-A: 3100 FLOP/B for maps, 6300 for reduces), the node's per-core speed in FLOP/s and the cores of
 * the attempt's demand. A remote map first copies its chunk over one link: {@code inputBytes * 8 / bandwidth +
 * latency}. Each part is rounded up to the next whole millisecond, the resolution of event time.
 *
 * @param transferMillis time to copy the input chunk to the node; 0 when local
 * @param computeMillis  time to compute
 */
public record AttemptTiming(long transferMillis, long computeMillis) {

    public AttemptTiming {
        if (transferMillis < 0 || computeMillis < 0) {
            throw new IllegalArgumentException("times must be >= 0, were transfer " + transferMillis
                    + " ms and compute " + computeMillis + " ms");
        }
    }

    /**
     * The timing of one attempt.
     *
     * @param inputBytes  bytes the attempt reads
     * @param flopPerByte work per byte read
     * @param demandCpus  cores the attempt holds, &gt; 0
     * @param node        node it runs on
     * @param remote      whether its input must be copied to the node first
     * @param cluster     the network
     */
    public static AttemptTiming of(long inputBytes, double flopPerByte, double demandCpus, NodeSpec node,
                                   boolean remote, ClusterSpec cluster) {
        if (!(demandCpus > 0)) {
            throw new IllegalArgumentException("demand cpus must be > 0, was " + demandCpus);
        }
        double computeSeconds = inputBytes * flopPerByte / (node.speedGflops() * 1e9 * demandCpus);
        long transfer = 0;
        if (remote) {
            double transferSeconds = inputBytes * 8.0 / cluster.linkBitsPerSecond()
                    + cluster.linkLatency().toNanos() / 1e9;
            transfer = ceilMillis(transferSeconds);
        }
        return new AttemptTiming(transfer, ceilMillis(computeSeconds));
    }

    /** Transfer and compute together. */
    public long totalMillis() {
        return transferMillis + computeMillis;
    }

    private static long ceilMillis(double seconds) {
        return (long) Math.ceil(seconds * 1000.0);
    }
}
