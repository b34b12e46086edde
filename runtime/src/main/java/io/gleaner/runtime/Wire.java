package io.gleaner.runtime;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.serialization.Serializer;

/**
 * The binary form of a stage's internal records (store values and repartition values that no other stage reads):
 * {@link DataOutputStream} fields behind a one-byte format version, so that a changed layout is detected instead of
 * misread. Each stage keeps its formats (the writers and readers) to itself; only this framing and the field
 * encodings below are shared.
 *
 * <p>Strings are written as their UTF-8 length (an int) and bytes ({@link #writeString}), not with
 * {@link DataOutputStream#writeUTF}, which refuses strings of more than 65,535 encoded bytes: a store serde must not
 * throw on a value its stage accepted. Formats written with {@code writeUTF} are read with {@link #LEGACY_TEXT}.
 */
public final class Wire {

    private Wire() {
    }

    /** Writes one record's fields. */
    public interface Writer<T> {
        void write(DataOutputStream out, T value) throws IOException;
    }

    /** Reads one record's fields. */
    public interface Reader<T> {
        T read(DataInputStream in) throws IOException;
    }

    /** Reads one string field. */
    public interface TextReader {
        String read(DataInputStream in) throws IOException;
    }

    /** Strings as this class writes them ({@link #writeString}). */
    public static final TextReader TEXT = Wire::readString;
    /** Strings as formats written before {@link #writeString} wrote them ({@link DataOutputStream#writeUTF}). */
    public static final TextReader LEGACY_TEXT = in -> in.readUTF();

    /** A serde that writes {@code version} then the fields; reading another version is an error naming both. */
    public static <T> Serde<T> serde(String name, int version, Writer<T> writer, Reader<T> reader) {
        return serde(name, version, writer, reader, Map.of());
    }

    /**
     * A serde that writes {@code version} then the fields, and reads that version or any earlier one in
     * {@code earlier} (by version), so that a store or changelog written before the layout changed still restores;
     * reading any other version is an error naming it.
     */
    public static <T> Serde<T> serde(String name, int version, Writer<T> writer, Reader<T> reader,
                                     Map<Integer, Reader<T>> earlier) {
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
                var read = found == version ? reader : earlier.get(found);
                if (read == null) {
                    throw new IllegalArgumentException(name + " format version " + found + " is not " + version);
                }
                return read.read(in);
            } catch (IOException e) {
                throw new IllegalArgumentException("cannot read a " + name + " of " + bytes.length + " bytes: " + e,
                        e);
            }
        };
        return Serdes.serdeFrom(serializer, deserializer);
    }

    /** Writes {@code value} (not null) as its UTF-8 length and bytes, of any length. */
    public static void writeString(DataOutputStream out, String value) throws IOException {
        writeBytes(out, value.getBytes(StandardCharsets.UTF_8));
    }

    /** Reads what {@link #writeString} wrote. */
    public static String readString(DataInputStream in) throws IOException {
        return new String(readBytes(in), StandardCharsets.UTF_8);
    }

    /** Writes {@code value}, null or not, with {@link #writeString}. */
    public static void writeNullable(DataOutputStream out, String value) throws IOException {
        out.writeBoolean(value != null);
        if (value != null) {
            writeString(out, value);
        }
    }

    /** Reads what {@link #writeNullable} wrote, the string itself with {@code text}. */
    public static String readNullable(DataInputStream in, TextReader text) throws IOException {
        return in.readBoolean() ? text.read(in) : null;
    }

    public static void writeBytes(DataOutputStream out, byte[] value) throws IOException {
        out.writeInt(value.length);
        out.write(value);
    }

    public static byte[] readBytes(DataInputStream in) throws IOException {
        int length = in.readInt();
        if (length < 0 || length > in.available()) {
            // A corrupt length must not allocate gigabytes: the record holds every byte it wrote.
            throw new IOException("a field of " + length + " bytes in a record with " + in.available() + " left");
        }
        var value = new byte[length];
        in.readFully(value);
        return value;
    }
}
