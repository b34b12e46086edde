package io.gleaner.ingest.replay;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * The part of a trace to replay, in trace time: rows whose event time is at or after {@code from} and
 * before {@code to} (a half-open window, so two windows that meet replay every row once). Either bound may
 * be open. Bounds given as durations count from the trace start, the event time of the first parsed row.
 *
 * @param from first event time replayed, if bounded
 * @param to first event time no longer replayed, if bounded
 */
public record ReplayWindow(Optional<TraceTime> from, Optional<TraceTime> to) {

    public ReplayWindow {
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(to, "to");
        if (from.isPresent() && to.isPresent()) {
            var f = from.get();
            var t = to.get();
            boolean sameKind = f.getClass() == t.getClass();
            // Mixed kinds can only be compared once the trace start is known (Replayer checks then).
            if (sameKind && !f.resolve(Instant.EPOCH).isBefore(t.resolve(Instant.EPOCH))) {
                throw new IllegalArgumentException("the window must end after it starts, was from " + f + " to " + t);
            }
        }
    }

    /** The whole trace. */
    public static ReplayWindow all() {
        return new ReplayWindow(Optional.empty(), Optional.empty());
    }

    /**
     * A window from the texts of two bounds, each null for open (see {@link TraceTime#parse}).
     *
     * @throws IllegalArgumentException if a bound does not parse or the window ends before it starts
     */
    public static ReplayWindow parse(String from, String to) {
        return new ReplayWindow(Optional.ofNullable(from).map(TraceTime::parse),
                Optional.ofNullable(to).map(TraceTime::parse));
    }

    /** Whether every row is in the window. */
    public boolean isAll() {
        return from.isEmpty() && to.isEmpty();
    }

    /** The window with its bounds as instants, for a trace that starts at {@code traceStart}. */
    Resolved resolve(Instant traceStart) {
        var resolved = new Resolved(from.map(f -> f.resolve(traceStart)).orElse(null),
                to.map(t -> t.resolve(traceStart)).orElse(null));
        if (resolved.from != null && resolved.to != null && !resolved.from.isBefore(resolved.to)) {
            throw new IllegalArgumentException("the window must end after it starts, was from " + resolved.from
                    + " to " + resolved.to + " (trace start " + traceStart + ")");
        }
        return resolved;
    }

    /** A window with instant bounds; null for open. */
    record Resolved(Instant from, Instant to) {

        boolean contains(Instant eventTime) {
            return (from == null || !eventTime.isBefore(from)) && (to == null || eventTime.isBefore(to));
        }
    }

    @Override
    public String toString() {
        return "[" + from.map(Object::toString).orElse("start") + ", " + to.map(Object::toString).orElse("end") + ")";
    }
}
