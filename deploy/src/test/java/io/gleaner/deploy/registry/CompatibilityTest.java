package io.gleaner.deploy.registry;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.apache.avro.Schema;
import org.junit.jupiter.api.Test;

class CompatibilityTest {

    private static final Schema V1 = parse("{\"type\":\"record\",\"name\":\"R\",\"fields\":["
            + "{\"name\":\"a\",\"type\":\"int\"}]}");
    /** V1 plus a field without a default: reads nothing V1 wrote (BACKWARD fails); V1 reads it (FORWARD holds). */
    private static final Schema V2_REQUIRED = parse("{\"type\":\"record\",\"name\":\"R\",\"fields\":["
            + "{\"name\":\"a\",\"type\":\"int\"},{\"name\":\"b\",\"type\":\"int\"}]}");
    /** V1 plus a field with a default: both directions hold. */
    private static final Schema V2_OPTIONAL = parse("{\"type\":\"record\",\"name\":\"R\",\"fields\":["
            + "{\"name\":\"a\",\"type\":\"int\"},{\"name\":\"b\",\"type\":\"int\",\"default\":0}]}");
    /** V1 with its only field removed: reads V1's records (BACKWARD holds), V1 cannot read its records. */
    private static final Schema EMPTY = parse("{\"type\":\"record\",\"name\":\"R\",\"fields\":[]}");

    @Test
    void backwardRefusesANewFieldWithoutADefaultAndAcceptsOneWithADefault() {
        assertThat(Compatibility.BACKWARD.problems(V2_REQUIRED, List.of(V1))).singleElement().asString()
                .contains("READER_FIELD_MISSING_DEFAULT_VALUE").contains("/fields/1");
        assertThat(Compatibility.BACKWARD.problems(V2_OPTIONAL, List.of(V1))).isEmpty();
    }

    @Test
    void forwardRefusesARemovedFieldThatOldReadersNeed() {
        assertThat(Compatibility.FORWARD.problems(EMPTY, List.of(V1))).isNotEmpty();
        assertThat(Compatibility.BACKWARD.problems(EMPTY, List.of(V1))).isEmpty();
        assertThat(Compatibility.FORWARD.problems(V2_REQUIRED, List.of(V1))).isEmpty();
    }

    @Test
    void fullRefusesWhatEitherDirectionRefuses() {
        assertThat(Compatibility.FULL.problems(V2_REQUIRED, List.of(V1))).isNotEmpty();
        assertThat(Compatibility.FULL.problems(EMPTY, List.of(V1))).isNotEmpty();
        assertThat(Compatibility.FULL.problems(V2_OPTIONAL, List.of(V1))).isEmpty();
    }

    @Test
    void onlyTransitiveLevelsCheckVersionsBeforeTheLatest() {
        // Version 1 had 'a' as a string, version 2 as an int: V2_OPTIONAL reads version 2's records, not 1's.
        var stringA = parse("{\"type\":\"record\",\"name\":\"R\",\"fields\":[{\"name\":\"a\",\"type\":\"string\"}]}");
        var history = List.of(stringA, V1);

        assertThat(Compatibility.BACKWARD.problems(V2_OPTIONAL, history)).isEmpty();
        assertThat(Compatibility.BACKWARD_TRANSITIVE.problems(V2_OPTIONAL, history)).singleElement().asString()
                .contains("TYPE_MISMATCH");
    }

    @Test
    void noneAndAnEmptyHistoryAcceptAnything() {
        assertThat(Compatibility.NONE.problems(EMPTY, List.of(V1))).isEmpty();
        assertThat(Compatibility.FULL_TRANSITIVE.problems(EMPTY, List.of())).isEmpty();
    }

    @Test
    void parsesConfluentsNamesInAnyCaseAndNothingElse() {
        assertThat(Compatibility.parse("full_transitive")).contains(Compatibility.FULL_TRANSITIVE);
        assertThat(Compatibility.parse(" Backward ")).contains(Compatibility.BACKWARD);
        assertThat(Compatibility.parse("SIDEWAYS")).isEmpty();
        assertThat(Compatibility.parse(null)).isEmpty();
    }

    private static Schema parse(String text) {
        return new Schema.Parser().parse(text);
    }
}
