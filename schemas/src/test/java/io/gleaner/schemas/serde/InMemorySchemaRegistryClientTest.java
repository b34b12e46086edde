package io.gleaner.schemas.serde;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gleaner.schemas.avro.JobSubmitted;
import io.gleaner.schemas.avro.Resources;
import io.gleaner.schemas.avro.TaskReport;
import java.util.List;
import java.util.stream.IntStream;
import org.apache.avro.Schema;
import org.junit.jupiter.api.Test;

class InMemorySchemaRegistryClientTest {

    private final InMemorySchemaRegistryClient registry = new InMemorySchemaRegistryClient();

    @Test
    void shouldHandOutIdsFromOneInOrderOfFirstRegistration() {
        assertThat(registry.register("a-value", Resources.getClassSchema())).isEqualTo(1);
        assertThat(registry.register("b-value", TaskReport.getClassSchema())).isEqualTo(2);
        assertThat(registry.schemaById(2)).isEqualTo(TaskReport.getClassSchema());
    }

    @Test
    void shouldGiveTheSameSchemaTheSameIdAgainAndInEverySubject() {
        int first = registry.register("a-value", Resources.getClassSchema());
        // Parsed afresh from differently spaced text: still the same schema.
        var same = new Schema.Parser().parse(Resources.getClassSchema().toString().replace("\":", "\" :\n  "));

        assertThat(registry.register("a-value", same)).isEqualTo(first);
        assertThat(registry.register("b-value", same)).isEqualTo(first);
        assertThat(registry.latest("a-value").version()).isEqualTo(1);
        assertThat(registry.latest("b-value")).isEqualTo(new RegisteredSchema("b-value", 1, first,
                Resources.getClassSchema()));
    }

    @Test
    void shouldMakeEachNewSchemaOfASubjectItsNextVersion() {
        registry.register("s", Resources.getClassSchema());
        int second = registry.register("s", TaskReport.getClassSchema());

        assertThat(registry.latest("s")).isEqualTo(new RegisteredSchema("s", 2, second, TaskReport.getClassSchema()));
    }

    @Test
    void shouldLookUpOnlyWhatTheSubjectHas() {
        int id = registry.register("a-value", Resources.getClassSchema());
        registry.register("b-value", TaskReport.getClassSchema());

        assertThat(registry.idOf("a-value", Resources.getClassSchema())).isEqualTo(id);
        assertThatThrownBy(() -> registry.idOf("a-value", TaskReport.getClassSchema()))
                .isInstanceOfSatisfying(SchemaRegistryException.class, e -> {
                    assertThat(e.status()).isEqualTo(404);
                    assertThat(e.errorCode()).isEqualTo(SchemaRegistryException.SCHEMA_NOT_FOUND);
                });
        assertThatThrownBy(() -> registry.idOf("c-value", Resources.getClassSchema()))
                .isInstanceOfSatisfying(SchemaRegistryException.class,
                        e -> assertThat(e.errorCode()).isEqualTo(SchemaRegistryException.SUBJECT_NOT_FOUND));
    }

    @Test
    void shouldReportUnknownIdsAndSubjects() {
        assertThatThrownBy(() -> registry.schemaById(1))
                .isInstanceOfSatisfying(SchemaRegistryException.class,
                        e -> assertThat(e.errorCode()).isEqualTo(SchemaRegistryException.SCHEMA_NOT_FOUND));
        assertThatThrownBy(() -> registry.latest("nope"))
                .isInstanceOfSatisfying(SchemaRegistryException.class,
                        e -> assertThat(e.registryMessage()).isEqualTo("Subject 'nope' not found."));
    }

    @Test
    void shouldAgreeOnIdsWhenManyThreadsRegisterAtOnce() {
        var schemas = List.of(Resources.getClassSchema(), TaskReport.getClassSchema(), JobSubmitted.getClassSchema());

        var ids = IntStream.range(0, 300).parallel()
                .map(i -> registry.register("s" + (i % 7), schemas.get(i % 3)))
                .boxed().toList();

        // Whatever order the threads won in, three schemas got exactly the ids 1..3, one each.
        assertThat(ids).containsOnly(1, 2, 3);
        for (int i = 0; i < ids.size(); i++) {
            assertThat(registry.schemaById(ids.get(i))).isEqualTo(schemas.get(i % 3));
        }
    }
}
