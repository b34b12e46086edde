package io.gleaner.simulator.core;

import static io.gleaner.simulator.core.SimulatorFixtures.node;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class AttemptTimingTest {

    private static final NodeSpec SLOW = node("slow", 2, 2.0);
    private static final ClusterSpec NETWORK = new ClusterSpec("net", List.of(SLOW), 100_000_000L,
            Duration.ofNanos(10_000));

    @Test
    void computeTimeIsWorkOverSpeedTimesDemandCpus() {
        // work = 2e9 B * 4 FLOP/B = 8e9 FLOP; 2 cores of 2 GFLOP/s do 4e9 FLOP/s: 2 s.
        var timing = AttemptTiming.of(2_000_000_000L, 4, 2, SLOW, false, NETWORK);

        assertThat(timing).isEqualTo(new AttemptTiming(0, 2000));
    }

    @Test
    void remoteAttemptFirstTransfersItsInputOverOneLink() {
        // 12.5e6 B = 1e8 bit over 100 Mbit/s is 1 s, plus 10 us latency: 1.00001 s, rounded up to 1001 ms.
        var timing = AttemptTiming.of(12_500_000L, 0, 1, SLOW, true, NETWORK);

        assertThat(timing.transferMillis()).isEqualTo(1001);
        assertThat(timing.computeMillis()).isZero();
    }

    @Test
    void localAttemptTransfersNothing() {
        var timing = AttemptTiming.of(12_500_000L, 0, 1, SLOW, false, NETWORK);

        assertThat(timing.transferMillis()).isZero();
    }

    @Test
    void partialMillisecondsRoundUp() {
        // 1 FLOP at 2 GFLOP/s is 0.5 ns: still 1 ms of event time.
        var timing = AttemptTiming.of(1, 1, 1, SLOW, false, NETWORK);

        assertThat(timing.computeMillis()).isEqualTo(1);
        assertThat(timing.totalMillis()).isEqualTo(1);
    }

    @Test
    void demandWithoutCpusIsRefused() {
        assertThatThrownBy(() -> AttemptTiming.of(1, 1, 0, SLOW, false, NETWORK))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("demand cpus must be > 0, was 0.0");
    }
}
