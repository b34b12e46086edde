package io.gleaner.ingest.mapping;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Named.named;

import com.fasterxml.jackson.databind.json.JsonMapper;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The streaming extractor finds what {@link FieldPath#find} finds in the whole tree, skipping the rest. */
class JsonFieldExtractorTest {

    private static final List<FieldPath> PATHS = Stream.of("name", "tags", "tags.host", "tags.cpu", "fields.usage_idle",
            "values.1", "values.1.x", "deep.a.b.c", "timestamp", "flag", "missing.path").map(FieldPath::json).toList();

    static Stream<Arguments> documents() {
        return Stream.of(
                Arguments.of(named("Telegraf cpu", MappingFixtures.telegrafCpu("node-1", "cpu-total", 1_700_000_000L,
                        87.5))),
                Arguments.of(named("Telegraf mem", MappingFixtures.telegrafMem("node-1", 1_700_000_000L, 37.5))),
                Arguments.of(named("arrays, nulls, scalars in the way",
                        "{\"values\":[{\"x\":1},{\"x\":[2,3]},3],\"deep\":{\"a\":5},\"tags\":null,\"flag\":true,"
                                + "\"name\":\"n\",\"extra\":{\"tags\":{\"host\":\"no\"}}}")),
                Arguments.of(named("duplicate keys: the last wins", "{\"name\":\"a\",\"name\":\"b\",\"timestamp\":1,"
                        + "\"timestamp\":12345678901234567890}")),
                Arguments.of(named("deep object captured under a prefix", "{\"tags\":{\"host\":{\"k\":[1]},\"cpu\":7},"
                        + "\"deep\":{\"a\":{\"b\":{\"c\":\"found\"}}},\"values\":[0, {\"x\":1.5e3}]}")),
                Arguments.of(named("skipped subtrees with strings that look like keys",
                        "{\"skip\":{\"name\":\"x\",\"deep\":[{\"a\":{\"b\":{\"c\":1}}}]},\"name\":\"y\"}")));
    }

    @ParameterizedTest
    @MethodSource("documents")
    void shouldFindWhatTheTreeLookupFinds(String json) throws Exception {
        var tree = JsonMapper.builder().build().readTree(json);
        var extractor = new JsonFieldExtractor(PATHS);

        var fromBytes = extractor.extract(json.getBytes(StandardCharsets.UTF_8));
        var fromText = extractor.extract(json);

        for (var path : PATHS) {
            assertThat(fromBytes.apply(path)).as(path.text()).isEqualTo(path.find(tree));
            assertThat(fromText.apply(path)).as(path.text()).isEqualTo(path.find(tree));
        }
    }

    @Test
    void shouldRefuseWhatIsNotOneJsonObject() {
        var extractor = new JsonFieldExtractor(PATHS);

        assertThatThrownBy(() -> extractor.extract("")).hasMessage("empty record, expected a JSON object");
        assertThatThrownBy(() -> extractor.extract("\"text\"")).hasMessage("expected a JSON object, found string");
        assertThatThrownBy(() -> extractor.extract("{\"a\":1} {}"))
                .hasMessage("not valid JSON: more content after the end of the object");
        assertThatThrownBy(() -> extractor.extract("{\"name\":\"a\",")).hasMessageStartingWith("not valid JSON: ");
        assertThatThrownBy(() -> extractor.extract("{\"skip\":[1,2}")).hasMessageStartingWith("not valid JSON: ");
    }
}
