package io.gleaner.agent.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class AbsenceTest {

    private static final Instant T0 = Instant.parse("2026-11-28T10:00:00Z");

    @Test
    void shouldTakeTheNodeAsLostAfterThreeHeartbeatPeriodsOfSilenceAndNotBefore() {
        var period = Duration.ofSeconds(3);

        assertThat(new Absence(Optional.of(T0), T0.plusSeconds(9)).lost(period)).isFalse();
        assertThat(new Absence(Optional.of(T0), T0.plusMillis(9001)).lost(period)).isTrue();
        assertThat(new Absence(Optional.empty(), T0).lost(period)).as("a first run").isFalse();
        assertThat(new Absence(Optional.of(T0), T0.plusSeconds(12)).reason(period)).isEqualTo("the agent was away "
                + "12.0 s, longer than 3 heartbeat periods: its node is lost and the attempt placed again");
    }
}
