package io.gleaner.ingest.replay;

/**
 * What a destination already holds of a trace, so that a resumed replay skips it: the replayer asks before
 * each send and skips the record when the answer is yes.
 */
public interface ReplayedPositions {

    /** Nothing is held: a fresh replay sends everything. */
    ReplayedPositions NONE = (key, from) -> false;

    /**
     * Whether the destination already holds the record at {@code from} with this key.
     *
     * @param key the record key, or null for a keyless record (partitioned by its trace's name)
     * @param from the record's trace and position
     */
    boolean holds(String key, TracePosition from);
}
