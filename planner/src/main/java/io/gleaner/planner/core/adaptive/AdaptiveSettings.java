package io.gleaner.planner.core.adaptive;

import java.util.Objects;

/**
 * What {@link AdaptivePolicy} needs (docs/policies/adaptive.md#settings).
 *
 * @param maxDelays         data affinity (2014 thesis section 3.4.2): how many offers of a node without its data a job
 *                          that already has the slots its goal needs may pass over before it runs a task there; >= 0,
 *                          0 turns data affinity off. The thesis's experiments used 1 and 3.
 * @param acceleratedLabel  hardware affinity (section 3.4.3): the node label of the accelerated pool; nodes without it
 *                          are the regular pool. Blank turns hardware affinity off (one pool).
 * @param speedupThreshold  a job whose maps run this many times faster on the accelerated pool than on the regular one
 *                          ({@code mu_reg / mu_acc}) is accelerable; > 0. The thesis gives no value.
 * @param reduceCost        a reduce's length relative to a map's until a reduce completes (section 3.4.5); > 0, the
 *                          thesis's default is 1
 */
public record AdaptiveSettings(int maxDelays, String acceleratedLabel, double speedupThreshold, double reduceCost) {

    /** Default {@link #maxDelays()}: 3, the thesis's setting with the best locality that met every goal. */
    public static final int DEFAULT_MAX_DELAYS = 3;

    /**
     * Default {@link #speedupThreshold()}: 1.5. The thesis names a "configurable threshold" without a value; 1.5 keeps
     * I/O-bound jobs that gain a few percent off the accelerators, which the thesis warns would waste them.
     */
    public static final double DEFAULT_SPEEDUP_THRESHOLD = 1.5;

    public AdaptiveSettings {
        Objects.requireNonNull(acceleratedLabel, "acceleratedLabel");
        acceleratedLabel = acceleratedLabel.strip();
        if (maxDelays < 0) {
            throw new IllegalArgumentException("maxDelays must be >= 0, was " + maxDelays);
        }
        if (!(speedupThreshold > 0) || Double.isInfinite(speedupThreshold)) {
            throw new IllegalArgumentException("speedupThreshold must be > 0 and finite, was " + speedupThreshold);
        }
        if (!(reduceCost > 0) || Double.isInfinite(reduceCost)) {
            throw new IllegalArgumentException("reduceCost must be > 0 and finite, was " + reduceCost);
        }
    }

    /** Three delays, no hardware affinity, a threshold of 1.5, reduces as long as maps. */
    public static AdaptiveSettings defaults() {
        return new AdaptiveSettings(DEFAULT_MAX_DELAYS, "", DEFAULT_SPEEDUP_THRESHOLD, 1.0);
    }

    /** Whether nodes are split into an accelerated and a regular pool. */
    public boolean hardwareAffinity() {
        return !acceleratedLabel.isEmpty();
    }
}
