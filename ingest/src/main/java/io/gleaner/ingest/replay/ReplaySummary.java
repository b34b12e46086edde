package io.gleaner.ingest.replay;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * What a finished replay did.
 *
 * @param sent records sent and flushed to the record sink
 * @param rejected rows sent to the dead-letter sink
 * @param blankLines blank lines the reader skipped
 * @param firstEventTime event time of the first record sent, if any
 * @param lastEventTime event time of the last record sent, if any
 * @param elapsed time the replay took, from the pacer
 */
public record ReplaySummary(
        long sent,
        long rejected,
        long blankLines,
        Optional<Instant> firstEventTime,
        Optional<Instant> lastEventTime,
        Duration elapsed) {

    public ReplaySummary {
        Objects.requireNonNull(firstEventTime, "firstEventTime");
        Objects.requireNonNull(lastEventTime, "lastEventTime");
        Objects.requireNonNull(elapsed, "elapsed");
    }
}
