package io.gleaner.runtime;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.serialization.Deserializer;

/**
 * One source's deserializer, shared by the source's {@link EventTimeExtractor} and its {@link DecodeOrDeadLetter}
 * step so that each record's value is decoded once, not once for its event time and again for processing.
 *
 * <p>Why this works (checked in the Kafka Streams 4.1.1 sources): the stream thread runs the timestamp extractor when
 * it makes a record the head of its partition's {@code RecordQueue} ({@code updateHead}, called from
 * {@code addRawRecords} after a poll and from {@code poll} when the previous head is taken), then processes that
 * record on the same thread. A source read with {@code Serdes.ByteArray()} hands the extractor and the processor the
 * same {@code byte[]} instance: {@code ByteArrayDeserializer} returns its input, and the {@code StampedRecord} the task
 * processes wraps the very {@code ConsumerRecord} the extractor saw. So the extractor keeps what it decoded, per
 * thread and keyed by the identity of that array, and the decode step takes it out again.
 *
 * <p>Correctness never depends on a hit: whatever the decode step does not find (the extractor could not decode
 * it, decoded it to null, or the entry was evicted) it decodes itself, as it would without the extractor. Only the
 * head record of each partition is extracted ahead of processing, so a thread normally holds one entry per input
 * partition of this source; a record extracted but never processed (its task was revoked or closed while it was the
 * head) stays behind until evicted, which is why each thread keeps at most {@code maxKept} entries, evicting the
 * oldest. Kept entries hold their array, so its identity cannot be reused by another array while kept; nothing in
 * Kafka Streams writes into a record's value array.
 */
final class SharedDecoder<V> {

    /** At most this many decoded values are kept per thread: far more than one per input partition. */
    static final int MAX_KEPT = 16_384;

    private final Deserializer<V> deserializer;
    private final ThreadLocal<Kept<V>> kept;

    SharedDecoder(Deserializer<V> deserializer) {
        this(deserializer, MAX_KEPT);
    }

    /** With {@code maxKept} entries per thread at most (0 keeps none: every decode step decodes). */
    SharedDecoder(Deserializer<V> deserializer, int maxKept) {
        if (maxKept < 0) {
            throw new IllegalArgumentException("maxKept must be >= 0, was " + maxKept);
        }
        this.deserializer = Objects.requireNonNull(deserializer, "deserializer");
        this.kept = ThreadLocal.withInitial(() -> new Kept<>(maxKept));
    }

    /**
     * Decodes {@code bytes} for the extractor and keeps a non-null result for this thread's decode step of the same
     * record. Throws what the deserializer throws; then nothing is kept.
     */
    V decodeAndKeep(String topic, Headers headers, byte[] bytes) {
        var key = new Identity(bytes);
        V value;
        try {
            value = deserializer.deserialize(topic, headers, bytes);
        } catch (RuntimeException e) {
            // Should the same array come again while an earlier decoding of it is still kept, the decode step must
            // not take that one: it decodes, and meets this failure itself.
            kept.get().remove(key);
            throw e;
        }
        if (value == null) {
            kept.get().remove(key);
        } else {
            kept.get().put(key, value);
        }
        return value;
    }

    /**
     * The value this thread's extractor decoded from this very array, removed from what is kept, or else {@code bytes}
     * decoded now (throwing what the deserializer throws).
     */
    V decode(String topic, Headers headers, byte[] bytes) {
        var value = kept.get().remove(new Identity(bytes));
        return value != null ? value : deserializer.deserialize(topic, headers, bytes);
    }

    /** How many decoded values this thread keeps now. */
    int keptOnThisThread() {
        return kept.get().size();
    }

    /** A {@code byte[]} compared by identity, not content: the key of a record's value array. */
    private record Identity(byte[] bytes) {

        @Override
        public boolean equals(Object other) {
            return other instanceof Identity identity && identity.bytes == bytes;
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(bytes);
        }

        @Override
        public String toString() {
            return "Identity[" + System.identityHashCode(bytes) + "]";
        }
    }

    /** One thread's kept values, in the order they were decoded; the oldest goes when there are too many. */
    private static final class Kept<V> extends LinkedHashMap<Identity, V> {

        private static final long serialVersionUID = 1L;

        private final int maxKept;

        Kept(int maxKept) {
            this.maxKept = maxKept;
        }

        @Override
        protected boolean removeEldestEntry(Map.Entry<Identity, V> eldest) {
            return size() > maxKept;
        }
    }
}
