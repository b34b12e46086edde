package io.gleaner.ingest.alibaba;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class AlibabaTaskNameTest {

    static Stream<Arguments> dagNames() {
        // trace_2018.md §2.3: M1 has no upstream task, M2_1 waits for 1, R4_2 for 2, M5_3_4 for 3 and 4.
        return Stream.of(
                Arguments.of(Named.of("M1", "M1"), "M", 1, List.of()),
                Arguments.of(Named.of("M2_1", "M2_1"), "M", 2, List.of(1)),
                Arguments.of(Named.of("R4_2", "R4_2"), "R", 4, List.of(2)),
                Arguments.of(Named.of("M5_3_4", "M5_3_4"), "M", 5, List.of(3, 4)),
                Arguments.of(Named.of("J3_1_2", "J3_1_2"), "J", 3, List.of(1, 2)),
                Arguments.of(Named.of("two letters", "MR12_3"), "MR", 12, List.of(3)));
    }

    @ParameterizedTest
    @MethodSource("dagNames")
    void shouldReadTheTaskNumberAndItsUpstreamTasksFromADagName(String name, String letters, int number,
            List<Integer> dependencies) {
        var parsed = AlibabaTaskName.parse(name);

        assertThat(parsed.inDag()).isTrue();
        assertThat(parsed.letters()).isEqualTo(letters);
        assertThat(parsed.number()).contains(number);
        assertThat(parsed.dependencies()).isEqualTo(dependencies);
        assertThat(parsed.kindLetter()).contains(letters.charAt(0));
    }

    static Stream<Arguments> independentNames() {
        return Stream.of(
                Arguments.of(Named.of("random characters", "task_Nzg3ODAwNDgzMTAwNTc2NTQ2Mw==")),
                Arguments.of(Named.of("no number", "MergeTask")),
                Arguments.of(Named.of("trailing underscore", "M1_")),
                Arguments.of(Named.of("number first", "1M")),
                Arguments.of(Named.of("number too long for an int", "M12345678901")));
    }

    @ParameterizedTest
    @MethodSource("independentNames")
    void shouldTakeANameOutsideTheDagPatternForAnIndependentTask(String name) {
        var parsed = AlibabaTaskName.parse(name);

        assertThat(parsed.inDag()).isFalse();
        assertThat(parsed.number()).isEmpty();
        assertThat(parsed.dependencies()).isEmpty();
        assertThat(parsed.kindLetter()).isEqualTo(Optional.empty());
        assertThat(parsed.name()).isEqualTo(name);
    }

    @ParameterizedTest
    @MethodSource("dagNames")
    void shouldUpperCaseTheKindLetter(String name, String letters, int number, List<Integer> dependencies) {
        var parsed = AlibabaTaskName.parse(name.toLowerCase());

        assertThat(parsed.kindLetter()).contains(Character.toUpperCase(letters.charAt(0)));
    }
}
