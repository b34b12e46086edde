package io.gleaner.planner.core;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The capacity of every node as its latest heartbeat shows it: the most one task could ever get on that node, so a
 * task whose demand fits none of them can never run on the cluster the planner knows. Not thread-safe.
 *
 * <p>The question is asked per submitted job, heartbeats change it rarely (a node's capacity is fixed), so it keeps
 * the Pareto front of the capacities (no capacity in it is covered by another in both CPU and RAM), built again only
 * after a node's capacity changed: a handful of node types, however many nodes.
 */
public final class NodeCapacities {

    private final Map<String, CpuMemory> byNode = new HashMap<>();
    private List<CpuMemory> front;

    /** Records {@code node}'s capacity. */
    public void put(NodeState node) {
        var before = byNode.put(node.nodeId(), node.capacity());
        if (!node.capacity().equals(before)) {
            front = null;
        }
    }

    /** Forgets node {@code nodeId}'s capacity (it was lost). */
    public void remove(String nodeId) {
        if (byNode.remove(nodeId) != null) {
            front = null;
        }
    }

    /** Whether no node has sent a heartbeat. */
    public boolean isEmpty() {
        return byNode.isEmpty();
    }

    /**
     * Why {@code demand} fits no node: names the demand and the front of the capacities; empty when a node's capacity
     * holds it, or when no node is known (nothing can be said yet).
     */
    Optional<String> shortfall(CpuMemory demand) {
        if (byNode.isEmpty()) {
            return Optional.empty();
        }
        for (var capacity : front()) {
            if (capacity.fits(demand)) {
                return Optional.empty();
            }
        }
        return Optional.of("needs " + describe(demand) + " per task, more than any of the " + byNode.size()
                + " nodes known has (the largest: " + front().stream().map(NodeCapacities::describe).sorted().toList()
                + ")");
    }

    private List<CpuMemory> front() {
        if (front == null) {
            var built = new ArrayList<CpuMemory>();
            for (var capacity : byNode.values()) {
                if (built.stream().anyMatch(kept -> kept.fits(capacity))) {
                    continue;
                }
                built.removeIf(capacity::fits);
                built.add(capacity);
            }
            front = built;
        }
        return front;
    }

    private static String describe(CpuMemory resources) {
        return resources.cpus() + " cores and " + resources.memoryBytes() + " bytes of RAM";
    }
}
