package io.gleaner.simulator.lockstep;

import io.gleaner.planner.core.Chunk;
import io.gleaner.planner.core.Job;
import io.gleaner.planner.core.NodeState;
import io.gleaner.planner.core.Placement;
import io.gleaner.planner.core.Resources;
import io.gleaner.planner.core.TaskGroup;
import io.gleaner.planner.core.TaskKind;
import io.gleaner.schemas.avro.ChunkRef;
import io.gleaner.schemas.avro.JobSubmitted;
import io.gleaner.schemas.avro.Metric;
import io.gleaner.schemas.avro.NodeHeartbeat;
import io.gleaner.schemas.avro.PlacementDecision;
import io.gleaner.schemas.avro.TaskReport;
import io.gleaner.schemas.avro.TaskState;
import io.gleaner.schemas.avro.UsageSource;
import io.gleaner.schemas.avro.UtilizationSample;
import io.gleaner.simulator.core.AttemptReport;
import io.gleaner.simulator.core.Utilization;
import java.util.Optional;

/**
 * Avro records to and from the simulator's (and the planner core's) records: the only simulator class that
 * imports both. Each mapping keeps every field the two sides share; {@link #job(JobSubmitted)} undoes
 * {@link #jobSubmitted(Job)} exactly.
 *
 * <p>Avro values that the core cannot hold (a task kind {@code UNKNOWN}, a decision id that does not match its
 * task, a negative size) make the mapping throw {@link IllegalArgumentException} with the core's message; the
 * caller turns that into a dead letter.
 */
public final class AvroMapping {

    private AvroMapping() {
    }

    /** A submitted job as the {@code jobs.submitted} topic carries it. */
    public static JobSubmitted jobSubmitted(Job job) {
        return JobSubmitted.newBuilder()
                .setJobId(job.jobId())
                .setJobName(job.jobName())
                .setUser(job.user())
                .setQueue(job.queue())
                .setPriority(job.priority())
                .setSubmitTime(job.submitTime())
                .setDeadline(job.deadline().orElse(null))
                .setInputBytes(job.inputBytes())
                .setShuffleBytes(job.shuffleBytes())
                .setOutputBytes(job.outputBytes())
                .setTasks(job.taskGroups().stream().map(AvroMapping::taskGroup).toList())
                .build();
    }

    /** The job of a {@code jobs.submitted} record, e.g. one the SWIM reader made. */
    public static Job job(JobSubmitted job) {
        return new Job(job.getJobId(), job.getJobName(), job.getUser(), job.getQueue(), job.getPriority(),
                job.getSubmitTime(), Optional.ofNullable(job.getDeadline()), job.getInputBytes(),
                job.getShuffleBytes(), job.getOutputBytes(),
                job.getTasks().stream().map(AvroMapping::taskGroup).toList());
    }

    /** A task report as the {@code tasks.reports} topic carries it. */
    public static TaskReport taskReport(AttemptReport report) {
        var outcome = report.outcome();
        return TaskReport.newBuilder()
                .setDecisionId(outcome.decisionId())
                .setJobId(outcome.jobId())
                .setKind(taskKind(outcome.kind()))
                .setTaskIndex(outcome.taskIndex())
                .setAttempt(outcome.attempt())
                .setNodeId(outcome.nodeId())
                .setState(TaskState.valueOf(outcome.state().name()))
                .setTime(outcome.time())
                .setStartTime(report.startTime().orElse(null))
                .setLocal(report.local())
                .setInputBytes(report.inputBytes())
                .setCpuSeconds(report.cpuSeconds())
                .setMemoryBytes(report.memoryBytes())
                .setReason(report.reason().orElse(null))
                .build();
    }

    /** A node's heartbeat as the {@code nodes.heartbeats} topic carries it. */
    public static NodeHeartbeat nodeHeartbeat(NodeState node) {
        return NodeHeartbeat.newBuilder()
                .setNodeId(node.nodeId())
                .setTime(node.time())
                .setRack(node.rack())
                .setLabels(node.labels())
                .setCapacity(resources(node.capacity()))
                .setSpeedGflops(node.speedGflops())
                .setSlots(node.slots())
                .setFree(resources(node.free()))
                .setFreeSlots(node.freeSlots())
                .setRunningAttempts(node.runningAttempts())
                .build();
    }

    /** A utilization sample as the {@code nodes.utilization} topic carries it. */
    public static UtilizationSample utilizationSample(Utilization utilization) {
        return UtilizationSample.newBuilder()
                .setNodeId(utilization.nodeId())
                .setTime(utilization.time())
                .setMetric(Metric.valueOf(utilization.metric().name()))
                .setSource(UsageSource.valueOf(utilization.source().name()))
                .setValue(utilization.value())
                .build();
    }

    /**
     * The placement of a {@code placements} record. Chunk moves are not carried: the planner core's placements
     * have none yet, and the simulator copies a remote map's chunk by itself.
     */
    public static Placement placement(PlacementDecision decision) {
        var chunk = Optional.ofNullable(decision.getChunk()).map(c -> new Chunk(c.getDataset(), c.getIndex()));
        return new Placement(decision.getDecisionId(), decision.getEpoch(), decision.getJobId(),
                taskKind(decision.getKind()), decision.getTaskIndex(), decision.getAttempt(), decision.getNodeId(),
                decision.getNotBefore(), decision.getPolicy(), decision.getInputBytes(), decision.getFlopPerByte(),
                resources(decision.getDemand()), chunk);
    }

    /** The {@code placements} record of a placement (what the planner writes; used to check the mapping). */
    public static PlacementDecision placementDecision(Placement placement) {
        return PlacementDecision.newBuilder()
                .setDecisionId(placement.decisionId())
                .setEpoch(placement.epoch())
                .setJobId(placement.jobId())
                .setKind(taskKind(placement.kind()))
                .setTaskIndex(placement.taskIndex())
                .setAttempt(placement.attempt())
                .setNodeId(placement.nodeId())
                .setNotBefore(placement.notBefore())
                .setPolicy(placement.policy())
                .setInputBytes(placement.inputBytes())
                .setFlopPerByte(placement.flopPerByte())
                .setDemand(resources(placement.demand()))
                .setChunk(placement.chunk().map(c -> new ChunkRef(c.dataset(), c.index())).orElse(null))
                .build();
    }

    private static io.gleaner.schemas.avro.TaskGroup taskGroup(TaskGroup group) {
        return io.gleaner.schemas.avro.TaskGroup.newBuilder()
                .setKind(taskKind(group.kind()))
                .setCount(group.count())
                .setBytesPerTask(group.bytesPerTask())
                .setLastTaskBytes(group.lastTaskBytes())
                .setFlopPerByte(group.flopPerByte())
                .setDemand(resources(group.demand()))
                .setDataset(group.dataset().orElse(null))
                .setFirstChunk(group.firstChunk())
                .build();
    }

    private static TaskGroup taskGroup(io.gleaner.schemas.avro.TaskGroup group) {
        return new TaskGroup(taskKind(group.getKind()), group.getCount(), group.getBytesPerTask(),
                group.getLastTaskBytes(), group.getFlopPerByte(), resources(group.getDemand()),
                Optional.ofNullable(group.getDataset()), group.getFirstChunk());
    }

    private static io.gleaner.schemas.avro.Resources resources(Resources resources) {
        return new io.gleaner.schemas.avro.Resources(resources.cpus(), resources.memoryBytes());
    }

    private static Resources resources(io.gleaner.schemas.avro.Resources resources) {
        return new Resources(resources.getCpus(), resources.getMemoryBytes());
    }

    private static io.gleaner.schemas.avro.TaskKind taskKind(TaskKind kind) {
        return io.gleaner.schemas.avro.TaskKind.valueOf(kind.name());
    }

    private static TaskKind taskKind(io.gleaner.schemas.avro.TaskKind kind) {
        return switch (kind) {
            case MAP -> TaskKind.MAP;
            case REDUCE -> TaskKind.REDUCE;
            case UNKNOWN -> throw new IllegalArgumentException("task kind " + kind + " is neither MAP nor REDUCE");
        };
    }
}
