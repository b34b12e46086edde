package io.gleaner.planner.core;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What the planner holds against a node besides its heartbeat (docs/retries-and-reservations.md).
 *
 * @param reserved      decision ids of the attempts placed on the node that its heartbeats have not listed yet and
 *                      that have not ended: their demand is taken off what the node says is free
 * @param endsInARow    attempts on the node that FAILED, were KILLED or REFUSED since its last SUCCEEDED one or its
 *                      last exclusion
 * @param excludedUntil until when the node gets no new attempt; empty when it was never excluded
 */
public record NodeStanding(String nodeId, List<String> reserved, int endsInARow, Optional<Instant> excludedUntil) {

    public NodeStanding {
        Objects.requireNonNull(nodeId, "nodeId");
        reserved = List.copyOf(reserved);
        Objects.requireNonNull(excludedUntil, "excludedUntil");
        if (endsInARow < 0) {
            throw new IllegalArgumentException("endsInARow must be >= 0, was " + endsInARow + " for node " + nodeId);
        }
    }

    /** A node against which nothing is held. */
    public static NodeStanding clear(String nodeId) {
        return new NodeStanding(nodeId, List.of(), 0, Optional.empty());
    }

    /** Whether the node gets no new attempt at {@code now}. */
    boolean isExcluded(Instant now) {
        return excludedUntil.isPresent() && now.isBefore(excludedUntil.get());
    }

    /** This standing with other reserved attempts. */
    NodeStanding withReserved(List<String> value) {
        return new NodeStanding(nodeId, value, endsInARow, excludedUntil);
    }

    /**
     * This standing after an attempt on the node ended in {@code state} at {@code time}: SUCCEEDED clears the count,
     * FAILED, KILLED and REFUSED add to it, and reaching {@link RetryRules#excludeAfter()} excludes the node until
     * {@code time + excludeFor} and starts the count again. PREEMPTED (the planner's own doing) changes nothing.
     */
    NodeStanding afterEnd(TaskOutcome.State state, Instant time, RetryRules rules) {
        if (state == TaskOutcome.State.SUCCEEDED) {
            return endsInARow == 0 ? this : new NodeStanding(nodeId, reserved, 0, excludedUntil);
        }
        if (state != TaskOutcome.State.FAILED && state != TaskOutcome.State.KILLED
                && state != TaskOutcome.State.REFUSED) {
            return this;
        }
        int ends = endsInARow + 1;
        if (rules.excludeAfter() > 0 && ends >= rules.excludeAfter()) {
            return new NodeStanding(nodeId, reserved, 0, Optional.of(time.plus(rules.excludeFor())));
        }
        return new NodeStanding(nodeId, reserved, ends, excludedUntil);
    }
}
