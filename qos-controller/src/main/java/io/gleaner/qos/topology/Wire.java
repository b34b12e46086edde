package io.gleaner.qos.topology;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.serialization.Serializer;

/**
 * The binary form of the stage's internal records (store and repartition values no other stage reads):
 * {@link DataOutputStream} fields behind a one-byte format version, so that a changed layout is detected instead of
 * misread. (The classifier has the same helper, package-private there; kept per module so that neither module's
 * internal formats become the other's API.)
 */
final class Wire {

    private Wire() {
    }

    /** Writes one record's fields. */
    interface Writer<T> {
        void write(DataOutputStream out, T value) throws IOException;
    }

    /** Reads one record's fields. */
    interface Reader<T> {
        T read(DataInputStream in) throws IOException;
    }

    /** A serde that writes {@code version} then the fields; reading another version is an error naming both. */
    static <T> Serde<T> serde(String name, int version, Writer<T> writer, Reader<T> reader) {
        Serializer<T> serializer = (topic, value) -> {
            if (value == null) {
                return null;
            }
            var bytes = new ByteArrayOutputStream();
            try (var out = new DataOutputStream(bytes)) {
                out.writeByte(version);
                writer.write(out, value);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return bytes.toByteArray();
        };
        Deserializer<T> deserializer = (topic, bytes) -> {
            if (bytes == null) {
                return null;
            }
            try (var in = new DataInputStream(new ByteArrayInputStream(bytes))) {
                int found = in.readUnsignedByte();
                if (found != version) {
                    throw new IllegalArgumentException(name + " format version " + found + " is not " + version);
                }
                return reader.read(in);
            } catch (IOException e) {
                throw new IllegalArgumentException("cannot read a " + name + " of " + bytes.length + " bytes: " + e,
                        e);
            }
        };
        return Serdes.serdeFrom(serializer, deserializer);
    }
}
