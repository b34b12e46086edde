package io.gleaner.qos.topology;

import io.gleaner.schemas.InputChecks;
import io.gleaner.schemas.avro.Metric;
import io.gleaner.schemas.avro.NodeHeartbeat;
import io.gleaner.schemas.avro.PlacementDecision;
import io.gleaner.schemas.avro.UsageSource;
import io.gleaner.schemas.avro.UtilizationSample;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The checks of the stage's three inputs: what of each record it keeps ({@link NodeEvent}), null for a valid record
 * it has no use for, or an {@link IllegalArgumentException} whose message is the dead letter's reason. Every input is
 * keyed by node id, and the key must be the record's node id: the stage partitions by it.
 */
final class Inputs {

    private static final Logger log = LoggerFactory.getLogger(Inputs.class);

    /** The input topics' field rules, the same in every stage. */
    private static final InputChecks CHECKS = InputChecks.DEFAULT;

    private Inputs() {
    }

    /**
     * A heartbeat gives capacity and running attempts. Invalid: a key that is not the node id, or a heartbeat that
     * breaks the topic's field rules ({@link InputChecks}), as the planner and the classifier refuse it: among them
     * capacity cores and RAM negative or larger than a sane node, a blank or repeated running decision id. Valid but
     * skipped (logged at debug): a node without cores or RAM, e.g. one removed from the cluster.
     */
    static NodeEvent heartbeat(String key, NodeHeartbeat heartbeat) {
        requireKey(key, heartbeat.getNodeId(), "heartbeat");
        require(CHECKS.nodeHeartbeat(heartbeat));
        double cpus = heartbeat.getCapacity().getCpus();
        long ram = heartbeat.getCapacity().getMemoryBytes();
        if (cpus == 0 || ram == 0) {
            // Valid (a node removed from the cluster), but Algorithm 3 shares out a capacity: there is none here.
            log.debug("skipping a heartbeat of node {} without cores or RAM: nothing to control", key);
            return null;
        }
        return new NodeEvent.Heartbeat(key, heartbeat.getTime().toEpochMilli(), cpus, ram,
                heartbeat.getRunningAttempts());
    }

    /**
     * A CPU or MEMORY sample of the owners (REGULAR) or of Gleaner's tasks (EPHEMERAL) gives one tracked use. Valid
     * but skipped (logged at debug): DISK and NETWORK (the controller acts on CPU and RAM only), TOTAL (owners and
     * tasks together; the controller needs them apart) and UNKNOWN sources (as the forecaster does). Invalid: a key
     * that is not the node id, or a sample that breaks the topic's field rules ({@link InputChecks}), as the forecaster
     * refuses it: metric UNKNOWN, a value that is NaN, infinite or outside [0, 1], a node id blank or too long.
     */
    static NodeEvent sample(String key, UtilizationSample sample) {
        requireKey(key, sample.getNodeId(), "sample");
        require(CHECKS.utilizationSample(sample));
        double value = sample.getValue();
        boolean cpu = sample.getMetric() == Metric.CPU;
        if (!cpu && sample.getMetric() != Metric.MEMORY) {
            log.debug("skipping a {} sample of node {}: the controller acts on CPU and RAM", sample.getMetric(), key);
            return null;
        }
        NodeEvent.Use use;
        if (sample.getSource() == UsageSource.REGULAR) {
            use = cpu ? NodeEvent.Use.OWNERS_CPU : NodeEvent.Use.OWNERS_RAM;
        } else if (sample.getSource() == UsageSource.EPHEMERAL) {
            use = cpu ? NodeEvent.Use.TASKS_CPU : NodeEvent.Use.TASKS_RAM;
        } else {
            log.debug("skipping a {} sample of node {}: source {} does not tell owners from tasks",
                    sample.getMetric(), key, sample.getSource());
            return null;
        }
        return new NodeEvent.Sample(key, sample.getTime().toEpochMilli(), use, value);
    }

    /**
     * A placement gives an attempt's not-before time and demand. Invalid: a key that is not the node id, or a
     * placement that breaks the topic's field rules ({@link InputChecks#placementDecision}), as an executor would
     * refuse it.
     */
    static NodeEvent placement(String key, PlacementDecision placement) {
        requireKey(key, placement.getNodeId(), "placement " + placement.getDecisionId());
        require(CHECKS.placementDecision(placement));
        return new NodeEvent.Placement(key, placement.getEpoch(), placement.getDecisionId(),
                placement.getNotBefore().toEpochMilli(), placement.getDemand().getCpus(),
                placement.getDemand().getMemoryBytes());
    }

    /** Throws the violation as the dead letter's reason, if there is one. */
    private static void require(Optional<String> violation) {
        if (violation.isPresent()) {
            throw new IllegalArgumentException(violation.get());
        }
    }

    private static void requireKey(String key, String nodeId, String what) {
        if (!nodeId.equals(key)) {
            throw new IllegalArgumentException("record key '" + key + "' is not the node id '" + nodeId + "' of the "
                    + what);
        }
    }
}
