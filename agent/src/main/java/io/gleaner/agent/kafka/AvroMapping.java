package io.gleaner.agent.kafka;

import io.gleaner.agent.core.Offer;
import io.gleaner.agent.core.Placement;
import io.gleaner.agent.core.Report;
import io.gleaner.agent.core.Sample;
import io.gleaner.qos.core.CpuRam;
import io.gleaner.schemas.LocationTemplate;
import io.gleaner.schemas.avro.Metric;
import io.gleaner.schemas.avro.NodeHeartbeat;
import io.gleaner.schemas.avro.PlacementDecision;
import io.gleaner.schemas.avro.Resources;
import io.gleaner.schemas.avro.TaskKind;
import io.gleaner.schemas.avro.TaskReport;
import io.gleaner.schemas.avro.TaskState;
import io.gleaner.schemas.avro.UsageSource;
import io.gleaner.schemas.avro.UtilizationSample;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/** Avro records to and from the agent core's. */
public final class AvroMapping {

    /** A heartbeat's fields the agent does not measure. */
    public record NodeFacts(String rack, List<String> labels, double speedGflops) {
        public NodeFacts {
            labels = List.copyOf(labels);
        }
    }

    private AvroMapping() {
    }

    /**
     * The placement as the core reads it; a reduce's map outputs resolved to their locations by filling
     * {@code {task}} and {@code {attempt}} of {@code mapOutputLocation} (docs/executor-protocol.md §6), in (task,
     * attempt) order.
     */
    public static Placement placement(PlacementDecision decision) {
        var spec = decision.getSpec();
        var mapOutputs = new ArrayList<int[]>();
        decision.getMapOutputs().forEach(node -> node.getMaps().forEach(map ->
                mapOutputs.add(new int[] {map.getTaskIndex(), map.getAttempt()})));
        mapOutputs.sort(Comparator.<int[]>comparingInt(m -> m[0]).thenComparingInt(m -> m[1]));
        var template = decision.getMapOutputLocation();
        var locations = template == null ? List.<String>of() : mapOutputs.stream()
                .map(m -> LocationTemplate.resolve(template, Map.of(LocationTemplate.TASK, Integer.toString(m[0]),
                        LocationTemplate.ATTEMPT, Integer.toString(m[1])))).toList();
        return new Placement(decision.getDecisionId(), decision.getJobId(), decision.getKind().name(),
                decision.getTaskIndex(), decision.getAttempt(), decision.getNodeId(),
                Instant.ofEpochMilli(decision.getEpoch()), decision.getNotBefore(),
                new CpuRam(Math.max(0, decision.getDemand().getCpus()), Math.max(0,
                        decision.getDemand().getMemoryBytes())),
                spec == null ? List.of() : spec.getCommand(), spec == null ? null : spec.getImage(),
                spec == null ? Map.of() : spec.getEnv(), spec == null ? null : spec.getInputLocation(),
                spec == null ? null : spec.getOutputLocation(), locations, decision.getInputBytes());
    }

    public static NodeHeartbeat heartbeat(String nodeId, Offer offer, NodeFacts facts) {
        return NodeHeartbeat.newBuilder()
                .setNodeId(nodeId)
                .setTime(offer.time())
                .setRack(facts.rack())
                .setLabels(facts.labels())
                .setCapacity(resources(offer.capacity()))
                .setSpeedGflops(facts.speedGflops())
                .setSlots(offer.slots())
                .setFree(resources(offer.free()))
                .setFreeSlots(offer.freeSlots())
                .setRunningAttempts(offer.runningAttempts())
                .build();
    }

    public static UtilizationSample sample(String nodeId, Instant time, Sample sample) {
        return UtilizationSample.newBuilder().setNodeId(nodeId).setTime(time)
                .setMetric(Metric.valueOf(sample.metric())).setSource(UsageSource.valueOf(sample.source()))
                .setValue(sample.value()).build();
    }

    public static TaskReport report(Report report) {
        var p = report.placement();
        return TaskReport.newBuilder()
                .setDecisionId(p.decisionId())
                .setJobId(p.jobId())
                .setKind(TaskKind.valueOf(p.kind()))
                .setTaskIndex(p.taskIndex())
                .setAttempt(p.attempt())
                .setNodeId(report.nodeId())
                .setState(TaskState.valueOf(report.state().name()))
                .setTime(report.time())
                .setStartTime(report.startTime())
                .setLocal(true)
                .setInputBytes(report.state() == io.gleaner.agent.core.ReportState.SUCCEEDED ? p.inputBytes() : 0)
                .setCpuSeconds(report.cpuSeconds())
                .setMemoryBytes(report.memoryBytes())
                .setReason(report.reason())
                .build();
    }

    private static Resources resources(CpuRam value) {
        return new Resources(value.cpus(), value.ramBytes());
    }
}
