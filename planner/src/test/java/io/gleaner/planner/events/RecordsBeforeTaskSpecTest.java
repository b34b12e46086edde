package io.gleaner.planner.events;

import static io.gleaner.planner.core.PlannerFixtures.at;
import static io.gleaner.planner.core.PlannerFixtures.job;
import static io.gleaner.planner.core.PlannerFixtures.mapsOn;
import static io.gleaner.planner.core.PlannerFixtures.reduces;
import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.planner.core.Checked;
import io.gleaner.planner.core.ChunkLayout;
import io.gleaner.planner.core.Placement;
import io.gleaner.planner.core.TaskAttempt;
import io.gleaner.planner.core.TaskKind;
import io.gleaner.schemas.avro.JobSubmitted;
import io.gleaner.schemas.avro.PlacementDecision;
import io.gleaner.schemas.serde.AvroSerde;
import io.gleaner.schemas.serde.AvroSerializer;
import io.gleaner.schemas.serde.InMemorySchemaRegistryClient;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.specific.SpecificDatumWriter;
import org.apache.avro.specific.SpecificRecord;
import org.junit.jupiter.api.Test;

/**
 * Records written before task specs (issue 24) still decode and map: {@code jobs.submitted} without
 * {@code tasks[].spec}, {@code placements} without {@code spec}, {@code mapOutputs} and {@code mapOutputLocation}. The
 * old schemas are the ones of commit ad3788f, in {@code src/test/resources/avro-before-task-spec}.
 */
class RecordsBeforeTaskSpecTest {

    private static final String TOPIC = "t";

    @Test
    void shouldReadAJobWrittenBeforeTaskSpecs() throws IOException {
        var old = oldSchemas();
        var oldSchema = old.parse(resource("JobSubmitted.avsc"));
        assertThat(oldSchema.getField("tasks").schema().getElementType().getField("spec")).isNull();
        var job = job("j1", at(10), mapsOn(4, new ChunkLayout(List.of("n1", "n2"), 1, 2)), reduces(1));
        var registry = new InMemorySchemaRegistryClient();
        var oldBytes = new AvroSerializer<>(GenericRecord.class, registry)
                .serialize(TOPIC, asWrittenUnder(oldSchema, EventMapping.jobSubmitted(job)));

        var read = AvroSerde.of(JobSubmitted.class, registry).deserializer().deserialize(TOPIC, oldBytes);

        assertThat(read.getTasks()).allSatisfy(group -> assertThat(group.getSpec()).isNull());
        assertThat(EventMapping.job(read)).isEqualTo(new Checked.Valid<>(job));
    }

    @Test
    void shouldReadAPlacementWrittenBeforeTaskSpecs() throws IOException {
        var old = oldSchemas();
        var oldSchema = old.parse(resource("PlacementDecision.avsc"));
        assertThat(oldSchema.getField("spec")).isNull();
        var job = job("j1", at(10), mapsOn(4, new ChunkLayout(List.of("n1", "n2"), 1, 2)), reduces(1));
        var placement = Placement.of(job, new TaskAttempt("j1", TaskKind.REDUCE, 0, 2), "n2", at(30), "fifo");
        var registry = new InMemorySchemaRegistryClient();
        var oldBytes = new AvroSerializer<>(GenericRecord.class, registry)
                .serialize(TOPIC, asWrittenUnder(oldSchema, EventMapping.placementDecision(placement)));

        var read = AvroSerde.of(PlacementDecision.class, registry).deserializer().deserialize(TOPIC, oldBytes);

        assertThat(read.getSpec()).isNull();
        assertThat(read.getMapOutputs()).isEmpty();
        assertThat(read.getMapOutputLocation()).isNull();
        assertThat(EventMapping.placement(read)).isEqualTo(new Checked.Valid<>(placement));
    }

    /** A parser that knows today's shared types, as the old schemas refer to them by name. */
    private static Schema.Parser oldSchemas() {
        var parser = new Schema.Parser();
        parser.parse(io.gleaner.schemas.avro.Resources.getClassSchema().toString());
        parser.parse(io.gleaner.schemas.avro.TaskKind.getClassSchema().toString());
        parser.parse(io.gleaner.schemas.avro.ChunkLayout.getClassSchema().toString());
        return parser;
    }

    /** {@code record} as a writer with {@code schema} (lacking today's fields) would have held it. */
    private static GenericRecord asWrittenUnder(Schema schema, SpecificRecord record) throws IOException {
        var out = new ByteArrayOutputStream();
        var encoder = EncoderFactory.get().binaryEncoder(out, null);
        new SpecificDatumWriter<SpecificRecord>(record.getSchema()).write(record, encoder);
        encoder.flush();
        return new GenericDatumReader<GenericRecord>(record.getSchema(), schema)
                .read(null, DecoderFactory.get().binaryDecoder(out.toByteArray(), null));
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = RecordsBeforeTaskSpecTest.class.getClassLoader()
                .getResourceAsStream("avro-before-task-spec/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
