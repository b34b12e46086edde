package io.gleaner.ingest.replay;

import java.time.Instant;

/**
 * Where the replayer puts records: a Kafka topic ({@link KafkaRecordSink}), or a list in a test.
 *
 * @param <V> the record type
 */
public interface RecordSink<V> extends AutoCloseable {

    /**
     * Sends one record. It may be buffered until {@link #flush()}.
     *
     * @param key the record key, or null
     * @param value the record
     * @param timestamp the record's timestamp (its event time), or null to let the sink choose
     */
    void send(String key, V value, Instant timestamp);

    /**
     * Blocks until every record sent so far is stored.
     *
     * @throws RuntimeException if any send failed
     */
    void flush();

    /** Releases what the sink holds; the default does nothing. */
    @Override
    default void close() {
    }
}
