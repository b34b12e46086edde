package io.gleaner.ingest.replay;

import java.util.Map;
import java.util.Objects;

/**
 * What a destination already holds of a trace, so that a resumed replay skips it: the replayer asks before
 * each send and skips the record when the answer is yes.
 */
public interface ReplayedPositions {

    /** Nothing is held: a fresh replay sends everything. */
    ReplayedPositions NONE = (key, value, from) -> false;

    /**
     * Whether the destination already holds the record at {@code from} with this key.
     *
     * @param key the record key, or null for a keyless record (partitioned by its trace's name)
     * @param value the record, for a destination that routes by type ({@link #byType})
     * @param from the record's trace and position
     */
    boolean holds(String key, Object value, TracePosition from);

    /**
     * The positions of a replay whose records go to a topic by their type (see {@link RoutingSink}): each
     * record is looked up in the positions of its type's topic.
     *
     * @param byType positions per record class (exact class, as {@link RoutingSink} routes)
     */
    static ReplayedPositions byType(Map<Class<?>, ReplayedPositions> byType) {
        var routes = Map.copyOf(byType);
        return (key, value, from) -> {
            var positions = routes.get(Objects.requireNonNull(value, "value").getClass());
            if (positions == null) {
                throw new IllegalArgumentException("no positions for records of type " + value.getClass().getName()
                        + "; known types: " + routes.keySet());
            }
            return positions.holds(key, value, from);
        };
    }
}
