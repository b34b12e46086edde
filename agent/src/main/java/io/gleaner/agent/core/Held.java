package io.gleaner.agent.core;

import java.time.Instant;

/**
 * An attempt the agent holds: taken at {@code takenAt}, launched at {@code startTime} (null while it waits for
 * {@code notBefore}), and, once it was told to die, why ({@code killReason}, else null) and whether that is the
 * task's fault ({@code failed}: it used more memory than it was placed with), so that its end counts as FAILED.
 */
public record Held(Placement placement, Instant takenAt, Instant startTime, String killReason, boolean failed) {

    Held launched(Instant time) {
        return new Held(placement, takenAt, time, killReason, failed);
    }

    Held killing(String reason, boolean fault) {
        return new Held(placement, takenAt, startTime, reason, fault);
    }
}
