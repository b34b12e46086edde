package io.gleaner.planner.topology;

import static io.gleaner.planner.core.PlannerFixtures.at;
import static io.gleaner.planner.core.PlannerFixtures.job;
import static io.gleaner.planner.core.PlannerFixtures.map;
import static io.gleaner.planner.core.PlannerFixtures.maps;
import static io.gleaner.planner.core.PlannerFixtures.mapsOn;
import static io.gleaner.planner.core.PlannerFixtures.outcome;
import static io.gleaner.planner.core.PlannerFixtures.placed;
import static io.gleaner.planner.core.PlannerFixtures.reduces;
import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.planner.core.ChunkLayout;
import io.gleaner.planner.core.JobProgress;
import io.gleaner.planner.core.NodeStanding;
import io.gleaner.planner.core.TaskAttempt;
import io.gleaner.planner.core.TaskKind;
import io.gleaner.planner.core.TaskOutcome.State;
import io.gleaner.schemas.avro.PlannerJobState;
import io.gleaner.schemas.avro.Resources;
import io.gleaner.schemas.serde.AvroSerde;
import io.gleaner.schemas.serde.AvroSerializer;
import io.gleaner.schemas.serde.InMemorySchemaRegistryClient;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.specific.SpecificDatumWriter;
import org.junit.jupiter.api.Test;

class PlannerRecordsTest {

    private static final ChunkLayout LAYOUT = new ChunkLayout(List.of("n1", "n2", "n3"), 1, 2);
    private static final String TOPIC = "gleaner-planner-planner-jobs-changelog";

    @Test
    void shouldStoreMapsLaunchedOutOfOrderAndTheLocalityWait() {
        // maps 0, 1 and 5 of 8 launched (5 out of order), 1 succeeded, 5 killed and waiting for attempt 1
        var job = job("j1", at(10), mapsOn(8, LAYOUT), reduces(1));
        var progress = placed(job, map(job, 0, 0), map(job, 1, 0), map(job, 5, 0))
                .onOutcome(outcome("j1", TaskKind.MAP, 1, 0, "n1", State.SUCCEEDED, at(20)))
                .onOutcome(outcome("j1", TaskKind.MAP, 5, 0, "n1", State.KILLED, at(21)))
                .withLocalityWait(Optional.of(at(30)));

        var stored = PlannerRecords.toAvro(progress);

        // prefix 0..1; task 5 is bit 5 - 2 = 3 of the rest
        assertThat(stored.getMaps().getLaunched()).isEqualTo(2);
        assertThat(stored.getMaps().getLaunchedBeyond()).isEqualTo(ByteBuffer.wrap(new byte[] {0b1000}));
        assertThat(stored.getLocalityWaitSince()).isEqualTo(at(30));
        assertThat(stored.getJob().getTasks().get(0).getLayout().getStart()).isEqualTo(1);
        assertThat(PlannerRecords.toProgress(stored)).isEqualTo(progress);
    }

    @Test
    void shouldStoreInOrderLaunchesAsAPrefixAlone() {
        var job = job("j1", at(10), mapsOn(8, LAYOUT));
        var progress = placed(job, map(job, 0, 0), map(job, 1, 0), map(job, 2, 0));

        var stored = PlannerRecords.toAvro(progress);

        assertThat(stored.getMaps().getLaunched()).isEqualTo(3);
        assertThat(stored.getMaps().getLaunchedBeyond()).isNull();
        assertThat(stored.getLocalityWaitSince()).isNull();
        assertThat(PlannerRecords.toProgress(stored)).isEqualTo(progress);
    }

    @Test
    void shouldReadAStateWrittenBeforeOutOfOrderLaunchesAndLocalityWaits() throws IOException {
        // the schemas as they were before this change (commit 880b33f), beside today's shared types
        var parser = new Schema.Parser();
        parser.parse(Resources.getClassSchema().toString());
        parser.parse(io.gleaner.schemas.avro.TaskKind.getClassSchema().toString());
        parser.parse(resource("avro-before-fair/JobSubmitted.avsc"));
        var oldSchema = parser.parse(resource("avro-before-fair/PlannerJobState.avsc"));
        assertThat(oldSchema.getField("localityWaitSince")).isNull();
        assertThat(oldSchema.getField("maps").schema().getField("launchedBeyond")).isNull();
        var job = job("j1", at(10), maps(4), reduces(1));
        var progress = placed(job, map(job, 0, 0), map(job, 1, 0))
                .onOutcome(outcome("j1", TaskKind.MAP, 0, 0, "n1", State.SUCCEEDED, at(20)));
        var registry = new InMemorySchemaRegistryClient();
        var oldBytes = new AvroSerializer<>(GenericRecord.class, registry)
                .serialize(TOPIC, asWrittenUnder(oldSchema, PlannerRecords.toAvro(progress)));

        var read = AvroSerde.of(PlannerJobState.class, registry).deserializer().deserialize(TOPIC, oldBytes);

        assertThat(read.getMaps().getLaunchedBeyond()).isNull();
        assertThat(read.getLocalityWaitSince()).isNull();
        assertThat(read.getJob().getTasks().get(0).getLayout()).isNull();
        // the old state did not know where map 0 succeeded
        assertThat(PlannerRecords.toProgress(read)).isEqualTo(new JobProgress(progress.job(), progress.maps(),
                progress.reduces(), progress.localityWaitSince()));
    }

    @Test
    void shouldStoreFailuresBackoffLostAttemptsAndWhereMapsSucceeded() {
        // map 0 succeeded on n2 (attempt 0), map 1 failed once and waits out its backoff, map 2 was lost with its node
        var job = job("j1", at(10), maps(200), reduces(1));
        var progress = placed(job, map(job, 0, 0), map(job, 1, 0), map(job, 2, 0), map(job, 150, 0))
                .onOutcome(outcome("j1", TaskKind.MAP, 0, 0, "n2", State.SUCCEEDED, at(20)))
                .onOutcome(outcome("j1", TaskKind.MAP, 150, 0, "n9", State.SUCCEEDED, at(20)))
                .onOutcome(outcome("j1", TaskKind.MAP, 1, 0, "n1", State.FAILED, at(21)), Duration.ofSeconds(10))
                .onLost(new TaskAttempt("j1", TaskKind.MAP, 2, 0));

        var stored = PlannerRecords.toAvro(progress);

        assertThat(stored.getMaps().getFailures()).containsEntry("1", 1);
        assertThat(stored.getMaps().getBackoff()).containsEntry("1", at(31));
        assertThat(stored.getLostAttempts()).isEqualTo(1);
        assertThat(stored.getMapNodes()).containsExactly("n2", "n9");
        // maps 0..150 one byte each (2 nodes < 128); the maps after the last success are not written
        assertThat(stored.getMapNodeOfTask().remaining()).isEqualTo(151);
        assertThat(PlannerRecords.toProgress(stored)).isEqualTo(progress);
        assertThat(PlannerRecords.toProgress(stored).succeededMaps().node(150)).contains("n9");
    }

    @Test
    void shouldReadAStateWrittenBeforeTheAttemptLimitAsOneWithoutFailures() throws IOException {
        // PlannerJobState as it was before retries (commit 41dd174), beside today's shared types
        var parser = new Schema.Parser();
        parser.parse(io.gleaner.schemas.avro.JobSubmitted.getClassSchema().toString());
        var oldSchema = parser.parse(resource("avro-before-retries/PlannerJobState.avsc"));
        assertThat(oldSchema.getField("lostAttempts")).isNull();
        var job = job("j1", at(10), maps(4), reduces(1));
        var progress = placed(job, map(job, 0, 0), map(job, 1, 0))
                .onOutcome(outcome("j1", TaskKind.MAP, 1, 0, "n1", State.KILLED, at(20)));
        var registry = new InMemorySchemaRegistryClient();
        var oldBytes = new AvroSerializer<>(GenericRecord.class, registry)
                .serialize(TOPIC, asWrittenUnder(oldSchema, PlannerRecords.toAvro(progress)));

        var read = AvroSerde.of(PlannerJobState.class, registry).deserializer().deserialize(TOPIC, oldBytes);

        assertThat(read.getMaps().getFailures()).isEmpty();
        assertThat(read.getMaps().getBackoff()).isEmpty();
        assertThat(read.getMapNodeOfTask()).isNull();
        assertThat(PlannerRecords.toProgress(read)).isEqualTo(progress);
    }

    @Test
    void shouldStoreWhatThePlannerHoldsAgainstANode() {
        var standing = new NodeStanding("n1", List.of("j1/m/0/0", "j1/m/1/0"), List.of("j1", "j2"), Optional.of(at(600)));

        assertThat(PlannerRecords.toStanding(PlannerRecords.toAvro(standing))).isEqualTo(standing);
    }

    /** {@code state} as a writer with {@code schema} (lacking today's fields) would have held it. */
    private static GenericRecord asWrittenUnder(Schema schema, PlannerJobState state) throws IOException {
        var out = new ByteArrayOutputStream();
        var encoder = EncoderFactory.get().binaryEncoder(out, null);
        new SpecificDatumWriter<>(PlannerJobState.class).write(state, encoder);
        encoder.flush();
        return new GenericDatumReader<GenericRecord>(PlannerJobState.getClassSchema(), schema)
                .read(null, DecoderFactory.get().binaryDecoder(out.toByteArray(), null));
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = PlannerRecordsTest.class.getClassLoader().getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
