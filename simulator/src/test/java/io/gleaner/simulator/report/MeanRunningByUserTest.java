package io.gleaner.simulator.report;

import static io.gleaner.simulator.core.SimulatorFixtures.T0;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.gleaner.simulator.core.TimelinePoint;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MeanRunningByUserTest {

    @Test
    void shouldWeighEachPointByTheTimeUntilTheNext() {
        var timeline = List.of(
                point(0, Map.of("alice", 2)),
                point(10, Map.of("alice", 4, "bob", 1)),
                point(40, Map.of()));

        var means = MeanRunningByUser.of(timeline);

        // alice: 2 for 10 s, 4 for 30 s, over 40 s = (20 + 120) / 40 = 3.5; bob: 1 for 30 s of 40 = 0.75.
        assertThat(means).containsOnlyKeys("alice", "bob");
        assertThat(means.get("alice")).isCloseTo(3.5, within(1e-12));
        assertThat(means.get("bob")).isCloseTo(0.75, within(1e-12));
    }

    @Test
    void shouldTakeThePlainMeanWhenThePointsShareOneTime() {
        var means = MeanRunningByUser.of(List.of(point(5, Map.of("alice", 3))));

        assertThat(means).containsExactly(Map.entry("alice", 3.0));
    }

    @Test
    void shouldBeEmptyForAnEmptyTimeline() {
        assertThat(MeanRunningByUser.of(List.of())).isEmpty();
    }

    private static TimelinePoint point(long seconds, Map<String, Integer> byUser) {
        int running = byUser.values().stream().mapToInt(Integer::intValue).sum();
        return new TimelinePoint(T0.plusSeconds(seconds), running, 0, 0, byUser);
    }
}
