package io.gleaner.simulator.core;

import static io.gleaner.simulator.core.SimulatorFixtures.node;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class TaskModelTest {

    private static final NodeSpec SLOW = node("slow", 2, 2.0);
    private static final ClusterSpec NETWORK = new ClusterSpec("net", List.of(SLOW), 100_000_000L,
            Duration.ofNanos(10_000));

    @Test
    void copyIsBitsOverBandwidthPlusLatencyRoundedUp() {
        // 12.5e6 B = 1e8 bit over 100 Mbit/s is 1 s, plus 10 us latency: 1.00001 s, rounded up to 1001 ms.
        assertThat(TaskModel.transferMillis(12_500_000L, NETWORK)).isEqualTo(1001);
        assertThat(TaskModel.transferMillis(0, NETWORK)).as("nothing to copy, no latency either").isZero();
    }

    @Test
    void computeIsWorkOverSpeedTimesCoresTimesShare() {
        // 2 cores of 2 GFLOP/s at full share do 4e9 FLOP/s; at share 1/2, 2e9.
        assertThat(TaskModel.flopsPerSecond(SLOW, 2, 1.0)).isEqualTo(4e9);
        assertThat(TaskModel.flopsPerSecond(SLOW, 2, 0.5)).isEqualTo(2e9);
        // 8e9 FLOP at 4e9 FLOP/s: 2 s. 1 FLOP at 2e9 FLOP/s is 0.5 ns: still 1 ms of event time.
        assertThat(TaskModel.computeMillis(8e9, 4e9)).isEqualTo(2000);
        assertThat(TaskModel.computeMillis(1, 2e9)).isEqualTo(1);
        assertThat(TaskModel.computeMillis(0, 0)).as("no work takes no time at any rate").isZero();
    }

    @Test
    void workLeftWithoutARateIsRefused() {
        assertThatThrownBy(() -> TaskModel.computeMillis(1, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("needs a rate > 0, was 0.0");
    }

    @Test
    void everyoneGetsTheirDemandWhileItFits() {
        // 4 cores: owners 1.5 plus attempts 2.5 is exactly 4.
        assertThat(TaskModel.cpuShare(1.5, 2.5, 4)).isEqualTo(1.0);
        assertThat(TaskModel.ownerShortfall(1.5, 2.5, 4)).isZero();
    }

    @Test
    void beyondTheNodeOwnersAndAttemptsShareInProportionToDemand() {
        // 4 cores, owners ask 3, attempts 3: each gets 4/6 of its demand; owners get 2 instead of 3.
        assertThat(TaskModel.cpuShare(3, 3, 4)).isCloseTo(2.0 / 3, within(1e-12));
        assertThat(TaskModel.ownerShortfall(3, 3, 4)).isCloseTo(1.0, within(1e-12));
    }

    @Test
    void ownersAskingMoreThanTheNodeAreShortOnlyOfWhatTheAttemptsTook() {
        // 4 cores, owners ask 6 (alone they would get 4), attempts 2: owners get 6 * 4/8 = 3, short by 1.
        assertThat(TaskModel.ownerShortfall(6, 2, 4)).isCloseTo(1.0, within(1e-12));
        assertThat(TaskModel.ownerShortfall(6, 0, 4)).as("no attempt, no loss caused by Gleaner").isZero();
    }
}
