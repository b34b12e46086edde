package io.gleaner.simulator.core;

import java.time.Instant;
import java.util.Objects;

/**
 * What the owners' (regular) workload of one node uses from {@code time} until the node's next sample, as
 * fractions of the node's capacity. Values above 1 are kept: owners can ask for more than the node has, and
 * Gleaner's tasks then get nothing.
 *
 * @param cpu    share of the node's cores the owners use
 * @param memory share of the node's RAM the owners use
 */
public record OwnerSample(Instant time, double cpu, double memory) {

    public OwnerSample {
        Objects.requireNonNull(time, "time");
        if (!(cpu >= 0) || Double.isInfinite(cpu) || !(memory >= 0) || Double.isInfinite(memory)) {
            throw new IllegalArgumentException("owner use must be finite and >= 0, was cpu " + cpu + " and memory "
                    + memory + " at " + time);
        }
    }
}
