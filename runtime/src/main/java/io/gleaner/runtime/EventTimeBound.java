package io.gleaner.runtime;

import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.Objects;
import java.util.Optional;

/**
 * Which event times a stage takes: none before 1970 (Kafka refuses negative timestamps) and none more than
 * {@code maxAhead} after the wall clock. Every record a stage writes carries an event time it took, or stream time,
 * which is the largest of them; the broker refuses a record stamped more than {@code log.message.timestamp.after.max.ms}
 * (one hour by default) after its own clock, and a refused write stops the stage. So a record with a later time, from
 * a node or a submitter whose clock is wrong, becomes a dead letter instead of reaching the stage.
 *
 * <p>Why the wall clock and not stream time: stream time cannot bound the first record a stage reads (there is none
 * before it), and the broker's limit is on its wall clock. A replay is not affected: its event times are in the past,
 * so the same trace gives the same decisions whenever it is replayed. This is the one place a stage reads the wall
 * clock, and only to refuse.
 *
 * @param maxAhead  how far after the wall clock an event time may be; at least zero, and well below the broker's
 *                  limit, since the records a stage writes are stamped up to this far ahead
 * @param wallClock the wall clock
 */
public record EventTimeBound(Duration maxAhead, InstantSource wallClock) {

    /**
     * Default {@link #maxAhead()}, ISO-8601: a quarter of the broker's default limit, room for clocks a few minutes
     * off. Text so that a command-line annotation can show it.
     */
    public static final String DEFAULT_MAX_AHEAD_TEXT = "PT15M";
    /** {@link #DEFAULT_MAX_AHEAD_TEXT} as a duration. */
    public static final Duration DEFAULT_MAX_AHEAD = Duration.parse(DEFAULT_MAX_AHEAD_TEXT);

    public EventTimeBound {
        Objects.requireNonNull(maxAhead, "maxAhead");
        Objects.requireNonNull(wallClock, "wallClock");
        if (maxAhead.isNegative()) {
            throw new IllegalArgumentException("maxAhead must not be negative, was " + maxAhead);
        }
    }

    /** Why a stage does not take {@code time} as an event time now, or empty when it does. */
    public Optional<String> problem(Instant time) {
        if (time == null) {
            return Optional.of("no event time");
        }
        if (time.isBefore(Instant.EPOCH)) {
            return Optional.of("event time " + time + " is before " + Instant.EPOCH);
        }
        var now = wallClock.instant();
        if (time.isAfter(now.plus(maxAhead))) {
            return Optional.of("event time " + time + " is more than " + maxAhead + " after the wall clock (" + now
                    + "); a node or submitter clock may be wrong");
        }
        return Optional.empty();
    }
}
