package io.gleaner.planner.core.salamander.solver;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** {@link Window}'s step arithmetic in nanoseconds gives what {@link Duration}'s own (through BigDecimal) gives. */
class WindowTest {

    private static final Instant NOW = Instant.parse("2009-05-01T00:00:49.123456789Z");

    @Test
    void shouldPlaceStepsAsDurationMultipliedBy() {
        for (var step : new Duration[] {Duration.ofMinutes(3), Duration.ofNanos(1_234_567_891L)}) {
            var window = new Window(480, step);
            for (long count : new long[] {0, 1, 7, 479, 480}) {
                assertThat(window.after(NOW, count)).as(step + " x " + count)
                        .isEqualTo(NOW.plus(step.multipliedBy(count)));
            }
        }
    }

    @Test
    void shouldCountWholeStepsTruncatedTowardZeroAsDurationDividedBy() {
        var step = Duration.ofMinutes(3);
        var window = new Window(480, step);
        for (long seconds : new long[] {-361, -180, -179, -1, 0, 1, 179, 180, 181, 86_400}) {
            var later = NOW.plusSeconds(seconds).plusNanos(seconds % 7);
            assertThat(window.stepsBetween(NOW, later)).as(seconds + " s")
                    .isEqualTo(Duration.between(NOW, later).dividedBy(step));
        }
    }
}
