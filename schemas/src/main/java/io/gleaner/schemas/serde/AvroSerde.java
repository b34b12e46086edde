package io.gleaner.schemas.serde;

import java.util.Map;
import org.apache.avro.generic.IndexedRecord;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serializer;

/**
 * An {@link AvroSerializer} and an {@link AvroDeserializer} sharing one registry client. {@code
 * AvroSerde.of(JobSubmitted.class, client)} is a value serde ready to use; the no-argument constructor is for
 * Kafka's {@code default.value.serde}, and its {@link #configure} builds one {@link RestSchemaRegistryClient}
 * for both halves.
 */
public class AvroSerde<T extends IndexedRecord> implements Serde<T> {

    private final AvroSerializer<T> serializer;
    private final AvroDeserializer<T> deserializer;
    private final boolean clientGiven;

    /** For Kafka to instantiate from configuration; {@link #configure} must follow. */
    public AvroSerde() {
        this.serializer = new AvroSerializer<>();
        this.deserializer = new AvroDeserializer<>();
        this.clientGiven = false;
    }

    /** A value serde for {@code type} that talks to {@code client}; {@link #configure} is optional. */
    public AvroSerde(Class<T> type, SchemaRegistryClient client) {
        this.serializer = new AvroSerializer<>(type, client);
        this.deserializer = new AvroDeserializer<>(type, client);
        this.clientGiven = true;
    }

    /** A value serde for {@code type} that talks to {@code client}. */
    public static <T extends IndexedRecord> AvroSerde<T> of(Class<T> type, SchemaRegistryClient client) {
        return new AvroSerde<>(type, client);
    }

    @Override
    public void configure(Map<String, ?> configs, boolean isKey) {
        var registry = clientGiven ? null : new RestSchemaRegistryClient(RegistryConfig.from(configs));
        serializer.configure(configs, isKey, registry);
        deserializer.configure(configs, isKey, registry);
    }

    @Override
    public Serializer<T> serializer() {
        return serializer;
    }

    @Override
    public Deserializer<T> deserializer() {
        return deserializer;
    }
}
