package io.gleaner.ingest.replay;

import java.util.Objects;

/**
 * Where an interrupted replay had got to on its two destinations, so that {@link Replayer#replay(
 * io.gleaner.ingest.trace.TraceReader, Resume, java.util.function.Consumer)} sends only what is missing.
 *
 * @param records what the record topic already holds
 * @param deadLetters what the dead-letter topic already holds
 */
public record Resume(ReplayedPositions records, ReplayedPositions deadLetters) {

    public Resume {
        Objects.requireNonNull(records, "records");
        Objects.requireNonNull(deadLetters, "deadLetters");
    }

    /** A fresh replay: nothing is held, everything is sent. */
    public static Resume none() {
        return new Resume(ReplayedPositions.NONE, ReplayedPositions.NONE);
    }
}
