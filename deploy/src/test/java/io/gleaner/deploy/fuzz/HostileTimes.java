package io.gleaner.deploy.fuzz;

import java.time.Duration;
import java.time.Instant;
import java.util.random.RandomGenerator;

/**
 * Event times no stage should take: before 1970 (down to the smallest long), after 2100 (up to the largest long), and
 * a few hours ahead of the wall clock, beyond the broker's default one hour ({@code log.message.timestamp.after.max.ms})
 * for the timestamps of what the stages write.
 */
final class HostileTimes {

    /** 2100-01-01T00:00:00Z. */
    static final Instant YEAR_2100 = Instant.parse("2100-01-01T00:00:00Z");

    private HostileTimes() {
    }

    static Instant before1970(RandomGenerator random) {
        return random.nextInt(5) == 0 ? Instant.ofEpochMilli(Long.MIN_VALUE)
                : Instant.ofEpochMilli(-1 - random.nextLong(10_000_000_000_000L));
    }

    static Instant after2100(RandomGenerator random) {
        return random.nextInt(5) == 0 ? Instant.ofEpochMilli(Long.MAX_VALUE)
                : YEAR_2100.plusMillis(random.nextLong(25_000_000_000_000L));
    }

    /** Two to six hours after {@code now}. */
    static Instant hoursAhead(RandomGenerator random, Instant now) {
        return now.plus(Duration.ofHours(2)).plusMillis(random.nextLong(Duration.ofHours(4).toMillis()));
    }
}
