package io.gleaner.planner.core.coshh;

import static io.gleaner.planner.core.PlannerFixtures.at;
import static io.gleaner.planner.core.PlannerFixtures.res;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gleaner.planner.core.NodeState;
import java.util.List;
import org.junit.jupiter.api.Test;

class NodeSlotsTest {

    private static NodeState node(String nodeId, int slots) {
        return new NodeState(nodeId, at(30), "rack-1", List.of(), res(16, 64), 2.0, slots, res(16, 64), slots,
                List.of());
    }

    @Test
    void shouldCountEachNodeOnceAtItsLatestSlots() {
        var slots = new NodeSlots();

        slots.observe(node("n1", 8));
        slots.observe(node("n2", 4));
        slots.observe(node("n1", 6));

        // n1 beat twice: its 6 slots replace its 8, so the sum is 6 + 4, not 8 + 4 + 6.
        assertThat(slots.of("n1")).isEqualTo(6);
        assertThat(slots.of("n2")).isEqualTo(4);
        assertThat(slots.total()).isEqualTo(10);
    }

    @Test
    void shouldForgetALostNodesSlots() {
        var slots = new NodeSlots();
        slots.observe(node("n1", 8));
        slots.observe(node("n2", 4));

        slots.forget("n1");
        slots.forget("n3");

        assertThat(slots.total()).isEqualTo(4);
        assertThatThrownBy(() -> slots.of("n1")).hasMessageContaining("n1");
    }

    @Test
    void shouldScaleAPerSlotRateByTheNodesSlots() {
        var slots = new NodeSlots();
        slots.observe(node("n1", 4));

        // 0.5 jobs/s on one slot, 4 slots running 4 jobs at once: 2 jobs/s on the node.
        assertThat(slots.rate("n1", 0.5)).isEqualTo(2.0);
    }

    @Test
    void shouldKnowNoSlotsBeforeAnyHeartbeat() {
        var slots = new NodeSlots();

        assertThat(slots.total()).isZero();
        assertThatThrownBy(() -> slots.of("n1")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("node n1 has not sent a heartbeat");
    }
}
