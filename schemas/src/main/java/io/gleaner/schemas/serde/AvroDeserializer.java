package io.gleaner.schemas.serde;

import io.gleaner.schemas.SettingValues;
import java.io.IOException;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.generic.IndexedRecord;
import org.apache.avro.io.DatumReader;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.specific.SpecificData;
import org.apache.avro.specific.SpecificDatumReader;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.Deserializer;

/**
 * Reads Confluent's wire format: fetches the writer's schema by the id in the header and resolves the body into
 * the reader's schema, so records written with an older schema still decode after the schema evolved (fields
 * the writer lacked take their defaults). {@code null} stays {@code null}. Every failure (bad header, unknown id,
 * a body that does not decode) is a {@link SerializationException} whose message says what was wrong, ready to
 * become a dead letter's reason.
 *
 * <p>A registry that does not answer, or answers with a 5xx or 429 status, even after the client's retries, is
 * not bad input: that {@link SchemaRegistryException} ({@link SchemaRegistryException#isTransient()}) propagates as
 * it is, so a step that turns {@link SerializationException}s into dead letters lets it through and the stage
 * retries instead of dead-lettering good records.
 *
 * <p>Constructed with a type, it returns that generated class (or, for {@code GenericRecord.class}, generic
 * records in the writer's schema). Constructed by Kafka from configuration, it returns the generated class named
 * by the writer's schema when {@code specific.avro.reader=true}, and {@link GenericRecord}s otherwise, as
 * Confluent's does.
 */
public class AvroDeserializer<T extends IndexedRecord> implements Deserializer<T> {

    private final Class<T> type;
    private final boolean clientGiven;
    private SchemaRegistryClient client;
    private boolean specificReader;
    private final Map<Integer, Reading<T>> readingsByWriterId = new ConcurrentHashMap<>();

    /** How to read the records of one writer schema id. */
    private record Reading<T>(Schema writer, DatumReader<T> reader) {
    }

    /** For Kafka to instantiate from configuration; {@link #configure} must follow. */
    public AvroDeserializer() {
        this.type = null;
        this.clientGiven = false;
    }

    /** A deserializer into {@code type} that talks to {@code client}; {@link #configure} is optional. */
    public AvroDeserializer(Class<T> type, SchemaRegistryClient client) {
        this.type = Objects.requireNonNull(type, "type");
        this.client = Objects.requireNonNull(client, "client");
        this.clientGiven = true;
    }

    /**
     * Reads {@code specific.avro.reader}; without a client given to the constructor, also the registry settings of
     * {@link RegistryConfig#from}.
     */
    @Override
    public void configure(Map<String, ?> configs, boolean isKey) {
        configure(configs, isKey, clientGiven ? client : new RestSchemaRegistryClient(RegistryConfig.from(configs)));
    }

    /** Configures with {@code registry} unless a client was given to the constructor (used by {@link AvroSerde}). */
    void configure(Map<String, ?> configs, boolean isKey, SchemaRegistryClient registry) {
        this.specificReader = SettingValues.flag(configs, RegistryConfig.SPECIFIC_AVRO_READER, false);
        if (!clientGiven) {
            this.client = registry;
            readingsByWriterId.clear();
        }
    }

    @Override
    public T deserialize(String topic, byte[] data) {
        if (data == null) {
            return null;
        }
        if (client == null) {
            throw new IllegalStateException("AvroDeserializer is not configured: call configure() with "
                    + RegistryConfig.SCHEMA_REGISTRY_URL + " or construct it with a SchemaRegistryClient");
        }
        int writerId = WireFormat.schemaId(data);
        var reading = readingsByWriterId.get(writerId);
        if (reading == null) {
            reading = readingFor(topic, writerId);
            readingsByWriterId.putIfAbsent(writerId, reading);
        }
        int offset = WireFormat.HEADER_LENGTH;
        int length = data.length - offset;
        try {
            // A corrupt length prefix makes Avro allocate that many bytes (or items) before it notices the input
            // is short: ten bad bytes can ask for gigabytes and kill the stage. Skipping allocates nothing and
            // stops at the end of the input, so the allocating read below only ever sees a body that fits.
            var skipper = DecoderFactory.get().binaryDecoder(data, offset, length, null);
            GenericDatumReader.skip(reading.writer(), skipper);
            if (!skipper.isEnd()) {
                throw new IOException("bytes left over after the record");
            }
            return reading.reader().read(null, DecoderFactory.get().binaryDecoder(data, offset, length, null));
        } catch (IOException | RuntimeException e) {
            throw new SerializationException("could not decode a record of " + (data.length
                    - WireFormat.HEADER_LENGTH) + " body bytes from topic " + topic + " with writer schema id "
                    + writerId + ": " + e, e);
        }
    }

    @SuppressWarnings("unchecked")
    private Reading<T> readingFor(String topic, int writerId) {
        Schema writer;
        try {
            writer = client.schemaById(writerId);
        } catch (SchemaRegistryException e) {
            if (e.isTransient()) {
                // The registry is down or busy, not the record bad: retrying later may well succeed.
                throw e;
            }
            throw new SerializationException("could not fetch writer schema id " + writerId + " of a record from topic "
                    + topic + ": " + e.getMessage(), e);
        }
        Class<?> target = type;
        if (target == null && specificReader) {
            target = SpecificData.get().getClass(writer);
            if (target == null || !SpecificRecord.class.isAssignableFrom(target)) {
                throw new SerializationException("no generated class " + writer.getFullName()
                        + " on the classpath for writer schema id " + writerId + " ("
                        + RegistryConfig.SPECIFIC_AVRO_READER + "=true)");
            }
        }
        if (target != null && SpecificRecord.class.isAssignableFrom(target)) {
            // The class's own SpecificData carries its logical-type conversions (millis -> Instant).
            var model = SpecificData.getForClass(target);
            return new Reading<>(writer, new SpecificDatumReader<>(writer, model.getSchema(target), model));
        }
        return new Reading<>(writer, (DatumReader<T>) new GenericDatumReader<GenericRecord>(writer, writer));
    }
}
