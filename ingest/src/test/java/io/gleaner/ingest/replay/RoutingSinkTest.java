package io.gleaner.ingest.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class RoutingSinkTest {

    private static final TracePosition FROM = new TracePosition("t", 1);

    private final ListSink<String> strings = new ListSink<>();
    private final ListSink<Integer> integers = new ListSink<>();
    private final RoutingSink<Object> sink = RoutingSink.builder().route(String.class, strings)
            .route(Integer.class, integers).build();

    @Test
    void shouldSendEachRecordToTheSinkOfItsTypeAndCountThem() {
        sink.send("a", "one", Instant.EPOCH, FROM);
        sink.send("b", 2, Instant.EPOCH, new TracePosition("t", 2));
        sink.send("c", "three", Instant.EPOCH, new TracePosition("t", 3));

        assertThat(strings.sent()).extracting(ListSink.Sent::key).containsExactly("a", "c");
        assertThat(integers.sent()).singleElement().satisfies(sent -> {
            assertThat(sent.value()).isEqualTo(2);
            assertThat(sent.from()).isEqualTo(new TracePosition("t", 2));
        });
        assertThat(sink.sent()).containsExactly(java.util.Map.entry(String.class, 2L),
                java.util.Map.entry(Integer.class, 1L));
    }

    @Test
    void shouldRefuseARecordOfATypeWithoutARoute() {
        assertThatThrownBy(() -> sink.send("a", 1.5, Instant.EPOCH, FROM))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("no route for records of type java.lang.Double");
    }

    @Test
    void shouldFlushEveryRoute() {
        sink.flush();
        assertThat(strings.flushes()).isEqualTo(1);
        assertThat(integers.flushes()).isEqualTo(1);
    }

    @Test
    void shouldRefuseTwoRoutesForOneType() {
        assertThatThrownBy(() -> RoutingSink.builder().route(String.class, strings).route(String.class, strings))
                .hasMessage("records of type java.lang.String already have a route");
    }
}
