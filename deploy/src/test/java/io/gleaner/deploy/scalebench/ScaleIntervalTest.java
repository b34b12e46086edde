package io.gleaner.deploy.scalebench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.gleaner.deploy.executorbench.ExecutorBench;
import io.gleaner.deploy.executorbench.LatencySummary;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ScaleIntervalTest {

    private static final LatencySummary NONE = LatencySummary.ofNanos(new long[0]);

    private static ScaleReading reading(double seconds, double cpuSeconds, int heartbeats, int placements,
                                        Map<String, GroupOffsets.Position> groups) {
        // The stream threads use a fifth of the process's CPU.
        return new ScaleReading((long) (seconds * 1e9), (long) (cpuSeconds * 1e9), (long) (cpuSeconds * 0.2e9),
                64L << 20, 1.5,
                new ExecutorBench.Progress(heartbeats, 0, placements, placements, NONE), groups);
    }

    @Test
    void shouldDivideWhatHappenedBetweenTwoReadingsByTheTimeBetweenThem() {
        var from = reading(10, 4, 1_000, 100, Map.of("planner", new GroupOffsets.Position(500, 520)));
        var to = reading(20, 9, 34_330, 600, Map.of("planner", new GroupOffsets.Position(34_000, 34_100)));

        var interval = ScaleInterval.between(from, to);

        assertThat(interval.seconds()).isCloseTo(10, within(1e-9));
        assertThat(interval.heartbeatsPerSecond()).isCloseTo(3_333, within(1e-9));
        assertThat(interval.placementsPerSecond()).isCloseTo(50, within(1e-9));
        // 5 s of CPU over 500 placements, and over 10 s of wall time.
        assertThat(interval.cpuMsPerPlacement()).isCloseTo(10, within(1e-9));
        assertThat(interval.cpuCores()).isCloseTo(0.5, within(1e-9));
        // 1 s of the stream threads' CPU over 33,330 heartbeats.
        assertThat(interval.streamsCores()).isCloseTo(0.1, within(1e-9));
        assertThat(interval.streamsCpuMsPerHeartbeat()).isCloseTo(1_000.0 / 33_330, within(1e-9));
        assertThat(interval.committedPerSecond()).containsEntry("planner", 3_350.0);
        assertThat(interval.lag()).containsEntry("planner", 100L);
        assertThat(interval.heapBytes()).isEqualTo(64L << 20);
    }

    @Test
    void shouldCountAGroupFirstSeenAtTheLaterReadingFromThereAndGiveNoCpuPerPlacementWithoutPlacements() {
        var from = reading(0, 0, 0, 7, Map.of());
        var to = reading(2, 1, 10, 7, Map.of("qos", new GroupOffsets.Position(40, 45)));

        var interval = ScaleInterval.between(from, to);

        assertThat(interval.committedPerSecond()).containsEntry("qos", 0.0);
        assertThat(interval.lag()).containsEntry("qos", 5L);
        assertThat(interval.cpuMsPerPlacement()).isNaN();
        assertThat(interval.streamsCpuMsPerHeartbeat()).isCloseTo(200.0 / 10, within(1e-9));
    }

    @Test
    void shouldNeverCountALagBelowZero() {
        assertThat(new GroupOffsets.Position(10, 9).lag()).isZero();
    }

    @Test
    void shouldRefuseReadingsOutOfOrder() {
        var reading = reading(5, 0, 0, 0, Map.of());
        assertThatThrownBy(() -> ScaleInterval.between(reading, reading))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
