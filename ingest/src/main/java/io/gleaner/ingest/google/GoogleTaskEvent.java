package io.gleaner.ingest.google;

import java.util.Optional;

/** The event types of {@code task_events}, by their number in the trace (format document, "Job and task life cycles"). */
public enum GoogleTaskEvent {
    SUBMIT,
    SCHEDULE,
    EVICT,
    FAIL,
    FINISH,
    KILL,
    LOST,
    UPDATE_PENDING,
    UPDATE_RUNNING;

    /** The event numbered {@code type}, 0 (SUBMIT) to 8 (UPDATE_RUNNING). */
    public static Optional<GoogleTaskEvent> of(long type) {
        return type >= 0 && type < values().length ? Optional.of(values()[(int) type]) : Optional.empty();
    }
}
