package io.gleaner.schemas.serde;

import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.schemas.avro.Resources;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.avro.Schema;
import org.apache.avro.specific.SpecificRecord;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class AvroSerdeRoundTripTest {

    static Stream<Named<SpecificRecord>> everyRecordType() {
        var fixtures = List.<SpecificRecord>of(
                SerdeFixtures.resources(2.0, 4L << 30),
                SerdeFixtures.jobSubmitted(),
                SerdeFixtures.jobSubmitted().getTasks().get(0),
                SerdeFixtures.jobSubmitted().getTasks().get(0).getLayout(),
                SerdeFixtures.nodeHeartbeat(),
                SerdeFixtures.utilizationSample(),
                SerdeFixtures.taskReport(),
                SerdeFixtures.capacityForecast(),
                SerdeFixtures.jobClass(),
                SerdeFixtures.jobProfile(),
                SerdeFixtures.classPlan(),
                SerdeFixtures.classPlan().getAllocations().get(0),
                SerdeFixtures.placementDecision(),
                SerdeFixtures.placementDecision().getChunk(),
                SerdeFixtures.placementDecision().getChunkMoves().get(0),
                SerdeFixtures.reducePlacement(),
                SerdeFixtures.plannerNodeState(),
                SerdeFixtures.dataPlacement(),
                SerdeFixtures.jobAdmission(),
                SerdeFixtures.qosAction(),
                SerdeFixtures.deadLetter(),
                SerdeFixtures.plannerJobState(),
                SerdeFixtures.plannerJobState().getMaps(),
                SerdeFixtures.taskSpec(),
                SerdeFixtures.mapOutputs(),
                SerdeFixtures.mapOutputs().getMaps().get(1),
                SerdeFixtures.jobEvent(),
                SerdeFixtures.cellStatus(),
                SerdeFixtures.jobRoute());
        return fixtures.stream().map(r -> Named.of(r.getSchema().getName(), r));
    }

    @ParameterizedTest
    @MethodSource("everyRecordType")
    @SuppressWarnings({"unchecked", "rawtypes"})
    void shouldReadBackWhatItWrote(SpecificRecord record) {
        var serde = AvroSerde.of((Class) record.getClass(), new InMemorySchemaRegistryClient());

        var bytes = serde.serializer().serialize("gleaner.roundtrip", record);
        var back = serde.deserializer().deserialize("gleaner.roundtrip", bytes);

        assertThat(back).isEqualTo(record).isNotSameAs(record);
        assertThat(WireFormat.schemaId(bytes)).isEqualTo(1);
    }

    @Test
    void everyRecordTypeOfTheSchemasHasARoundTripCase() throws IOException {
        // Guards the table above: a record type added to src/main/avro must get a fixture here.
        var declared = recordNames(parseAll(Path.of("src/main/avro")));
        var covered = everyRecordType().map(n -> n.getPayload().getSchema().getFullName())
                .collect(Collectors.toSet());

        assertThat(covered).containsAll(declared);
        assertThat(declared).isNotEmpty();
    }

    @Test
    void shouldPassTombstonesThrough() {
        var serde = AvroSerde.of(Resources.class, new InMemorySchemaRegistryClient());

        assertThat(serde.serializer().serialize("t", null)).isNull();
        assertThat(serde.deserializer().deserialize("t", null)).isNull();
    }

    private static List<Schema> parseAll(Path dir) throws IOException {
        // Shared types (common/) first, as the avro-maven-plugin imports them.
        var parser = new Schema.Parser();
        var schemas = new ArrayList<Schema>();
        try (var files = Files.walk(dir)) {
            var sorted = files.filter(p -> p.toString().endsWith(".avsc"))
                    .sorted(Comparator.comparing((Path p) -> !p.getParent().endsWith("common")).thenComparing(p -> p))
                    .toList();
            for (var file : sorted) {
                schemas.add(parser.parse(file.toFile()));
            }
        }
        return schemas;
    }

    private static Set<String> recordNames(List<Schema> roots) {
        var names = new HashSet<String>();
        var pending = new ArrayList<>(roots);
        while (!pending.isEmpty()) {
            var schema = pending.remove(pending.size() - 1);
            switch (schema.getType()) {
                case RECORD -> {
                    if (names.add(schema.getFullName())) {
                        schema.getFields().forEach(f -> pending.add(f.schema()));
                    }
                }
                case ARRAY -> pending.add(schema.getElementType());
                case MAP -> pending.add(schema.getValueType());
                case UNION -> pending.addAll(schema.getTypes());
                default -> {
                }
            }
        }
        return names;
    }
}
