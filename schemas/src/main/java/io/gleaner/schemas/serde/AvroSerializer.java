package io.gleaner.schemas.serde;

import io.gleaner.schemas.SettingValues;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.IndexedRecord;
import org.apache.avro.io.DatumWriter;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.specific.SpecificData;
import org.apache.avro.specific.SpecificDatumWriter;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.Serializer;

/**
 * Writes Avro records in Confluent's wire format, registering (or, with {@code auto.register.schemas=false},
 * looking up) each record's schema under the subject {@code <topic>-value} or {@code <topic>-key}
 * (Confluent's TopicNameStrategy). {@code null} stays {@code null}, so tombstones pass through.
 *
 * <p>Two ways to make one: {@code new AvroSerializer<>(JobSubmitted.class, client)} in code, usable at once as a
 * value serializer; or the no-argument constructor, which Kafka calls for a class named in its configuration,
 * followed by {@link #configure}, which builds a {@link RestSchemaRegistryClient} from {@link RegistryConfig}.
 */
public class AvroSerializer<T extends IndexedRecord> implements Serializer<T> {

    private final Class<T> type;
    private final boolean clientGiven;
    private SchemaRegistryClient client;
    private boolean isKey;
    private boolean autoRegister = true;
    /** Writers by generated class, or by schema for generic records (which need no logical-type conversions). */
    private final Map<Object, DatumWriter<Object>> writers = new ConcurrentHashMap<>();

    /** For Kafka to instantiate from configuration; {@link #configure} must follow. */
    public AvroSerializer() {
        this.type = null;
        this.clientGiven = false;
    }

    /** A value serializer for records of {@code type} that talks to {@code client}; {@link #configure} is optional. */
    public AvroSerializer(Class<T> type, SchemaRegistryClient client) {
        this.type = Objects.requireNonNull(type, "type");
        this.client = Objects.requireNonNull(client, "client");
        this.clientGiven = true;
    }

    /**
     * Reads {@code auto.register.schemas} and whether this serializes keys; without a client given to the
     * constructor, also the registry settings of {@link RegistryConfig#from}.
     */
    @Override
    public void configure(Map<String, ?> configs, boolean isKey) {
        configure(configs, isKey, clientGiven ? client : new RestSchemaRegistryClient(RegistryConfig.from(configs)));
    }

    /** Configures with {@code registry} unless a client was given to the constructor (used by {@link AvroSerde}). */
    void configure(Map<String, ?> configs, boolean isKey, SchemaRegistryClient registry) {
        this.isKey = isKey;
        this.autoRegister = SettingValues.flag(configs, RegistryConfig.AUTO_REGISTER_SCHEMAS, true);
        if (!clientGiven) {
            this.client = registry;
        }
    }

    @Override
    public byte[] serialize(String topic, T record) {
        if (record == null) {
            return null;
        }
        if (client == null) {
            throw new IllegalStateException("AvroSerializer is not configured: call configure() with "
                    + RegistryConfig.SCHEMA_REGISTRY_URL + " or construct it with a SchemaRegistryClient");
        }
        if (type != null && !type.isInstance(record)) {
            throw new SerializationException("serializer for " + type.getName() + " was given a "
                    + record.getClass().getName() + " for topic " + topic);
        }
        var schema = record.getSchema();
        var subject = topic + (isKey ? "-key" : "-value");
        int id;
        try {
            id = autoRegister ? client.register(subject, schema) : client.idOf(subject, schema);
        } catch (SchemaRegistryException e) {
            throw new SerializationException((autoRegister ? "could not register" : "could not look up")
                    + " schema " + schema.getFullName() + " under subject " + subject + ": " + e.getMessage(), e);
        }
        var body = new ByteArrayOutputStream(64);
        try {
            var encoder = EncoderFactory.get().binaryEncoder(body, null);
            var writerKey = record instanceof SpecificRecord ? record.getClass() : schema;
            writers.computeIfAbsent(writerKey, k -> writerFor(record)).write(record, encoder);
            encoder.flush();
        } catch (IOException | RuntimeException e) {
            throw new SerializationException("could not write a " + schema.getFullName() + " for topic " + topic
                    + ": " + e.getMessage(), e);
        }
        return WireFormat.encode(id, body.toByteArray());
    }

    private static DatumWriter<Object> writerFor(IndexedRecord record) {
        // The generated class's own SpecificData carries its logical-type conversions (Instant <-> millis).
        return record instanceof SpecificRecord
                ? new SpecificDatumWriter<>(record.getSchema(), SpecificData.getForClass(record.getClass()))
                : new GenericDatumWriter<>(record.getSchema(), GenericData.get());
    }
}
