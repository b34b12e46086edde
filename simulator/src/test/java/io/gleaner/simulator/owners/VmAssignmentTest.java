package io.gleaner.simulator.owners;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class VmAssignmentTest {

    private static List<String> ids(String prefix, int n) {
        return IntStream.rangeClosed(1, n).mapToObj(i -> prefix + i).toList();
    }

    private static List<VmSlot> all(Map<String, List<VmSlot>> byNode) {
        return byNode.values().stream().flatMap(Collection::stream).toList();
    }

    @Test
    void shouldDealEveryVmOnceWithNodeSizesDifferingByAtMostOne() {
        var byNode = VmAssignment.deal(ids("vm", 10), ids("n", 3), 7, 0);

        // 10 VMs round-robin over 3 nodes: slots 0, 3, 6, 9 to n1; 1, 4, 7 to n2; 2, 5, 8 to n3.
        assertThat(byNode.keySet()).containsExactly("n1", "n2", "n3");
        assertThat(byNode.get("n1")).hasSize(4);
        assertThat(byNode.get("n2")).hasSize(3);
        assertThat(byNode.get("n3")).hasSize(3);
        assertThat(all(byNode)).extracting(VmSlot::vmId).containsExactlyInAnyOrderElementsOf(ids("vm", 10));
        assertThat(all(byNode)).extracting(VmSlot::reuse).containsOnly(0);
    }

    @Test
    void shouldReuseVmsOnlyAfterAllAreUsedWhenNodesOutnumberThem() {
        var byNode = VmAssignment.deal(List.of("a", "b"), ids("n", 5), 7, 0);

        // max(2, 5) = 5 slots, one per node: slot p takes VM shuffled[p mod 2] as reuse p / 2.
        assertThat(byNode.values()).allMatch(slots -> slots.size() == 1);
        var slots = all(byNode);
        assertThat(slots).extracting(VmSlot::reuse).containsExactly(0, 0, 1, 1, 2);
        assertThat(slots.get(0).vmId()).isNotEqualTo(slots.get(1).vmId());
        assertThat(slots.get(2).vmId()).isEqualTo(slots.get(0).vmId());
        assertThat(slots.get(4).vmId()).isEqualTo(slots.get(0).vmId());
        assertThat(slots.get(3).vmId()).isEqualTo(slots.get(1).vmId());
    }

    @Test
    void shouldGiveEachNodeVmsPerNodeSlots() {
        var byNode = VmAssignment.deal(ids("vm", 4), ids("n", 2), 3, 3);

        // 3 x 2 = 6 slots over 4 VMs: the first 4 are first uses, the last 2 reuses.
        assertThat(byNode.values()).allMatch(slots -> slots.size() == 3);
        assertThat(all(byNode)).filteredOn(s -> s.reuse() == 0).extracting(VmSlot::vmId)
                .containsExactlyInAnyOrderElementsOf(ids("vm", 4));
        assertThat(all(byNode)).filteredOn(s -> s.reuse() == 1).hasSize(2);
    }

    @Test
    void shouldLeaveTheLastShuffledVmsUnusedWhenSlotsAreFewer() {
        var byNode = VmAssignment.deal(ids("vm", 10), ids("n", 2), 3, 2);

        assertThat(all(byNode)).hasSize(4).extracting(VmSlot::reuse).containsOnly(0);
        assertThat(all(byNode)).extracting(VmSlot::vmId).doesNotHaveDuplicates();
    }

    @Test
    void shouldBeTheSameForASeedWhateverTheInputOrderAndDifferAcrossSeeds() {
        var vms = ids("vm", 40);
        var reversed = new ArrayList<>(vms);
        Collections.reverse(reversed);

        var first = VmAssignment.deal(vms, ids("n", 6), 42, 0);
        var again = VmAssignment.deal(reversed, ids("n", 6), 42, 0);
        var other = VmAssignment.deal(vms, ids("n", 6), 43, 0);

        assertThat(again).isEqualTo(first);
        assertThat(other).isNotEqualTo(first);
        assertThat(all(other)).extracting(VmSlot::vmId).containsExactlyInAnyOrderElementsOf(vms);
    }

    @Test
    void shouldRefuseDuplicateVmsAndEmptyInputs() {
        assertThatThrownBy(() -> VmAssignment.deal(List.of("a", "a"), ids("n", 2), 1, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("distinct");
        assertThatThrownBy(() -> VmAssignment.deal(List.of(), ids("n", 2), 1, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("0 VMs");
    }
}
