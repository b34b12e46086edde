package io.gleaner.ingest.replay;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** A sink that keeps what it was sent. */
final class ListSink<V> implements RecordSink<V> {

    /** One record as sent. */
    record Sent<V>(String key, V value, Instant timestamp, TracePosition from) {
    }

    private final List<Sent<V>> sent = new ArrayList<>();
    private int flushes;
    private int sentAtLastFlush = -1;

    @Override
    public void send(String key, V value, Instant timestamp, TracePosition from) {
        sent.add(new Sent<>(key, value, timestamp, from));
    }

    @Override
    public void flush() {
        flushes++;
        sentAtLastFlush = sent.size();
    }

    List<Sent<V>> sent() {
        return List.copyOf(sent);
    }

    int flushes() {
        return flushes;
    }

    /** How many records had been sent at the last flush, -1 if never flushed. */
    int sentAtLastFlush() {
        return sentAtLastFlush;
    }
}
