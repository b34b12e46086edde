package io.gleaner.schemas;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class LocationTemplateTest {

    @Test
    void shouldReplaceEveryNamedPlaceholderAndLeaveTheOthers() {
        var resolved = LocationTemplate.resolve("s3://out/{job}/{kind}-{task}-{attempt}",
                Map.of("job", "j1", "kind", "map"));

        assertThat(resolved).isEqualTo("s3://out/j1/map-{task}-{attempt}");
    }

    @Test
    void shouldNotResolveAValueThatLooksLikeAPlaceholder() {
        // One pass: a job id "{task}" stays literal instead of becoming the task index.
        var resolved = LocationTemplate.resolve("/{job}/{task}", Map.of("job", "{task}", "task", "3"));

        assertThat(resolved).isEqualTo("/{task}/3");
    }

    @Test
    void shouldKeepReplacementCharactersOfAValueLiterally() {
        assertThat(LocationTemplate.resolve("/{job}", Map.of("job", "a$1\\b"))).isEqualTo("/a$1\\b");
    }

    @Test
    void shouldFindTheFirstUnknownPlaceholder() {
        assertThat(LocationTemplate.unknownPlaceholder("/{job}/{part}/{x}", true)).hasValue("{part}");
        assertThat(LocationTemplate.unknownPlaceholder("/{}", true)).hasValue("{}");
        assertThat(LocationTemplate.unknownPlaceholder("/{job}/{kind}/{task}/{attempt}/{dataset}/{chunk}", true))
                .isEmpty();
    }

    @Test
    void shouldAllowDatasetPlaceholdersOnlyWithADataset() {
        assertThat(LocationTemplate.unknownPlaceholder("/{dataset}/{chunk}", false)).hasValue("{dataset}");
        assertThat(LocationTemplate.unknownPlaceholder("/{chunk}", false)).hasValue("{chunk}");
    }

    @Test
    void shouldPassTextWithoutBracePairsAsGiven() {
        assertThat(LocationTemplate.unknownPlaceholder("/a{b/c}d", false)).hasValue("{b/c}");
        assertThat(LocationTemplate.unknownPlaceholder("/a}b{c", false)).isEmpty();
    }
}
