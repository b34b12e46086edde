package io.gleaner.deploy.registry;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class SchemaStoreTest {

    private static final String A = "\"string\"";
    private static final String B = "\"long\"";

    private final SchemaStore store = new SchemaStore();

    @Test
    void shouldProposeIdOneVersionOneWhenEmpty() {
        assertThat(store.propose("s", A, List.of(), A)).isEqualTo(new StoredSchema("s", 1, 1, A));
    }

    @Test
    void shouldReuseATextsIdInAnotherSubjectWithThatSubjectsNextVersion() {
        store.apply(new StoredSchema("s", 1, 1, A));
        store.apply(new StoredSchema("t", 1, 2, B));

        assertThat(store.propose("t", A, List.of(), A)).isEqualTo(new StoredSchema("t", 2, 1, A));
        assertThat(store.propose("u", B, List.of(), B)).isEqualTo(new StoredSchema("u", 1, 2, B));
    }

    @Test
    void shouldNeverProposeABurntIdOrVersionAgain() {
        store.apply(new StoredSchema("s", 1, 1, A));
        store.burn(store.propose("s", B, List.of(), B));

        assertThat(store.find("s", B)).isEmpty();
        assertThat(store.propose("s", B, List.of(), B)).isEqualTo(new StoredSchema("s", 3, 3, B));
    }

    @Test
    void shouldKeepTheFirstIdOfATextThatAppearsTwiceInTheLog() {
        // Possible after a write that timed out, was burnt, and landed anyway.
        store.apply(new StoredSchema("s", 1, 1, A));
        store.apply(new StoredSchema("s", 2, 2, A));

        assertThat(store.propose("t", A, List.of(), A).id()).isEqualTo(1);
        assertThat(store.schemaById(2)).map(StoredSchema::schema).contains(A);
        assertThat(store.usesOf(2)).containsExactly(new StoredSchema("s", 2, 2, A));
    }

    @Test
    void shouldListSubjectsSortedAndVersionsAscending() {
        store.apply(new StoredSchema("zeta", 1, 1, A));
        store.apply(new StoredSchema("alpha", 2, 2, B));
        store.apply(new StoredSchema("alpha", 1, 1, A));

        assertThat(store.subjects()).containsExactly("alpha", "zeta");
        assertThat(store.versions("alpha")).extracting(StoredSchema::version).containsExactly(1, 2);
        assertThat(store.versions("nope")).isEmpty();
    }
}
