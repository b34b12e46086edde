package io.gleaner.runtime;

import io.gleaner.runtime.metrics.GleanerMeters;
import io.gleaner.schemas.avro.DeadLetter;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Objects;
import java.util.Optional;
import org.apache.kafka.streams.processor.api.RecordMetadata;

/**
 * Builds {@link DeadLetter}s, every one of which fits in a record the producer may send: the broker accepts records
 * up to about 1 MiB ({@code max.message.bytes}), the producer sends up to 1 MiB ({@code max.request.size}), and a
 * dead letter that kept a value near that size whole would exceed both and stop the stage that wrote it. So the key,
 * the value and the reason are kept up to {@link #MAX_KEY_BYTES}, {@link #MAX_VALUE_BYTES} and
 * {@link #MAX_REASON_CHARS}; the whole key's and value's sizes and the value's SHA-256 are kept beside them.
 */
public final class DeadLetters {

    /** The most of a raw key a dead letter keeps: far more than any id Gleaner accepts. */
    public static final int MAX_KEY_BYTES = 4 * 1024;
    /** The most of a raw value a dead letter keeps: every valid Gleaner record is smaller, so any cut is visible. */
    public static final int MAX_VALUE_BYTES = 64 * 1024;
    /** The most of a reason a dead letter keeps: reasons quote the offending value, which may be huge. */
    public static final int MAX_REASON_CHARS = 4 * 1024;

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
        return of(metadata.map(RecordMetadata::topic).orElse(fallbackTopic),
                metadata.map(RecordMetadata::partition).orElse(-1), metadata.map(RecordMetadata::offset).orElse(-1L),
                Raw.key(key), Raw.value(value), timestamp, reason, stage);
    }

    /**
     * A dead letter of a record read from {@code sourceTopic} (or a file: partition -1, the line number as offset),
     * its key and value already cut to what a dead letter keeps ({@link Raw}), e.g. by a step before a repartition.
     */
    public static DeadLetter of(String sourceTopic, int partition, long offset, Raw key, Raw value,
                                long timestamp, String reason, String stage) {
        GleanerMeters.deadLetter(stage, sourceTopic, reason);
        return DeadLetter.newBuilder()
                .setSourceTopic(sourceTopic)
                .setPartition(partition)
                .setOffset(offset)
                .setKey(key == null ? null : ByteBuffer.wrap(key.kept()))
                .setKeySize(key == null ? -1 : key.size())
                .setValue(value == null ? null : ByteBuffer.wrap(value.kept()))
                .setValueSize(value == null ? -1 : value.size())
                .setValueSha256(value == null ? null : value.sha256())
                .setReason(reason(reason))
                .setStage(stage)
                .setTime(Instant.ofEpochMilli(Math.max(0, timestamp)))
                .build();
    }

    /** {@code reason}, or its first {@link #MAX_REASON_CHARS} characters saying how long it was. */
    static String reason(String reason) {
        if (reason.length() <= MAX_REASON_CHARS) {
            return reason;
        }
        var suffix = "... (" + reason.length() + " characters in all)";
        return reason.substring(0, MAX_REASON_CHARS - suffix.length()) + suffix;
    }

    /**
     * What a dead letter keeps of a raw key or value: its first bytes, its whole size and the SHA-256 of the whole in
     * lowercase hex.
     */
    public record Raw(byte[] kept, long size, String sha256) {

        public Raw {
            kept = kept.clone();
            Objects.requireNonNull(sha256, "sha256");
            if (kept.length > size) {
                throw new IllegalArgumentException("kept " + kept.length + " bytes of " + size);
            }
        }

        /** What a dead letter keeps of a value: its first {@link #MAX_VALUE_BYTES}; null for null. */
        public static Raw value(byte[] value) {
            return value == null ? null : cut(value, MAX_VALUE_BYTES);
        }

        /** What a dead letter keeps of a key, as its UTF-8 bytes: the first {@link #MAX_KEY_BYTES}; null for null. */
        public static Raw key(String key) {
            return key == null ? null : key(key.getBytes(StandardCharsets.UTF_8));
        }

        /** What a dead letter keeps of a raw key: its first {@link #MAX_KEY_BYTES}; null for null. */
        public static Raw key(byte[] key) {
            return key == null ? null : cut(key, MAX_KEY_BYTES);
        }

        /** Writes this with {@link Wire}'s encodings, for a stage's internal record that carries it. */
        public void write(DataOutputStream out) throws IOException {
            Wire.writeBytes(out, kept);
            out.writeLong(size);
            Wire.writeString(out, sha256);
        }

        /** Reads what {@link #write} wrote. */
        public static Raw read(DataInputStream in) throws IOException {
            return new Raw(Wire.readBytes(in), in.readLong(), Wire.readString(in));
        }

        private static Raw cut(byte[] whole, int max) {
            return new Raw(Arrays.copyOf(whole, Math.min(whole.length, max)), whole.length,
                    HexFormat.of().formatHex(newSha256().digest(whole)));
        }

        @Override
        public byte[] kept() {
            return kept.clone();
        }

        private static MessageDigest newSha256() {
            try {
                return MessageDigest.getInstance("SHA-256");
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException("every Java platform has SHA-256", e);
            }
        }
    }
}
