package io.gleaner.qos.topology;

import io.gleaner.schemas.avro.Metric;
import io.gleaner.schemas.avro.NodeHeartbeat;
import io.gleaner.schemas.avro.PlacementDecision;
import io.gleaner.schemas.avro.Resources;
import io.gleaner.schemas.avro.TaskKind;
import io.gleaner.schemas.avro.UsageSource;
import io.gleaner.schemas.avro.UtilizationSample;
import java.time.Instant;
import java.util.List;

/** Input records of the QoS stage that read like the scenario; times in ms of event time. */
public final class QosTopologyFixtures {

    /** 10 GB: round numbers make the RAM limits easy to derive by hand. */
    public static final long TEN_GB = 10_000_000_000L;

    private QosTopologyFixtures() {
    }

    /** A heartbeat of {@code nodeId} at {@code timeMs}: capacity, and the attempts it runs. */
    public static NodeHeartbeat heartbeat(String nodeId, long timeMs, double cpus, long ramBytes,
                                          String... running) {
        return NodeHeartbeat.newBuilder()
                .setNodeId(nodeId)
                .setTime(Instant.ofEpochMilli(timeMs))
                .setCapacity(new Resources(cpus, ramBytes))
                .setSpeedGflops(10)
                .setSlots(8)
                .setFree(new Resources(0.0, 0L))
                .setFreeSlots(8 - running.length)
                .setRunningAttempts(List.of(running))
                .build();
    }

    /** The owners' (REGULAR) use of {@code metric} on {@code nodeId}, a fraction of capacity. */
    public static UtilizationSample owners(String nodeId, long timeMs, Metric metric, double fraction) {
        return sample(nodeId, timeMs, metric, UsageSource.REGULAR, fraction);
    }

    /** Gleaner's tasks' (EPHEMERAL) use of {@code metric} on {@code nodeId}, a fraction of capacity. */
    public static UtilizationSample tasks(String nodeId, long timeMs, Metric metric, double fraction) {
        return sample(nodeId, timeMs, metric, UsageSource.EPHEMERAL, fraction);
    }

    /** A utilization sample. */
    public static UtilizationSample sample(String nodeId, long timeMs, Metric metric, UsageSource source,
                                           double fraction) {
        return UtilizationSample.newBuilder()
                .setNodeId(nodeId)
                .setTime(Instant.ofEpochMilli(timeMs))
                .setMetric(metric)
                .setSource(source)
                .setValue(fraction)
                .build();
    }

    /** A placement of attempt {@code decisionId} on {@code nodeId}, decided at {@code epochMs}. */
    public static PlacementDecision placement(String nodeId, String decisionId, long epochMs, long notBeforeMs,
                                              double cpus, long ramBytes) {
        return PlacementDecision.newBuilder()
                .setDecisionId(decisionId)
                .setEpoch(epochMs)
                .setJobId("job-" + decisionId)
                .setKind(TaskKind.MAP)
                .setTaskIndex(0)
                .setAttempt(0)
                .setNodeId(nodeId)
                .setNotBefore(Instant.ofEpochMilli(notBeforeMs))
                .setPolicy("fifo")
                .setInputBytes(0)
                .setFlopPerByte(1)
                .setDemand(new Resources(cpus, ramBytes))
                .build();
    }
}
