package io.gleaner.ingest.replay;

import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A sink that sends each record to the sink of its type, for a trace whose rows become records of several
 * kinds: a Google {@code task_events} trace gives JobSubmitted (to {@code jobs.submitted}) and TaskReport (to
 * {@code tasks.reports}). Types match exactly (a record's own class). It owns its sinks: flushing and
 * closing it flushes and closes each. Not thread-safe.
 *
 * @param <V> the common type of the records
 */
public final class RoutingSink<V> implements RecordSink<V> {

    private final Map<Class<?>, RecordSink<?>> routes;
    private final Map<Class<?>, Long> sent = new LinkedHashMap<>();

    private RoutingSink(Map<Class<?>, RecordSink<?>> routes) {
        this.routes = routes;
        routes.keySet().forEach(type -> sent.put(type, 0L));
    }

    /** A routing sink to build, one {@link Builder#route} per record type. */
    public static <V> Builder<V> builder() {
        return new Builder<>();
    }

    @Override
    @SuppressWarnings("unchecked")
    public void send(String key, V value, Instant timestamp, TracePosition from) {
        var type = Objects.requireNonNull(value, "value").getClass();
        var sink = (RecordSink<Object>) routes.get(type);
        if (sink == null) {
            throw new IllegalArgumentException("no route for records of type " + type.getName() + "; routes: "
                    + routes.keySet());
        }
        sink.send(key, value, timestamp, from);
        sent.merge(type, 1L, Long::sum);
    }

    /** Records sent so far per type, in the order the routes were added. */
    public Map<Class<?>, Long> sent() {
        return Collections.unmodifiableMap(sent);
    }

    @Override
    public void flush() {
        routes.values().forEach(RecordSink::flush);
    }

    @Override
    public void close() {
        RuntimeException failure = null;
        for (var sink : routes.values()) {
            try {
                sink.close();
            } catch (RuntimeException e) {
                if (failure == null) {
                    failure = e;
                } else {
                    failure.addSuppressed(e);
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
    }

    /** Adds routes; {@link #build()} makes the sink. */
    public static final class Builder<V> {

        private final Map<Class<?>, RecordSink<?>> routes = new LinkedHashMap<>();

        private Builder() {
        }

        /** Records of exactly {@code type} go to {@code sink}, which the routing sink will own. */
        public <T extends V> Builder<V> route(Class<T> type, RecordSink<? super T> sink) {
            Objects.requireNonNull(type, "type");
            Objects.requireNonNull(sink, "sink");
            if (routes.putIfAbsent(type, sink) != null) {
                throw new IllegalArgumentException("records of type " + type.getName() + " already have a route");
            }
            return this;
        }

        public RoutingSink<V> build() {
            if (routes.isEmpty()) {
                throw new IllegalStateException("a routing sink needs at least one route");
            }
            return new RoutingSink<>(new LinkedHashMap<>(routes));
        }
    }
}
