package io.gleaner.schemas.serde;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Objects;
import org.apache.kafka.common.errors.SerializationException;

/**
 * Confluent's wire format: one magic byte {@code 0x00}, the schema id as a 4-byte big-endian int, then the
 * Avro binary body.
 */
public final class WireFormat {

    /** The only magic byte Confluent has defined. */
    public static final byte MAGIC_BYTE = 0x0;

    /** Length of the magic byte plus the schema id; the Avro body starts at this offset. */
    public static final int HEADER_LENGTH = 5;

    /** A framed record taken apart: the writer's schema id and the Avro body. */
    public record Framed(int schemaId, byte[] body) {
        public Framed {
            Objects.requireNonNull(body, "body");
        }
    }

    private WireFormat() {
    }

    /** Frames {@code avroBody}: magic byte, {@code schemaId} big-endian, body. */
    public static byte[] encode(int schemaId, byte[] avroBody) {
        Objects.requireNonNull(avroBody, "avroBody");
        return ByteBuffer.allocate(HEADER_LENGTH + avroBody.length)
                .put(MAGIC_BYTE)
                .putInt(schemaId)
                .put(avroBody)
                .array();
    }

    /**
     * Takes {@code record} apart into schema id and a copy of the body.
     *
     * @throws SerializationException if the record is shorter than the header or has another magic byte
     */
    public static Framed decode(byte[] record) {
        int schemaId = schemaId(record);
        return new Framed(schemaId, Arrays.copyOfRange(record, HEADER_LENGTH, record.length));
    }

    /**
     * Checks the header of {@code record} and returns its schema id; the body starts at {@link #HEADER_LENGTH}.
     *
     * @throws SerializationException if the record is shorter than the header or has another magic byte
     */
    public static int schemaId(byte[] record) {
        Objects.requireNonNull(record, "record");
        if (record.length < HEADER_LENGTH) {
            throw new SerializationException("record of " + record.length + " bytes is too short for the "
                    + HEADER_LENGTH + "-byte header");
        }
        if (record[0] != MAGIC_BYTE) {
            throw new SerializationException(String.format("unknown magic byte 0x%02x, expected 0x%02x",
                    record[0], MAGIC_BYTE));
        }
        return ByteBuffer.wrap(record, 1, 4).getInt();
    }
}
