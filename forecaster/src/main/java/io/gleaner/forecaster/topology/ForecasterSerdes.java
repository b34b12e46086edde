package io.gleaner.forecaster.topology;

import io.gleaner.schemas.avro.CapacityForecast;
import io.gleaner.schemas.avro.DeadLetter;
import io.gleaner.schemas.avro.UtilizationSample;
import io.gleaner.schemas.serde.AvroSerde;
import io.gleaner.schemas.serde.SchemaRegistryClient;
import java.util.Objects;
import org.apache.kafka.common.serialization.Serde;

/** The value serdes of the forecaster's topics. Keys are strings everywhere. */
public record ForecasterSerdes(Serde<UtilizationSample> utilizationSample, Serde<CapacityForecast> capacityForecast,
                               Serde<DeadLetter> deadLetter) {

    public ForecasterSerdes {
        Objects.requireNonNull(utilizationSample, "utilizationSample");
        Objects.requireNonNull(capacityForecast, "capacityForecast");
        Objects.requireNonNull(deadLetter, "deadLetter");
    }

    /** Confluent wire-format Avro serdes that all talk to {@code registry}. */
    public static ForecasterSerdes with(SchemaRegistryClient registry) {
        return new ForecasterSerdes(AvroSerde.of(UtilizationSample.class, registry),
                AvroSerde.of(CapacityForecast.class, registry), AvroSerde.of(DeadLetter.class, registry));
    }
}
