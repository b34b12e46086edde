package io.gleaner.ingest.replay;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * How far a replay has got: counts the replayer keeps, and the time its pacer says has passed.
 *
 * @param sent records sent
 * @param rejected rows that became dead letters
 * @param skipped parsed rows skipped: outside the window, not in the sample, or already replayed
 * @param blankLines blank lines skipped by the reader
 * @param elapsed time since the replay started, from the pacer
 * @param lastEventTime event time of the last record sent, if any
 * @param expectedRecords parsed rows the replay should go through in all (sent or skipped), when known
 */
public record ReplayProgress(
        long sent,
        long rejected,
        long skipped,
        long blankLines,
        Duration elapsed,
        Optional<Instant> lastEventTime,
        OptionalLong expectedRecords) {

    public ReplayProgress {
        Objects.requireNonNull(elapsed, "elapsed");
        Objects.requireNonNull(lastEventTime, "lastEventTime");
        Objects.requireNonNull(expectedRecords, "expectedRecords");
    }

    /** Records sent per second of elapsed time; 0 before any time has passed. */
    public double recordsPerSecond() {
        return perSecond(sent);
    }

    /**
     * Time left at the rate so far: parsed rows left (expected - sent - skipped) over the rate at which
     * parsed rows were gone through. Empty when the expected count is unknown, or when rows remain and no
     * rate is known yet; zero when nothing remains.
     */
    public Optional<Duration> eta() {
        if (expectedRecords.isEmpty()) {
            return Optional.empty();
        }
        long done = sent + skipped;
        long remaining = Math.max(0, expectedRecords.getAsLong() - done);
        if (remaining == 0) {
            return Optional.of(Duration.ZERO);
        }
        double rate = perSecond(done);
        if (rate <= 0) {
            return Optional.empty();
        }
        return Optional.of(Duration.ofNanos(Math.round(remaining / rate * 1e9)));
    }

    private double perSecond(long count) {
        double seconds = elapsed.toNanos() / 1e9;
        return seconds > 0 ? count / seconds : 0;
    }
}
