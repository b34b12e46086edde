package io.gleaner.schemas.serde;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gleaner.schemas.avro.JobSubmitted;
import io.gleaner.schemas.avro.UtilizationSample;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Arrays;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.EncoderFactory;
import org.apache.kafka.common.errors.SerializationException;
import org.junit.jupiter.api.Test;

/** Bad bytes give a SerializationException that says what was wrong, never a crash or a silent null. */
class AvroDeserializerTest {

    private static final String TOPIC = "gleaner.nodes.utilization";

    private final InMemorySchemaRegistryClient registry = new InMemorySchemaRegistryClient();
    private final AvroSerde<UtilizationSample> serde = AvroSerde.of(UtilizationSample.class, registry);

    @Test
    void shouldRejectAnUnknownMagicByte() {
        var bytes = serde.serializer().serialize(TOPIC, SerdeFixtures.utilizationSample());
        bytes[0] = 0x07;

        assertThatThrownBy(() -> serde.deserializer().deserialize(TOPIC, bytes))
                .isInstanceOf(SerializationException.class)
                .hasMessage("unknown magic byte 0x07, expected 0x00");
    }

    @Test
    void shouldRejectARecordShorterThanTheHeader() {
        assertThatThrownBy(() -> serde.deserializer().deserialize(TOPIC, new byte[] {0, 0, 0}))
                .isInstanceOf(SerializationException.class)
                .hasMessage("record of 3 bytes is too short for the 5-byte header");
    }

    @Test
    void shouldRejectATruncatedBody() {
        var bytes = serde.serializer().serialize(TOPIC, SerdeFixtures.utilizationSample());
        var truncated = Arrays.copyOf(bytes, bytes.length - 3);

        assertThatThrownBy(() -> serde.deserializer().deserialize(TOPIC, truncated))
                .isInstanceOf(SerializationException.class)
                .hasMessageContaining("could not decode")
                .hasMessageContaining("from topic " + TOPIC)
                .hasMessageContaining("writer schema id 1");
    }

    @Test
    void shouldRejectBytesLeftOverAfterTheRecord() {
        var bytes = serde.serializer().serialize(TOPIC, SerdeFixtures.utilizationSample());
        var padded = Arrays.copyOf(bytes, bytes.length + 1);

        assertThatThrownBy(() -> serde.deserializer().deserialize(TOPIC, padded))
                .isInstanceOf(SerializationException.class)
                .hasMessageContaining("bytes left over after the record");
    }

    @Test
    void shouldRejectAHugeItemCountWithoutAllocatingIt() throws IOException {
        // A record whose only field is an array of longs, and a 5-byte body claiming 2^31 - 9 items (the largest
        // array the JVM allows). Avro's reader alone would allocate an 8 GiB array of references for it, and the
        // OutOfMemoryError would kill the stage; the deserializer must answer with a SerializationException.
        var schema = new Schema.Parser().parse("""
                {"type": "record", "name": "Longs", "fields": [
                  {"name": "xs", "type": {"type": "array", "items": "long"}}]}""");
        int id = registry.register("gleaner.longs-value", schema);
        var claimedCount = new ByteArrayOutputStream();
        var encoder = EncoderFactory.get().directBinaryEncoder(claimedCount, null);
        encoder.writeLong(Integer.MAX_VALUE - 8);
        var corrupt = WireFormat.encode(id, claimedCount.toByteArray());
        var deserializer = new AvroDeserializer<>(GenericRecord.class, registry);

        assertThatThrownBy(() -> deserializer.deserialize("gleaner.longs", corrupt))
                .isInstanceOf(SerializationException.class)
                .hasMessageContaining("could not decode");
    }

    @Test
    void shouldRejectAnUnknownSchemaIdWithTheRegistrysMessage() {
        var bytes = WireFormat.encode(99, new byte[] {0x02});

        assertThatThrownBy(() -> serde.deserializer().deserialize(TOPIC, bytes))
                .isInstanceOf(SerializationException.class)
                .hasMessageContaining("writer schema id 99")
                .hasMessageContaining("Schema 99 not found")
                .hasCauseInstanceOf(SchemaRegistryException.class);
    }

    @Test
    void shouldRejectARecordOfAnotherTypeNamingBoth() {
        // A JobSubmitted that ended up on the utilization topic.
        var jobBytes = AvroSerde.of(JobSubmitted.class, registry).serializer()
                .serialize(TOPIC, SerdeFixtures.jobSubmitted());

        assertThatThrownBy(() -> serde.deserializer().deserialize(TOPIC, jobBytes))
                .isInstanceOf(SerializationException.class)
                .hasMessageContaining("io.gleaner.schemas.avro.JobSubmitted")
                .hasMessageContaining("io.gleaner.schemas.avro.UtilizationSample");
    }

    @Test
    void shouldKeepDecodingGoodRecordsAfterABadOne() {
        var good = serde.serializer().serialize(TOPIC, SerdeFixtures.utilizationSample());
        var bad = Arrays.copyOf(good, good.length - 1);

        assertThatThrownBy(() -> serde.deserializer().deserialize(TOPIC, bad))
                .isInstanceOf(SerializationException.class);
        assertThat(serde.deserializer().deserialize(TOPIC, good)).isEqualTo(SerdeFixtures.utilizationSample());
    }
}
