package io.gleaner.ingest.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class ReplayProgressTest {

    private static ReplayProgress progress(long sent, Duration elapsed, OptionalLong expected) {
        return new ReplayProgress(sent, 0, 0, 0, elapsed, Optional.empty(), expected);
    }

    @Test
    void shouldComputeTheRateFromSentRecordsAndElapsedTime() {
        // 500 records in 250 ms.
        assertThat(progress(500, Duration.ofMillis(250), OptionalLong.empty()).recordsPerSecond()).isEqualTo(2000.0);
    }

    @Test
    void shouldHaveNoRateBeforeTimePasses() {
        var p = progress(10, Duration.ZERO, OptionalLong.of(20));
        assertThat(p.recordsPerSecond()).isZero();
        assertThat(p.eta()).isEmpty();
    }

    @Test
    void shouldEstimateTheRestAtTheRateSoFar() {
        // 100 sent in 4 s is 25 per second; 400 left take 16 s.
        assertThat(progress(100, Duration.ofSeconds(4), OptionalLong.of(500)).eta()).contains(Duration.ofSeconds(16));
    }

    @Test
    void shouldHaveNoEtaWithoutAnExpectedCountAndZeroWhenDone() {
        assertThat(progress(100, Duration.ofSeconds(4), OptionalLong.empty()).eta()).isEmpty();
        assertThat(progress(500, Duration.ofSeconds(4), OptionalLong.of(500)).eta()).contains(Duration.ZERO);
        assertThat(progress(0, Duration.ZERO, OptionalLong.of(0)).eta()).contains(Duration.ZERO);
    }
}
