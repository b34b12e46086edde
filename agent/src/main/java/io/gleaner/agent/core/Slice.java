package io.gleaner.agent.core;

import io.gleaner.qos.core.CpuRam;
import java.util.Objects;

/**
 * The part of the node this agent may offer Gleaner, and the QoS safety margin S(m) it keeps from it (Salamander
 * Eq. 1; the QoS stage's margins). A node runs one agent whose slice is the whole node, or several (tests, `gleaner
 * local`), each given a part with {@code --cpus} and {@code --memory}.
 *
 * @param capacity  the cores and bytes of the slice, both > 0; the heartbeat's {@code capacity}
 * @param slots     the most attempts at once, >= 1
 * @param cpuMargin S(cpu), the share of the slice's cores kept from the attempts, in [0, 1)
 * @param ramMargin S(ram), the same for RAM
 */
public record Slice(CpuRam capacity, int slots, double cpuMargin, double ramMargin) {

    public Slice {
        Objects.requireNonNull(capacity, "capacity");
        if (!(capacity.cpus() > 0) || capacity.ramBytes() <= 0) {
            throw new IllegalArgumentException("a slice needs cpus > 0 and memory > 0, was " + capacity);
        }
        if (slots < 1) {
            throw new IllegalArgumentException("slots must be >= 1, was " + slots);
        }
        if (!(cpuMargin >= 0 && cpuMargin < 1) || !(ramMargin >= 0 && ramMargin < 1)) {
            throw new IllegalArgumentException("margins must be in [0, 1), were " + cpuMargin + ", " + ramMargin);
        }
    }

    /**
     * The owners' use that falls in this slice: the owners take the rest of the node first, so only what they use
     * beyond {@code node - slice} comes out of the slice (for a slice that is the whole node, all of it). At most the
     * slice.
     *
     * @param node         the node's capacity
     * @param ownersOnNode what everything but Gleaner's attempts uses on the node
     */
    public CpuRam ownersIn(CpuRam node, CpuRam ownersOnNode) {
        double outsideCpus = Math.max(0, node.cpus() - capacity.cpus());
        long outsideRam = Math.max(0, node.ramBytes() - capacity.ramBytes());
        return new CpuRam(Math.min(capacity.cpus(), Math.max(0, ownersOnNode.cpus() - outsideCpus)),
                Math.min(capacity.ramBytes(), Math.max(0, ownersOnNode.ramBytes() - outsideRam)));
    }
}
