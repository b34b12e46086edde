package io.gleaner.classifier.classes;

import static io.gleaner.classifier.classes.ClassFixtures.T0;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class UserArrivalsTest {

    @Test
    void shouldCountTheUsersArrivalsInTheTrailingWindow() {
        var arrivals = new UserArrivals(Duration.ofSeconds(100));

        assertThat(arrivals.arrive("u", T0)).isEqualTo(1 / 100.0);
        assertThat(arrivals.arrive("v", T0.plusSeconds(10))).isEqualTo(1 / 100.0);
        assertThat(arrivals.arrive("u", T0.plusSeconds(50))).isEqualTo(2 / 100.0);
        // (40 s, 140 s]: the arrival at 0 s has left the window, the one at 50 s has not.
        assertThat(arrivals.arrive("u", T0.plusSeconds(140))).isEqualTo(2 / 100.0);
        // (50 s, 150 s] is open at 50 s: only 140 s and itself.
        assertThat(arrivals.arrive("u", T0.plusSeconds(150))).isEqualTo(2 / 100.0);
        assertThat(arrivals.arrive("u", T0.plusSeconds(151))).isEqualTo(3 / 100.0);
    }

    @Test
    void shouldCountALateArrivalAgainstWhatWasSeenBeforeIt() {
        var arrivals = new UserArrivals(Duration.ofSeconds(100));
        arrivals.arrive("u", T0.plusSeconds(50));
        arrivals.arrive("u", T0.plusSeconds(90));

        // Arriving at 60 s, late: (-40 s, 60 s] holds 50 s and itself, not 90 s.
        assertThat(arrivals.arrive("u", T0.plusSeconds(60))).isEqualTo(2 / 100.0);
    }
}
