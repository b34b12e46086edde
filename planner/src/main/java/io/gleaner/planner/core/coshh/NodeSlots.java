package io.gleaner.planner.core.coshh;

import io.gleaner.planner.core.NodeState;
import java.util.HashMap;
import java.util.Map;

/**
 * The slots of every node that has sent a heartbeat, as its latest heartbeat says, and their sum: what COSHH knows of
 * the cluster's size (Rasooli and Down, COSHH section 3). {@link CoshhQueueing}'s LPs take a class's rate on a node
 * from it ({@link #rate}); {@link CoshhPolicy} guarantees the min shares only when they fit in the sum
 * ({@link #total}). Not thread-safe.
 */
final class NodeSlots {

    private final Map<String, Integer> byNode = new HashMap<>();
    private int total;

    /** Takes in the node's slots, replacing what an earlier heartbeat of the node said. */
    void observe(NodeState node) {
        Integer before = byNode.put(node.nodeId(), node.slots());
        total += node.slots() - (before == null ? 0 : before);
    }

    /** Forgets a node that was lost: its slots leave the sum. */
    void forget(String nodeId) {
        Integer before = byNode.remove(nodeId);
        total -= before == null ? 0 : before;
    }

    /**
     * A job class's rate on the node from its rate on one slot: µ_ij = µ_i,type(j) × slots_j, a node with s slots
     * running s jobs of the class at once.
     */
    double rate(String nodeId, double perSlot) {
        return perSlot * of(nodeId);
    }

    /** The slots of a node that has sent a heartbeat. */
    int of(String nodeId) {
        var slots = byNode.get(nodeId);
        if (slots == null) {
            throw new IllegalArgumentException("node " + nodeId + " has not sent a heartbeat");
        }
        return slots;
    }

    /** The slots of all the nodes that have sent a heartbeat. */
    int total() {
        return total;
    }
}
