package io.gleaner.agent.core;

import java.time.Instant;

/**
 * An attempt the agent holds: taken at {@code takenAt}, launched at {@code startTime} (null while it waits for
 * {@code notBefore}), and, once it was told to die, why ({@code killReason}, else null).
 */
public record Held(Placement placement, Instant takenAt, Instant startTime, String killReason) {

    Held launched(Instant time) {
        return new Held(placement, takenAt, time, killReason);
    }

    Held killing(String reason) {
        return new Held(placement, takenAt, startTime, reason);
    }
}
