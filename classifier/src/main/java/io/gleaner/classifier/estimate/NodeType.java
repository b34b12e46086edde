package io.gleaner.classifier.estimate;

import java.math.BigDecimal;
import java.util.Locale;
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

    /**
     * The type of a node as its heartbeat describes it: nodes with the same slots, cores, RAM and core speed run a
     * job at the same rate (COSHH section 2.1's resource features), so they share a type. The name spells those
     * four, e.g. {@code 16slots-16cpus-24GiB-8.0GF}, so profiles and classes read the same from any stage.
     */
    public static NodeType of(int slots, double cpus, long memoryBytes, double speedGflops) {
        var name = String.format(Locale.ROOT, "%dslots-%scpus-%sGiB-%sGF", slots, compact(cpus),
                compact(memoryBytes / (double) (1L << 30)), compact(speedGflops));
        return new NodeType(name, speedGflops);
    }

    private static String compact(double value) {
        return value == Math.rint(value) && Math.abs(value) < 1e15
                ? Long.toString((long) value)
                : BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
    }
}
