package io.gleaner.planner.topology;

import java.nio.ByteBuffer;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.serialization.Serializer;

/**
 * An input on its way to a cell's task (docs/cells.md#the-topology): the cell, and the record's bytes as they came, so
 * that the cell decodes and checks it as the one-cell planner does, and dead-letters the original bytes.
 *
 * @param cell the cell, the partition of the cell topics it is written to
 * @param raw  the record's value as read from its source topic
 */
record CellRecord(int cell, byte[] raw) {

    CellRecord {
        Objects.requireNonNull(raw, "raw");
    }

    /** The record's partition on a cell topic: its cell's. */
    static Optional<Set<Integer>> partition(String topic, String key, CellRecord record, int partitions) {
        if (record.cell() >= partitions) {
            throw new IllegalStateException("cell " + record.cell() + " on " + topic + " of " + partitions
                    + " partitions: the cell topics must have as many partitions as there are cells");
        }
        return Optional.of(Set.of(record.cell()));
    }

    /** Four bytes of cell, then the raw value. */
    static Serde<CellRecord> serde() {
        Serializer<CellRecord> serializer = (topic, record) -> record == null ? null
                : ByteBuffer.allocate(Integer.BYTES + record.raw().length).putInt(record.cell()).put(record.raw())
                        .array();
        Deserializer<CellRecord> deserializer = (topic, bytes) -> {
            if (bytes == null) {
                return null;
            }
            if (bytes.length < Integer.BYTES) {
                throw new SerializationException("a cell record of " + bytes.length + " bytes on " + topic);
            }
            var buffer = ByteBuffer.wrap(bytes);
            int cell = buffer.getInt();
            var raw = new byte[buffer.remaining()];
            buffer.get(raw);
            return new CellRecord(cell, raw);
        };
        return Serdes.serdeFrom(serializer, deserializer);
    }
}
