package io.gleaner.qos.topology;

/**
 * Names of the QoS controller's state store and repartition topic; a store's changelog is
 * {@code <application.id>-<name>-changelog}, a repartition topic {@code <application.id>-<name>-repartition}.
 */
public final class QosStores {

    /**
     * Node id to what the stage knows of the node ({@link NodeView}): capacity, running attempts, placements, the
     * owners' and tasks' latest use, the last tick and the CPU limit in force.
     */
    public static final String NODES = "qos-nodes";

    /**
     * Heartbeats, utilization samples and placements, checked and keyed by node id, in one topic, so that every
     * record of a node reaches the one task that holds the node, whatever the inputs' partition counts.
     */
    public static final String NODE_EVENTS = "qos-node-events";

    private QosStores() {
    }
}
