package io.gleaner.classifier.estimate;

import java.util.Objects;

/**
 * A kind of node, as far as execution times go: COSHH's resource R_j, whose slots share one execution rate
 * (COSHH §2.1).
 *
 * @param name        the node type, as in the profiles' {@code MAP/<nodeType>} keys
 * @param speedGflops speed of one core in GFLOP/s (the simulator's {@code NodeSpec.speedGflops})
 */
public record NodeType(String name, double speedGflops) {

    public NodeType {
        Objects.requireNonNull(name, "name");
        if (name.isBlank()) {
            throw new IllegalArgumentException("name must not be blank");
        }
        if (!(speedGflops > 0) || Double.isInfinite(speedGflops)) {
            throw new IllegalArgumentException("speedGflops must be finite and > 0, was " + speedGflops
                    + " for node type " + name);
        }
    }
}
