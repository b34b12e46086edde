package io.gleaner.simulator.core;

/**
 * How much Gleaner's attempts cost the owners over a run: the time some node's owners got less CPU than they asked
 * for (and would have had alone), and how much less. Owners never wait for memory: the node kills attempts the
 * moment the owners need it back.
 *
 * @param violationMillis      node-milliseconds during which a node's owners were short of CPU
 * @param shortfallCoreSeconds core-seconds of CPU the owners asked for and did not get
 * @param nodeMillis           node-milliseconds of the run (nodes times its length), the denominator of shares
 */
public record OwnerImpact(long violationMillis, double shortfallCoreSeconds, long nodeMillis) {

    /** Share of node time with owners short of CPU; NaN for a run without length. */
    public double violationShare() {
        return nodeMillis == 0 ? Double.NaN : (double) violationMillis / nodeMillis;
    }
}
