package io.gleaner.ingest.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class ReplayWindowTest {

    private static final Instant START = Instant.parse("2009-05-01T00:00:49Z");

    static Stream<Arguments> bounds() {
        return Stream.of(
                Arguments.of(Named.of("an instant", "2009-05-01T06:00:00Z"),
                        new TraceTime.At(Instant.parse("2009-05-01T06:00:00Z"))),
                Arguments.of(Named.of("an ISO duration", "PT6H"), new TraceTime.AfterStart(Duration.ofHours(6))),
                Arguments.of(Named.of("seconds", "90s"), new TraceTime.AfterStart(Duration.ofSeconds(90))),
                Arguments.of(Named.of("hours and minutes", "1h30m"), new TraceTime.AfterStart(Duration.ofMinutes(90))),
                Arguments.of(Named.of("days", "2d"), new TraceTime.AfterStart(Duration.ofDays(2))),
                Arguments.of(Named.of("milliseconds", "250ms"), new TraceTime.AfterStart(Duration.ofMillis(250))),
                Arguments.of(Named.of("zero", "0"), new TraceTime.AfterStart(Duration.ZERO)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("bounds")
    void shouldReadABound(String text, TraceTime expected) {
        assertThat(TraceTime.parse(text)).isEqualTo(expected);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "6", "6x", "h6", "1h 30m", "PT", "2009-05-01T06:00:00", "-1h"})
    void shouldRefuseTextThatIsNeitherAnInstantNorADuration(String text) {
        assertThatThrownBy(() -> TraceTime.parse(text))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("'" + text + "' is neither an instant");
    }

    @Test
    void shouldCountDurationsFromTheTraceStartAndTakeInstantsAsTheyAre() {
        assertThat(TraceTime.parse("1h").resolve(START)).isEqualTo(START.plusSeconds(3600));
        assertThat(TraceTime.parse("2009-05-01T06:00:00Z").resolve(START)).isEqualTo(Instant.parse("2009-05-01T06:00:00Z"));
    }

    @Test
    void shouldContainItsStartButNotItsEnd() {
        var window = ReplayWindow.parse("10s", "20s").resolve(START);
        assertThat(window.contains(START.plusSeconds(9))).isFalse();
        assertThat(window.contains(START.plusSeconds(10))).isTrue();
        assertThat(window.contains(START.plusMillis(19_999))).isTrue();
        assertThat(window.contains(START.plusSeconds(20))).isFalse();
    }

    @Test
    void shouldLeaveAnOpenBoundOpen() {
        var fromOnly = ReplayWindow.parse("10s", null).resolve(START);
        assertThat(fromOnly.contains(START.plus(Duration.ofDays(10_000)))).isTrue();
        var toOnly = ReplayWindow.parse(null, "10s").resolve(START);
        assertThat(toOnly.contains(Instant.EPOCH)).isTrue();
        assertThat(ReplayWindow.all().isAll()).isTrue();
        assertThat(ReplayWindow.parse(null, "10s").isAll()).isFalse();
    }

    @Test
    void shouldRefuseAWindowThatEndsBeforeItStarts() {
        assertThatThrownBy(() -> ReplayWindow.parse("2h", "1h"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the window must end after it starts, was from start+PT2H to start+PT1H");
        // An instant and a duration compare only once the trace start is known.
        var mixed = ReplayWindow.parse("2009-05-01T06:00:00Z", "1h");
        assertThatThrownBy(() -> mixed.resolve(START))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("the window must end after it starts");
    }
}
