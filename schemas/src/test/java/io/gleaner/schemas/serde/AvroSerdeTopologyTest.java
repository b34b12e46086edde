package io.gleaner.schemas.serde;

import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.schemas.avro.UtilizationSample;
import java.time.Instant;
import java.util.Properties;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.Named;
import org.apache.kafka.streams.kstream.Produced;
import org.junit.jupiter.api.Test;

/** The way stage tests use the serde: the in-memory registry under a TopologyTestDriver. */
class AvroSerdeTopologyTest {

    @Test
    void shouldCarryRecordsThroughATopologyWithTheInMemoryRegistry() {
        var registry = new InMemorySchemaRegistryClient();
        var serde = AvroSerde.of(UtilizationSample.class, registry);
        var builder = new StreamsBuilder();
        builder.stream("in", Consumed.with(Serdes.String(), serde).withName("read-in"))
                .mapValues(s -> UtilizationSample.newBuilder(s).setValue(s.getValue() * 2).build(),
                        Named.as("double"))
                .to("out", Produced.with(Serdes.String(), serde).withName("write-out"));
        var props = new Properties();
        props.put(StreamsConfig.APPLICATION_ID_CONFIG, "serde-test");
        props.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "unused:9092");

        try (var driver = new TopologyTestDriver(builder.build(), props)) {
            var in = driver.createInputTopic("in", Serdes.String().serializer(), serde.serializer());
            var out = driver.createOutputTopic("out", Serdes.String().deserializer(), serde.deserializer());

            in.pipeInput("n1", SerdeFixtures.utilizationSample(), Instant.ofEpochMilli(1000));

            assertThat(out.readKeyValue().value.getValue()).isEqualTo(1.0);
            assertThat(out.isEmpty()).isTrue();
        }
        // Both topics' subjects hold the one schema under one id.
        assertThat(registry.latest("in-value").id()).isEqualTo(1);
        assertThat(registry.latest("out-value").id()).isEqualTo(1);
    }
}
