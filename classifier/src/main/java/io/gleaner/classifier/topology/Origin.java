package io.gleaner.classifier.topology;

import io.gleaner.schemas.avro.DeadLetter;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Objects;

/**
 * Where a record entered the stage: its source topic, partition, offset, key, raw value bytes and event time. A
 * report carries it through the repartition topics, so that a later step that rejects it (unknown node, unknown
 * job) still dead-letters the original record, not the repartitioned copy.
 */
record Origin(String topic, int partition, long offset, String key, byte[] raw, long timestamp) {

    Origin {
        Objects.requireNonNull(topic, "topic");
        Objects.requireNonNull(raw, "raw");
    }

    /** A dead letter of the original record, logged at warn. */
    DeadLetter deadLetter(String reason) {
        var deadLetter = DeadLetter.newBuilder()
                .setSourceTopic(topic)
                .setPartition(partition)
                .setOffset(offset)
                .setKey(key == null ? null : ByteBuffer.wrap(key.getBytes(StandardCharsets.UTF_8)))
                .setValue(ByteBuffer.wrap(raw.clone()))
                .setReason(reason)
                .setStage(ClassifierTopology.STAGE)
                .setTime(Instant.ofEpochMilli(Math.max(0, timestamp)))
                .build();
        ClassifierTopology.logDeadLetter(deadLetter);
        return deadLetter;
    }
}
