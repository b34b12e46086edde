package io.gleaner.simulator.owners;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;

/**
 * Deals VMs to nodes, deterministically for a seed.
 *
 * <p>The rule: sort the VM ids (as text), shuffle them with {@code Collections.shuffle(ids, new Random(seed))}
 * (both algorithms are specified by the JDK, so a seed gives the same order on every JVM), then deal slots
 * round-robin over the nodes in the cluster's order: slot p goes to node {@code p mod N} and takes VM
 * {@code shuffled[p mod V]}, as its reuse {@code p / V}. The number of slots is {@code vmsPerNode * N}, or, when
 * {@code vmsPerNode} is 0, {@code max(V, N)}: every VM is used once and the nodes get the floor or the ceiling of
 * V / N each (the first nodes in order get the ceiling). A VM is reused only when there are more slots than VMs,
 * and then only after every VM has been used once; with more VMs than slots, the VMs at the end of the shuffled
 * order are not used.
 */
final class VmAssignment {

    private VmAssignment() {
    }

    /**
     * The VMs of each node, in dealing order.
     *
     * @param vmIds      the VMs to deal, distinct, at least one
     * @param nodeIds    the nodes, in the cluster's order, at least one
     * @param seed       seed of the shuffle
     * @param vmsPerNode VMs per node, or 0 to deal every VM once
     * @return per node id (in the given order) its slots
     */
    static Map<String, List<VmSlot>> deal(List<String> vmIds, List<String> nodeIds, long seed, int vmsPerNode) {
        var sorted = new TreeSet<>(vmIds);
        if (sorted.size() != vmIds.size()) {
            throw new IllegalArgumentException("VM ids must be distinct, were " + vmIds);
        }
        if (sorted.isEmpty() || nodeIds.isEmpty()) {
            throw new IllegalArgumentException("dealing needs at least one VM and one node, had " + vmIds.size()
                    + " VMs and " + nodeIds.size() + " nodes");
        }
        if (vmsPerNode < 0) {
            throw new IllegalArgumentException("vmsPerNode must be >= 0, was " + vmsPerNode);
        }
        var shuffled = new ArrayList<>(sorted);
        Collections.shuffle(shuffled, new Random(seed));
        int vms = shuffled.size();
        int nodes = nodeIds.size();
        long slots = vmsPerNode > 0 ? (long) vmsPerNode * nodes : Math.max(vms, nodes);
        var byNode = new LinkedHashMap<String, List<VmSlot>>();
        for (var node : nodeIds) {
            byNode.put(node, new ArrayList<>());
        }
        for (long p = 0; p < slots; p++) {
            var node = nodeIds.get((int) (p % nodes));
            byNode.get(node).add(new VmSlot(shuffled.get((int) (p % vms)), (int) (p / vms)));
        }
        var result = new LinkedHashMap<String, List<VmSlot>>();
        byNode.forEach((node, list) -> result.put(node, List.copyOf(list)));
        return Collections.unmodifiableMap(result);
    }
}
