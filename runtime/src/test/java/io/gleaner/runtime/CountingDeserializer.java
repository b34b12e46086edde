package io.gleaner.runtime;

import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.serialization.Deserializer;

/** A deserializer that counts how often it is asked to decode, and asks {@code inner}. */
final class CountingDeserializer<V> implements Deserializer<V> {

    private final Deserializer<V> inner;
    private final AtomicInteger calls = new AtomicInteger();

    CountingDeserializer(Deserializer<V> inner) {
        this.inner = inner;
    }

    /** How many values it was asked to decode (those it failed on included). */
    int calls() {
        return calls.get();
    }

    @Override
    public V deserialize(String topic, byte[] data) {
        calls.incrementAndGet();
        return inner.deserialize(topic, data);
    }

    @Override
    public V deserialize(String topic, Headers headers, byte[] data) {
        calls.incrementAndGet();
        return inner.deserialize(topic, headers, data);
    }
}
