package io.gleaner.classifier.estimate;

/**
 * The constants of the default task-time model, the same formula shape as the simulator's {@code TaskModel}:
 * an attempt computes {@code bytes × flopPerByte} FLOP at {@code speedGflops × 1e9 × cpusPerTask} FLOP/s, and a
 * reduce first copies its input at {@code shuffleBitsPerSecond}. Maps are taken to read local chunks (no copy)
 * and reduces to fetch all their input over one link, as they do on a cluster with many nodes; the link latency
 * (10 µs in the simulator) is left out.
 *
 * @param mapFlopPerByte       work per byte a map reads, &gt; 0 (Salamander §IV-A: 3100)
 * @param reduceFlopPerByte    work per byte a reduce reads, &gt; 0 (Salamander §IV-A: 6300)
 * @param cpusPerTask          cores one attempt computes on, &gt; 0 (1 in the SWIM ingest)
 * @param shuffleBitsPerSecond bandwidth a reduce copies its input at, &gt; 0; +∞ to leave the copy out
 *                             (COSHH §5.2: 100 Mbps, the simulator's default link)
 */
public record WorkRates(double mapFlopPerByte, double reduceFlopPerByte, double cpusPerTask,
                        double shuffleBitsPerSecond) {

    /**
     * The values Gleaner's ingest and simulator use by default: 3100 and 6300 FLOP/B (Salamander §IV-A), one core
     * per task (SWIM ingest), 100 Mbps links (COSHH §5.2, {@code ClusterSpec.DEFAULT_LINK_BITS_PER_SECOND}).
     */
    public static final WorkRates DEFAULTS = new WorkRates(3100, 6300, 1, 100_000_000);

    public WorkRates {
        if (!(mapFlopPerByte > 0) || !(reduceFlopPerByte > 0) || !(cpusPerTask > 0) || !(shuffleBitsPerSecond > 0)
                || Double.isInfinite(mapFlopPerByte) || Double.isInfinite(reduceFlopPerByte)
                || Double.isInfinite(cpusPerTask)) {
            throw new IllegalArgumentException("flop per byte and cpus must be finite and > 0, and the shuffle rate"
                    + " > 0, were " + mapFlopPerByte + ", " + reduceFlopPerByte + ", " + cpusPerTask + ", "
                    + shuffleBitsPerSecond);
        }
    }

    /**
     * Milliseconds one task of {@code phase} reading {@code bytes} takes on a node of {@code speedGflops} per
     * core: {@code ⌈(copy + compute) s × 1000⌉}, rounded up per part as {@code TaskModel} does.
     */
    public double taskMillis(Phase phase, double bytes, double speedGflops) {
        double flopPerByte = phase == Phase.MAP ? mapFlopPerByte : reduceFlopPerByte;
        double computeSeconds = bytes * flopPerByte / (speedGflops * 1e9 * cpusPerTask);
        double copySeconds = phase == Phase.REDUCE ? bytes * 8 / shuffleBitsPerSecond : 0;
        return Math.ceil(copySeconds * 1000) + Math.ceil(computeSeconds * 1000);
    }
}
