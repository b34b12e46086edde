package io.gleaner.ingest.google;

import java.util.Optional;

/** The event types of {@code machine_events}, by their number in the trace. */
enum GoogleMachineEvent {
    ADD,
    REMOVE,
    UPDATE;

    /** The event numbered {@code type} (0 ADD, 1 REMOVE, 2 UPDATE). */
    static Optional<GoogleMachineEvent> of(long type) {
        return type >= 0 && type < values().length ? Optional.of(values()[(int) type]) : Optional.empty();
    }
}
