package io.gleaner.qos.core;

import static io.gleaner.qos.core.QosFixtures.T0;
import static io.gleaner.qos.core.QosFixtures.attempt;
import static io.gleaner.qos.core.QosFixtures.node;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class NodeObservationTest {

    @Test
    void shouldRejectAnAttemptListedTwice() {
        assertThatThrownBy(() -> node().attempts(attempt("a", 1, 1, 1), attempt("a", 2, 1, 1)).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessage("attempt a is listed twice on node n1");
    }

    @Test
    void shouldRejectANodeWithoutCapacity() {
        assertThatThrownBy(() -> new NodeObservation("n1", T0, new CpuRam(0, 1), CpuRam.NONE, CpuRam.NONE,
                List.of(), 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("capacity of node n1 must be > 0 in cpus and RAM");
    }

    @Test
    void shouldRejectANegativeCpuLimitAndNegativeUse() {
        assertThatThrownBy(() -> node().cpuLimit(-1).build()).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("cpuLimitCores of node n1 must be finite and >= 0, was -1.0");
        assertThatThrownBy(() -> new CpuRam(-0.5, 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("cpus must be finite and >= 0, was -0.5");
    }
}
