package io.gleaner.schemas.serde;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gleaner.schemas.avro.Metric;
import io.gleaner.schemas.avro.UtilizationSample;
import java.io.IOException;
import java.util.Map;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.generic.IndexedRecord;
import org.apache.kafka.common.utils.Utils;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The serde as Kafka makes it: instantiated by class name, then configured from properties. */
class AvroSerdeFromConfigTest {

    private static final String TOPIC = "gleaner.nodes.utilization";

    private FakeRegistryServer server;

    @BeforeEach
    void start() throws IOException {
        server = new FakeRegistryServer();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    @SuppressWarnings("unchecked")
    void shouldReadTheGeneratedClassWhenSpecificReaderIsOn() {
        AvroSerde<IndexedRecord> serde = Utils.newInstance(AvroSerde.class);
        serde.configure(Map.of(RegistryConfig.SCHEMA_REGISTRY_URL, server.url(),
                RegistryConfig.SPECIFIC_AVRO_READER, "true"), false);

        var bytes = serde.serializer().serialize(TOPIC, SerdeFixtures.utilizationSample());
        var back = serde.deserializer().deserialize(TOPIC, bytes);

        assertThat(back).isInstanceOf(UtilizationSample.class).isEqualTo(SerdeFixtures.utilizationSample());
        assertThat(server.store().latest(TOPIC + "-value").schema()).isEqualTo(UtilizationSample.getClassSchema());
    }

    @Test
    @SuppressWarnings("unchecked")
    void shouldReadGenericRecordsByDefault() {
        AvroSerde<IndexedRecord> serde = Utils.newInstance(AvroSerde.class);
        serde.configure(Map.of(RegistryConfig.SCHEMA_REGISTRY_URL, server.url()), false);

        var bytes = serde.serializer().serialize(TOPIC, SerdeFixtures.utilizationSample());
        var back = serde.deserializer().deserialize(TOPIC, bytes);

        assertThat(back).isInstanceOf(GenericRecord.class).isNotInstanceOf(UtilizationSample.class);
        var generic = (GenericRecord) back;
        assertThat(generic.get("nodeId").toString()).isEqualTo("n1");
        assertThat(generic.get("metric").toString()).isEqualTo(Metric.CPU.name());
        assertThat(generic.get("time")).isEqualTo(1000L);
    }

    @Test
    void shouldShareOneRegistryClientBetweenTheSerdesHalves() {
        var serde = new AvroSerde<UtilizationSample>();
        serde.configure(Map.of(RegistryConfig.SCHEMA_REGISTRY_URL, server.url(),
                RegistryConfig.SPECIFIC_AVRO_READER, true), false);

        var bytes = serde.serializer().serialize(TOPIC, SerdeFixtures.utilizationSample());
        serde.deserializer().deserialize(TOPIC, bytes);

        // The id the serializer registered is already known to the deserializer: no GET /schemas/ids/1.
        assertThat(server.requests()).extracting(FakeRegistryServer.Request::path)
                .containsExactly("/subjects/" + TOPIC + "-value/versions");
    }

    @Test
    void shouldNameTheMissingUrl() {
        var serde = new AvroSerde<UtilizationSample>();

        assertThatThrownBy(() -> serde.configure(Map.of(), false))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("missing schema.registry.url");
    }
}
