package io.gleaner.ingest.replay;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.specific.SpecificDatumReader;
import org.apache.avro.specific.SpecificDatumWriter;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.Serializer;

/**
 * Plain Avro binary (no magic byte, no schema id) for the integration test, until the Confluent
 * wire-format serde of io.gleaner.schemas.serde is on this branch.
 */
final class AvroBinarySerde<T extends SpecificRecord> implements Serializer<T> {

    private final SpecificDatumWriter<T> writer;
    private final SpecificDatumReader<T> reader;

    AvroBinarySerde(Class<T> type) {
        this.writer = new SpecificDatumWriter<>(type);
        this.reader = new SpecificDatumReader<>(type);
    }

    @Override
    public byte[] serialize(String topic, T data) {
        if (data == null) {
            return null;
        }
        var out = new ByteArrayOutputStream();
        var encoder = EncoderFactory.get().binaryEncoder(out, null);
        try {
            writer.write(data, encoder);
            encoder.flush();
        } catch (IOException e) {
            throw new SerializationException("cannot write " + data.getSchema().getFullName(), e);
        }
        return out.toByteArray();
    }

    T deserialize(byte[] bytes) {
        try {
            return reader.read(null, DecoderFactory.get().binaryDecoder(bytes, null));
        } catch (IOException e) {
            throw new SerializationException("cannot read " + bytes.length + " bytes", e);
        }
    }
}
