package io.gleaner.deploy.fuzz;

import io.gleaner.schemas.serde.WireFormat;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Objects;
import java.util.random.RandomGenerator;

/** Byte-level attacks on a value: what a broken or hostile producer writes, whatever the topic's schema. */
final class RawAttacks {

    /** Schema ids from here up are never registered in a test's registry (it numbers its schemas from 1). */
    static final int UNKNOWN_SCHEMA_IDS = 100_000;

    private final RandomGenerator random;

    RawAttacks(RandomGenerator random) {
        this.random = Objects.requireNonNull(random, "random");
    }

    /** 1 to 2,000 random bytes; one in four starts with the magic byte, to get past the first check. */
    byte[] randomBytes() {
        var bytes = new byte[1 + random.nextInt(2_000)];
        random.nextBytes(bytes);
        if (random.nextInt(4) == 0) {
            bytes[0] = WireFormat.MAGIC_BYTE;
        }
        return bytes;
    }

    /** {@code valid} with a first byte other than the wire format's magic byte 0. */
    byte[] wrongMagicByte(byte[] valid) {
        var bytes = valid.clone();
        bytes[0] = (byte) (1 + random.nextInt(255));
        return bytes;
    }

    /** {@code valid} framed with a schema id the registry does not know (or a negative one). */
    byte[] unknownSchemaId(byte[] valid) {
        var bytes = valid.clone();
        int id = random.nextInt(8) == 0 ? -1 - random.nextInt(Integer.MAX_VALUE)
                : UNKNOWN_SCHEMA_IDS + random.nextInt(Integer.MAX_VALUE - UNKNOWN_SCHEMA_IDS);
        ByteBuffer.wrap(bytes, 1, 4).putInt(id);
        return bytes;
    }

    /** The first 0 to {@code length - 1} bytes of {@code valid}. */
    byte[] truncated(byte[] valid) {
        return Arrays.copyOf(valid, random.nextInt(valid.length));
    }

    /** {@code valid} followed by 1 to 16 random bytes. */
    byte[] trailingBytes(byte[] valid) {
        var extra = new byte[1 + random.nextInt(16)];
        random.nextBytes(extra);
        var bytes = Arrays.copyOf(valid, valid.length + extra.length);
        System.arraycopy(extra, 0, bytes, valid.length, extra.length);
        return bytes;
    }

    /**
     * Garbage the broker still takes, within 1.1 KB of its limit (a record batch adds 61 bytes and the record about 20
     * to the key and value), framed half the time with the header of {@code valid} (magic byte and a real schema id),
     * so that the deserializer gets as far as the body. A dead letter carrying it is over the producer's default
     * 1,048,576-byte request limit.
     */
    byte[] nearSizeLimit(byte[] valid, int keyLength) {
        return garbage(HugeStrings.BROKER_LIMIT - 120 - keyLength - random.nextInt(1_000), valid);
    }

    /** Garbage 1 byte to 100 KB over the broker's limit: the broker must refuse it. */
    byte[] overSizeLimit(byte[] valid) {
        return garbage(HugeStrings.BROKER_LIMIT + 1 + random.nextInt(100_000), valid);
    }

    private byte[] garbage(int length, byte[] valid) {
        var bytes = new byte[length];
        random.nextBytes(bytes);
        if (random.nextBoolean() && valid.length >= WireFormat.HEADER_LENGTH) {
            System.arraycopy(valid, 0, bytes, 0, WireFormat.HEADER_LENGTH);
        }
        return bytes;
    }
}
