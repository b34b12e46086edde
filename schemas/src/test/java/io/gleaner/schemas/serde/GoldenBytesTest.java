package io.gleaner.schemas.serde;

import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.schemas.avro.DeadLetter;
import io.gleaner.schemas.avro.Metric;
import io.gleaner.schemas.avro.Resources;
import io.gleaner.schemas.avro.UsageSource;
import io.gleaner.schemas.avro.UtilizationSample;
import java.nio.ByteBuffer;
import java.time.Instant;
import org.apache.avro.Schema;
import org.junit.jupiter.api.Test;

/**
 * Pins the exact bytes of small records, derived by hand from the Avro specification (binary encoding) and
 * Confluent's wire format. Avro writes int and long as zig-zag varints (n >= 0 becomes 2n, n < 0 becomes -2n - 1,
 * then 7 bits per byte, low group first, high bit set on all but the last byte), double as 8 little-endian IEEE
 * 754 bytes, string and bytes as a long length then the bytes, enum as the int index of the symbol, a union as
 * the int index of the branch then the value.
 */
class GoldenBytesTest {

    @Test
    void shouldWriteResourcesExactly() {
        var serde = AvroSerde.of(Resources.class, new FixedIdRegistry(258));
        var resources = SerdeFixtures.resources(2.0, 4L << 30);

        var bytes = serde.serializer().serialize("t", resources);

        // 00                         magic byte
        // 00 00 01 02                schema id 258 = 0x0102, big-endian
        // 00 00 00 00 00 00 00 40    cpus 2.0 = 0x4000000000000000, little-endian
        // 80 80 80 80 20             memoryBytes 4 GiB = 2^32, zig-zag 2^33: bit 33 lands in the 5th group
        //                            (bits 28..34) as 1 << 5 = 0x20; groups 1..4 are 0 with the high bit set
        assertThat(bytes).containsExactly(
                0x00,
                0x00, 0x00, 0x01, 0x02,
                0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x40,
                0x80, 0x80, 0x80, 0x80, 0x20);
        assertThat(serde.deserializer().deserialize("t", bytes)).isEqualTo(resources);
    }

    @Test
    void shouldWriteUtilizationSampleExactly() {
        var serde = AvroSerde.of(UtilizationSample.class, new FixedIdRegistry(1));
        var sample = UtilizationSample.newBuilder()
                .setNodeId("n1").setTime(Instant.ofEpochMilli(1000)).setMetric(Metric.CPU)
                .setSource(UsageSource.REGULAR).setValue(0.5).build();

        var bytes = serde.serializer().serialize("t", sample);

        // 00 00 00 00 01             magic byte, schema id 1
        // 04 6E 31                   nodeId: length 2 (zig-zag 4), then "n1" in UTF-8
        // D0 0F                      time 1000 ms: zig-zag 2000 = 0x7D0; low 7 bits 0x50 | 0x80 = D0, then 0x7D0 >> 7 = 0F
        // 02                         metric CPU: index 1 of [UNKNOWN, CPU, ...], zig-zag 2
        // 02                         source REGULAR: index 1 of [UNKNOWN, REGULAR, ...], zig-zag 2
        // 00 00 00 00 00 00 E0 3F    value 0.5 = 0x3FE0000000000000, little-endian
        assertThat(bytes).containsExactly(
                0x00, 0x00, 0x00, 0x00, 0x01,
                0x04, 0x6E, 0x31,
                0xD0, 0x0F,
                0x02,
                0x02,
                0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xE0, 0x3F);
        assertThat(serde.deserializer().deserialize("t", bytes)).isEqualTo(sample);
    }

    @Test
    void shouldWriteDeadLetterWithNegativeLongAndUnionsExactly() {
        var serde = AvroSerde.of(DeadLetter.class, new FixedIdRegistry(0x7F000001));
        var letter = DeadLetter.newBuilder()
                .setSourceTopic("f").setPartition(-1).setOffset(3).setKey(null)
                .setValue(ByteBuffer.wrap(new byte[] {0x07})).setReason("r").setStage("").setTime(Instant.EPOCH)
                .build();

        var bytes = serde.serializer().serialize("t", letter);

        // 00 7F 00 00 01             magic byte, schema id 0x7F000001
        // 02 66                      sourceTopic "f": length 1 (zig-zag 2), 'f' = 0x66
        // 01                         partition -1: zig-zag sends a negative n to -2n - 1 = 1
        // 06                         offset 3: zig-zag 6
        // 00                         key null: branch 0 of ["null", "bytes"]
        // 02 02 07                   value: branch 1 (zig-zag 2), length 1 (zig-zag 2), the byte 07
        // 02 72                      reason "r"
        // 00                         stage "": length 0
        // 00                         time 0 ms
        // 01 01                      keySize and valueSize left at their default -1 (zig-zag 1)
        // 00                         valueSha256 null: branch 0 of ["null", "string"]
        assertThat(bytes).containsExactly(
                0x00, 0x7F, 0x00, 0x00, 0x01,
                0x02, 0x66,
                0x01,
                0x06,
                0x00,
                0x02, 0x02, 0x07,
                0x02, 0x72,
                0x00,
                0x00,
                0x01, 0x01,
                0x00);
        assertThat(serde.deserializer().deserialize("t", bytes)).isEqualTo(letter);
    }

    /** A registry that gives every schema the same id, so a test can choose the id in the header. */
    private static final class FixedIdRegistry implements SchemaRegistryClient {
        private final int id;
        private Schema schema;

        FixedIdRegistry(int id) {
            this.id = id;
        }

        @Override
        public int register(String subject, Schema schema) {
            this.schema = schema;
            return id;
        }

        @Override
        public int idOf(String subject, Schema schema) {
            return register(subject, schema);
        }

        @Override
        public Schema schemaById(int wanted) {
            if (wanted != id || schema == null) {
                throw new SchemaRegistryException(404, SchemaRegistryException.SCHEMA_NOT_FOUND, "Schema not found");
            }
            return schema;
        }

        @Override
        public RegisteredSchema latest(String subject) {
            return new RegisteredSchema(subject, 1, id, schema);
        }
    }
}
