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
     * <p>A sink that can resume ({@link KafkaRecordSink}) keeps {@code from} with the record and sends the
     * records of one partition key in the order it was given them: {@link ReplayedPositions} depends on it.
     *
     * @param key the record key, or null
     * @param value the record
     * @param timestamp the record's timestamp (its event time), or null to let the sink choose
     * @param from the trace and position the record came from
     */
    void send(String key, V value, Instant timestamp, TracePosition from);

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
