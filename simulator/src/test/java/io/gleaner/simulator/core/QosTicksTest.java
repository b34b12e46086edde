package io.gleaner.simulator.core;

import static io.gleaner.simulator.core.SimulatorFixtures.T0;
import static io.gleaner.simulator.core.SimulatorFixtures.job;
import static io.gleaner.simulator.core.SimulatorFixtures.mapOn;
import static io.gleaner.simulator.core.SimulatorFixtures.node;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.gleaner.qos.core.QosActionKind;
import io.gleaner.qos.core.QosMode;
import io.gleaner.qos.core.QosSettings;
import java.time.Duration;
import java.util.ArrayList;
import org.junit.jupiter.api.Test;

/**
 * Which nodes have a QoS tick due, and what a tick counts, on the controller's default 100 ms grid. The node is 4
 * cores and 64 GiB with two computing maps of 1 core each; the owners take 60 % of its CPU, so the maps get
 * 2 × 4 / 4.4 = 1.818 cores against a limit of 4 − 2.4 − 0.4 = 1.2 (QosSimulationTest derives the same).
 */
class QosTicksTest {

    private static final long T = T0.toEpochMilli();

    private final QosTally tally = new QosTally();
    private final QosTicks ticks = new QosTicks(QosMode.SALAMANDER, QosSettings.defaults(), tally);

    @Test
    void aChangeIsTickedAtTheFirstGridPointStrictlyAfterIt() {
        assertThat(ticks.due("n1", T + 1_050)).hasValue(T + 1_100);
        // Exactly on a grid point: the tick at that point may already have run, so the next one.
        assertThat(ticks.due("n2", T + 1_100)).hasValue(T + 1_200);
    }

    @Test
    void aChangeBeforeTheDueTickSchedulesNoOtherButOneAfterItDoes() {
        var node = new NodeRuntime(node("n1", 4, 8.0));
        ticks.due("n1", T + 1_050);

        assertThat(ticks.due("n1", T + 1_080)).isEmpty();
        ticks.tick(node, T + 1_100);
        assertThat(ticks.due("n1", T + 1_100)).hasValue(T + 1_200);
    }

    @Test
    void aDroppedTickLeavesTheNodeFreeToBeScheduledAgain() {
        ticks.due("n1", T + 1_050);

        ticks.drop("n1");

        assertThat(ticks.due("n1", T + 1_060)).hasValue(T + 1_100);
        assertThat(tally.ticks).isZero();
    }

    @Test
    void aTickThrottlesTheNodeAndTheNextWithinThePeriodDoesNothingButCounts() {
        var node = busyNode();

        var first = ticks.tick(node, T + 10_100);
        var early = ticks.tick(node, T + 10_150);

        assertThat(first).singleElement().satisfies(action -> {
            assertThat(action.kind()).isEqualTo(QosActionKind.THROTTLE_CPU);
            assertThat(action.cpuLimitCores()).isCloseTo(1.2, within(1e-9));
        });
        assertThat(early).isEmpty();
        assertThat(tally.counts("salamander")).isEqualTo(new QosCounts("salamander", 0, 0, 1, 0, 2));
    }

    private static NodeRuntime busyNode() {
        var node = new NodeRuntime(node("n1", 4, 8.0));
        var job = job("j", Duration.ZERO, 2, 0);
        for (int i = 0; i < 2; i++) {
            var attempt = new Attempt(mapOn(job, i, "n1", T0), true, 0, T);
            node.hold(attempt);
            node.startComputing(attempt, T);
        }
        node.owners(new OwnerSample(T0.plusSeconds(10), 0.6, 0.5), T + 10_000, new ArrayList<>());
        return node;
    }
}
