package io.gleaner.schemas.serde;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gleaner.schemas.avro.Resources;
import io.gleaner.schemas.avro.UtilizationSample;
import java.util.Map;
import org.apache.kafka.common.errors.SerializationException;
import org.junit.jupiter.api.Test;

class AvroSerializerTest {

    private final InMemorySchemaRegistryClient registry = new InMemorySchemaRegistryClient();

    @Test
    void shouldRegisterValueSchemasUnderTopicDashValue() {
        var serializer = new AvroSerializer<>(UtilizationSample.class, registry);

        serializer.serialize("gleaner.nodes.utilization", SerdeFixtures.utilizationSample());

        var latest = registry.latest("gleaner.nodes.utilization-value");
        assertThat(latest.schema()).isEqualTo(UtilizationSample.getClassSchema());
        assertThat(latest.version()).isEqualTo(1);
    }

    @Test
    void shouldRegisterKeySchemasUnderTopicDashKeyOnceConfiguredAsKey() {
        var serializer = new AvroSerializer<>(Resources.class, registry);
        serializer.configure(Map.of(), true);

        serializer.serialize("gleaner.sizes", SerdeFixtures.resources(1, 1));

        assertThat(registry.latest("gleaner.sizes-key").schema()).isEqualTo(Resources.getClassSchema());
        assertThatThrownBy(() -> registry.latest("gleaner.sizes-value"))
                .isInstanceOf(SchemaRegistryException.class);
    }

    @Test
    void shouldLookUpInsteadOfRegisteringWhenAutoRegisterIsOff() {
        registry.register("gleaner.nodes.utilization-value", UtilizationSample.getClassSchema());
        var serializer = new AvroSerializer<>(UtilizationSample.class, registry);
        serializer.configure(Map.of(RegistryConfig.AUTO_REGISTER_SCHEMAS, "false"), false);

        var bytes = serializer.serialize("gleaner.nodes.utilization", SerdeFixtures.utilizationSample());

        assertThat(WireFormat.schemaId(bytes)).isEqualTo(1);
    }

    @Test
    void shouldFailWithTheRegistrysMessageWhenAutoRegisterIsOffAndTheSchemaIsUnknown() {
        var serializer = new AvroSerializer<>(UtilizationSample.class, registry);
        serializer.configure(Map.of(RegistryConfig.AUTO_REGISTER_SCHEMAS, false), false);

        assertThatThrownBy(() -> serializer.serialize("gleaner.nodes.utilization", SerdeFixtures.utilizationSample()))
                .isInstanceOf(SerializationException.class)
                .hasMessageContaining("could not look up schema io.gleaner.schemas.avro.UtilizationSample")
                .hasMessageContaining("under subject gleaner.nodes.utilization-value")
                .hasMessageContaining("Subject 'gleaner.nodes.utilization-value' not found.");
        assertThatThrownBy(() -> registry.latest("gleaner.nodes.utilization-value"))
                .as("nothing was registered")
                .isInstanceOf(SchemaRegistryException.class);
    }

    @Test
    @SuppressWarnings({"unchecked", "rawtypes"})
    void shouldRejectARecordOfAnotherClassPassedThroughRawTypes() {
        AvroSerializer raw = new AvroSerializer<>(Resources.class, registry);

        assertThatThrownBy(() -> raw.serialize("t", SerdeFixtures.utilizationSample()))
                .isInstanceOf(SerializationException.class)
                .hasMessageContaining("serializer for io.gleaner.schemas.avro.Resources was given a "
                        + "io.gleaner.schemas.avro.UtilizationSample");
    }

    @Test
    void shouldRefuseToSerializeBeforeConfigureWhenBuiltByKafka() {
        var serializer = new AvroSerializer<Resources>();

        assertThatThrownBy(() -> serializer.serialize("t", SerdeFixtures.resources(1, 1)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("schema.registry.url");
    }
}
