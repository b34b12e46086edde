package io.gleaner.deploy.topics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** Waiting for the broker's metadata to show created topics, without a broker: a metadata that lags, or never shows. */
class CatalogueTopicsTest {

    @Test
    void shouldReturnOnlyOnceTheMetadataShowsEveryTopicAskingOnlyForThoseStillMissing() {
        // A broker just restarted: its metadata shows "a" at once, "b" on the second look and "c" on the third.
        var asked = new ArrayList<List<String>>();
        var shownFrom = Map.of("a", 1, "b", 2, "c", 3);

        CatalogueTopics.awaitInMetadata(List.of("a", "b", "c"), names -> {
            asked.add(names);
            return names.stream().filter(name -> shownFrom.get(name) <= asked.size()).collect(Collectors.toSet());
        }, Duration.ofSeconds(30));

        assertThat(asked).containsExactly(List.of("a", "b", "c"), List.of("b", "c"), List.of("c"));
    }

    @Test
    void shouldFailNamingTheTopicsTheMetadataDoesNotShowWithinTheWait() {
        assertThatThrownBy(() -> CatalogueTopics.awaitInMetadata(List.of("in", "out"),
                names -> names.contains("out") ? Set.of("out") : Set.of(), Duration.ofMillis(300)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("the broker's metadata does not show [in] ");
    }
}
