package io.gleaner.deploy.executorbench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PlacementCountersTest {

    private static final long SECOND = 1_000_000_000L;
    private static final long MS = 1_000_000L;
    /** The nanoTime at which measuring starts. */
    private static final long FROM = 1_000 * SECOND;

    @Test
    void shouldSplitLatenciesAndDoubleBookingsIntoTenSecondWindowsOfReceipt() {
        var counters = new PlacementCounters();
        counters.placement(FROM, 10 * MS, true);
        counters.placement(FROM + 9 * SECOND, 30 * MS, false);
        // 10 s after the start is the first instant of the second window.
        counters.placement(FROM + 10 * SECOND, 2_000 * MS, false);

        var result = counters.result(FROM);

        assertThat(result.windows()).containsExactly(
                new ExecutorBench.Window(0, new LatencySummary(2, 10, 30, 30, 30), 1),
                new ExecutorBench.Window(10, new LatencySummary(1, 2_000, 2_000, 2_000, 2_000), 1));
        assertThat(result.latency()).isEqualTo(new LatencySummary(3, 30, 2_000, 2_000, 2_000));
        assertThat(result.doubleBooked()).isEqualTo(2);
        assertThat(result.placementsReceived()).isEqualTo(3);
    }

    @Test
    void shouldCountAPlacementWithoutItsHeartbeatAsUnmatchedAndLeaveItOutOfTheLatencies() {
        var counters = new PlacementCounters();
        counters.placement(FROM + SECOND, null, false);

        var result = counters.result(FROM);

        assertThat(result.unmatched()).isEqualTo(1);
        assertThat(result.latency().count()).isZero();
        // The window still holds its double-booking.
        assertThat(result.windows()).containsExactly(new ExecutorBench.Window(0, new LatencySummary(0, 0, 0, 0, 0), 1));
    }
}
