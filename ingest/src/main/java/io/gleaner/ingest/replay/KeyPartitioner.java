package io.gleaner.ingest.replay;

import java.nio.charset.StandardCharsets;
import org.apache.kafka.common.utils.Utils;

/**
 * The partition of a record by its key, computed the way Kafka's default partitioner does for a keyed
 * record (murmur2 of the key's UTF-8 bytes, made positive, modulo the partition count). The replayer sends
 * to the partition this gives, so the partition is known before the send (resume depends on it), and the
 * records land where the producer's default would have put them, which Kafka Streams joins rely on.
 */
final class KeyPartitioner {

    private KeyPartitioner() {
    }

    /**
     * The partition of {@code key} among {@code partitions}.
     *
     * @param key the record key; a record without one is partitioned by its trace's name instead, so all
     *     of one trace's keyless records (its dead letters) stay in order in one partition
     */
    static int partition(String key, int partitions) {
        if (partitions < 1) {
            throw new IllegalArgumentException("partitions must be >= 1, was " + partitions);
        }
        return Utils.toPositive(Utils.murmur2(key.getBytes(StandardCharsets.UTF_8))) % partitions;
    }

    /** The key a record is partitioned by: its own key, or the trace's name for a record without one. */
    static String partitionKey(String key, TracePosition from) {
        return key != null ? key : from.source();
    }
}
