package io.gleaner.schemas.serde;

import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.schemas.avro.CapacityForecast;
import io.gleaner.schemas.avro.Metric;
import io.gleaner.schemas.avro.UtilizationSample;
import java.time.Instant;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.junit.jupiter.api.Test;

/** Records written with another version of a schema still decode into today's generated classes. */
class SchemaEvolutionTest {

    private static final String TOPIC = "gleaner.forecasts";

    /** CapacityForecast before safetyMargin, spare and stale were added. */
    private static final Schema FORECAST_V1 = new Schema.Parser().parse("""
            {"type": "record", "name": "CapacityForecast", "namespace": "io.gleaner.schemas.avro", "fields": [
              {"name": "nodeId", "type": "string"},
              {"name": "metric", "type": {"type": "enum", "name": "Metric",
                                          "symbols": ["UNKNOWN", "CPU", "MEMORY", "DISK", "NETWORK"]}},
              {"name": "quantile", "type": "double"},
              {"name": "issuedAt", "type": {"type": "long", "logicalType": "timestamp-millis"}},
              {"name": "start", "type": {"type": "long", "logicalType": "timestamp-millis"}},
              {"name": "stepMillis", "type": "long"},
              {"name": "utilization", "type": {"type": "array", "items": "double"}}
            ]}""");

    /** UtilizationSample from a future writer: a GPU metric and a field this reader has never heard of. */
    private static final Schema SAMPLE_FUTURE = new Schema.Parser().parse("""
            {"type": "record", "name": "UtilizationSample", "namespace": "io.gleaner.schemas.avro", "fields": [
              {"name": "nodeId", "type": "string"},
              {"name": "time", "type": {"type": "long", "logicalType": "timestamp-millis"}},
              {"name": "metric", "type": {"type": "enum", "name": "Metric", "default": "UNKNOWN",
                                          "symbols": ["UNKNOWN", "CPU", "MEMORY", "DISK", "NETWORK", "GPU"]}},
              {"name": "gpuModel", "type": "string"},
              {"name": "source", "type": {"type": "enum", "name": "UsageSource",
                                          "symbols": ["UNKNOWN", "REGULAR", "EPHEMERAL", "TOTAL"]}},
              {"name": "value", "type": "double"}
            ]}""");

    private final InMemorySchemaRegistryClient registry = new InMemorySchemaRegistryClient();

    @Test
    void shouldFillFieldsTheOldWriterLackedWithTheirDefaults() {
        var old = new GenericData.Record(FORECAST_V1);
        old.put("nodeId", "n7");
        old.put("metric", new GenericData.EnumSymbol(FORECAST_V1.getField("metric").schema(), "CPU"));
        old.put("quantile", 0.99);
        old.put("issuedAt", 60_000L);
        old.put("start", 240_000L);
        old.put("stepMillis", 180_000L);
        old.put("utilization", List.of(0.25, 0.5));
        var bytes = new AvroSerializer<>(GenericRecord.class, registry).serialize(TOPIC, old);

        var read = new AvroDeserializer<>(CapacityForecast.class, registry).deserialize(TOPIC, bytes);

        assertThat(read.getNodeId()).isEqualTo("n7");
        assertThat(read.getMetric()).isEqualTo(Metric.CPU);
        assertThat(read.getIssuedAt()).isEqualTo(Instant.ofEpochMilli(60_000));
        assertThat(read.getUtilization()).containsExactly(0.25, 0.5);
        // The defaults declared in CapacityForecast.avsc:
        assertThat(read.getSafetyMargin()).isEqualTo(0.0);
        assertThat(read.getSpare()).isEmpty();
        assertThat(read.getStale()).isFalse();
    }

    @Test
    void shouldReadAnUnknownEnumSymbolAsTheDefaultAndSkipUnknownFields() {
        var future = new GenericData.Record(SAMPLE_FUTURE);
        future.put("nodeId", "n1");
        future.put("time", 1_000L);
        future.put("metric", new GenericData.EnumSymbol(SAMPLE_FUTURE.getField("metric").schema(), "GPU"));
        future.put("gpuModel", "a100");
        future.put("source", new GenericData.EnumSymbol(SAMPLE_FUTURE.getField("source").schema(), "EPHEMERAL"));
        future.put("value", 0.75);
        var bytes = new AvroSerializer<>(GenericRecord.class, registry).serialize("gleaner.nodes.utilization", future);

        var read = new AvroDeserializer<>(UtilizationSample.class, registry)
                .deserialize("gleaner.nodes.utilization", bytes);

        assertThat(read.getMetric()).isEqualTo(Metric.UNKNOWN);
        assertThat(read.getSource().name()).isEqualTo("EPHEMERAL");
        assertThat(read.getValue()).isEqualTo(0.75);
    }

    @Test
    void shouldRegisterEachVersionOnceAndDecodeBothFromOneDeserializer() {
        var oldWriter = new AvroSerializer<>(GenericRecord.class, registry);
        var newSerde = AvroSerde.of(CapacityForecast.class, registry);
        var old = new GenericData.Record(FORECAST_V1);
        old.put("nodeId", "n1");
        old.put("metric", new GenericData.EnumSymbol(FORECAST_V1.getField("metric").schema(), "DISK"));
        old.put("quantile", 0.5);
        old.put("issuedAt", 0L);
        old.put("start", 0L);
        old.put("stepMillis", 1L);
        old.put("utilization", List.of());

        var oldBytes = oldWriter.serialize(TOPIC, old);
        var newBytes = newSerde.serializer().serialize(TOPIC, SerdeFixtures.capacityForecast());

        assertThat(WireFormat.schemaId(oldBytes)).isEqualTo(1);
        assertThat(WireFormat.schemaId(newBytes)).isEqualTo(2);
        assertThat(registry.latest(TOPIC + "-value").version()).isEqualTo(2);
        assertThat(newSerde.deserializer().deserialize(TOPIC, oldBytes).getMetric()).isEqualTo(Metric.DISK);
        assertThat(newSerde.deserializer().deserialize(TOPIC, newBytes)).isEqualTo(SerdeFixtures.capacityForecast());
    }
}
