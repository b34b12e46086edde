package io.gleaner.ingest.adapter;

import io.gleaner.schemas.avro.DeadLetter;
import io.gleaner.schemas.avro.UtilizationSample;
import io.gleaner.schemas.serde.AvroSerde;
import io.gleaner.schemas.serde.SchemaRegistryClient;
import java.util.Objects;
import org.apache.kafka.common.serialization.Serde;

/**
 * The value serdes of the adapter's output topics. Keys are strings (node ids); the source topic is read as
 * raw bytes and decoded by the mapping.
 */
public record AdapterSerdes(Serde<UtilizationSample> utilizationSample, Serde<DeadLetter> deadLetter) {

    public AdapterSerdes {
        Objects.requireNonNull(utilizationSample, "utilizationSample");
        Objects.requireNonNull(deadLetter, "deadLetter");
    }

    /** Confluent wire-format Avro serdes that both talk to {@code registry}. */
    public static AdapterSerdes with(SchemaRegistryClient registry) {
        return new AdapterSerdes(AvroSerde.of(UtilizationSample.class, registry),
                AvroSerde.of(DeadLetter.class, registry));
    }
}
