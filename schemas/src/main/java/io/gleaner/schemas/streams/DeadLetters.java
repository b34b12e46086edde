package io.gleaner.schemas.streams;

import io.gleaner.schemas.avro.DeadLetter;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Optional;
import org.apache.kafka.streams.processor.api.RecordMetadata;

/** Builds {@link DeadLetter}s from what a processor knows of the record it is processing. */
public final class DeadLetters {

    private DeadLetters() {
    }

    /**
     * A dead letter for the record being processed.
     *
     * @param metadata      the record's source topic, partition and offset (absent, e.g., in a punctuation:
     *                      then {@code fallbackTopic}, partition -1 and offset -1 are recorded)
     * @param key           the record's key, stored as its UTF-8 bytes (null allowed)
     * @param value         the raw value bytes (null allowed)
     * @param timestamp     the record's timestamp (event time); negative is recorded as 0 (unknown)
     * @param reason        what was wrong, with the offending value
     * @param stage         the stage that rejected it, e.g. {@code planner}
     */
    public static DeadLetter of(Optional<RecordMetadata> metadata, String fallbackTopic, String key, byte[] value,
                                long timestamp, String reason, String stage) {
        return DeadLetter.newBuilder()
                .setSourceTopic(metadata.map(RecordMetadata::topic).orElse(fallbackTopic))
                .setPartition(metadata.map(RecordMetadata::partition).orElse(-1))
                .setOffset(metadata.map(RecordMetadata::offset).orElse(-1L))
                .setKey(key == null ? null : ByteBuffer.wrap(key.getBytes(StandardCharsets.UTF_8)))
                .setValue(value == null ? null : ByteBuffer.wrap(value.clone()))
                .setReason(reason)
                .setStage(stage)
                .setTime(Instant.ofEpochMilli(Math.max(0, timestamp)))
                .build();
    }
}
