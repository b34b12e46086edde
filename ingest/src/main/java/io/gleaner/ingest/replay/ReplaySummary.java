package io.gleaner.ingest.replay;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * What a finished replay did. Every row the reader yielded is counted exactly once: sent, rejected, or
 * skipped for one of three reasons (checked in this order: window, sample, already replayed).
 *
 * @param sent records sent and flushed to the record sink
 * @param rejected rows sent to the dead-letter sink
 * @param skippedByWindow rows whose event time is outside the window (not sent, not dead-lettered)
 * @param skippedBySampling rows whose key the sampler does not keep
 * @param skippedAsReplayed rows the destination already held (a resumed replay), records and dead letters
 * @param blankLines blank lines the reader skipped
 * @param firstEventTime event time of the first record sent, if any
 * @param lastEventTime event time of the last record sent, if any
 * @param elapsed time the replay took, from the pacer
 */
public record ReplaySummary(
        long sent,
        long rejected,
        long skippedByWindow,
        long skippedBySampling,
        long skippedAsReplayed,
        long blankLines,
        Optional<Instant> firstEventTime,
        Optional<Instant> lastEventTime,
        Duration elapsed) {

    public ReplaySummary {
        Objects.requireNonNull(firstEventTime, "firstEventTime");
        Objects.requireNonNull(lastEventTime, "lastEventTime");
        Objects.requireNonNull(elapsed, "elapsed");
    }

    /** Rows skipped for any reason. */
    public long skipped() {
        return skippedByWindow + skippedBySampling + skippedAsReplayed;
    }

    /** Every row the reader yielded: sent, rejected or skipped. */
    public long rows() {
        return sent + rejected + skipped();
    }
}
