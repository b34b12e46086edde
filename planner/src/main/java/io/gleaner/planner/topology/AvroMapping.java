package io.gleaner.planner.topology;

import io.gleaner.planner.core.Checked;
import io.gleaner.planner.core.Chunk;
import io.gleaner.planner.core.Job;
import io.gleaner.planner.core.JobProgress;
import io.gleaner.planner.core.NodeState;
import io.gleaner.planner.core.PhaseProgress;
import io.gleaner.planner.core.Placement;
import io.gleaner.planner.core.Resources;
import io.gleaner.planner.core.TaskGroup;
import io.gleaner.planner.core.TaskKind;
import io.gleaner.planner.core.TaskOutcome;
import io.gleaner.schemas.avro.ChunkRef;
import io.gleaner.schemas.avro.JobSubmitted;
import io.gleaner.schemas.avro.NodeHeartbeat;
import io.gleaner.schemas.avro.PlacementDecision;
import io.gleaner.schemas.avro.PlannerJobState;
import io.gleaner.schemas.avro.TaskReport;
import io.gleaner.schemas.avro.TaskState;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Avro events to core records and back; the only file that imports both. Events from topics are untrusted and
 * map to {@link Checked} values; the planner's own store values are trusted, and a store value that does not
 * map is a bug (an {@link IllegalStateException}).
 */
final class AvroMapping {

    private AvroMapping() {
    }

    static Checked<Job> toJob(JobSubmitted event) {
        return Checked.of(() -> {
            var groups = new ArrayList<TaskGroup>();
            for (var group : event.getTasks()) {
                groups.add(new TaskGroup(toKind(group.getKind(), event.getJobId()), group.getCount(),
                        group.getBytesPerTask(), group.getLastTaskBytes(), group.getFlopPerByte(),
                        toResources(group.getDemand()), Optional.ofNullable(group.getDataset()), group.getFirstChunk()));
            }
            return new Job(event.getJobId(), event.getJobName(), event.getUser(), event.getQueue(), event.getPriority(),
                    event.getSubmitTime(), Optional.ofNullable(event.getDeadline()), event.getInputBytes(),
                    event.getShuffleBytes(), event.getOutputBytes(), groups);
        });
    }

    static JobSubmitted toAvro(Job job) {
        var groups = new ArrayList<io.gleaner.schemas.avro.TaskGroup>();
        for (var group : job.taskGroups()) {
            groups.add(io.gleaner.schemas.avro.TaskGroup.newBuilder()
                    .setKind(toAvro(group.kind()))
                    .setCount(group.count())
                    .setBytesPerTask(group.bytesPerTask())
                    .setLastTaskBytes(group.lastTaskBytes())
                    .setFlopPerByte(group.flopPerByte())
                    .setDemand(toAvro(group.demand()))
                    .setDataset(group.dataset().orElse(null))
                    .setFirstChunk(group.firstChunk())
                    .build());
        }
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
                .setTasks(groups)
                .build();
    }

    static Checked<NodeState> toNode(NodeHeartbeat event) {
        return Checked.of(() -> new NodeState(event.getNodeId(), event.getTime(), event.getRack(), event.getLabels(),
                toResources(event.getCapacity()), event.getSpeedGflops(), event.getSlots(),
                toResources(event.getFree()), event.getFreeSlots(), event.getRunningAttempts()));
    }

    static NodeHeartbeat toAvro(NodeState node) {
        return NodeHeartbeat.newBuilder()
                .setNodeId(node.nodeId())
                .setTime(node.time())
                .setRack(node.rack())
                .setLabels(node.labels())
                .setCapacity(toAvro(node.capacity()))
                .setSpeedGflops(node.speedGflops())
                .setSlots(node.slots())
                .setFree(toAvro(node.free()))
                .setFreeSlots(node.freeSlots())
                .setRunningAttempts(node.runningAttempts())
                .build();
    }

    static Checked<TaskOutcome> toOutcome(TaskReport event) {
        return Checked.of(() -> new TaskOutcome(event.getDecisionId(), event.getJobId(),
                toKind(event.getKind(), event.getJobId()), event.getTaskIndex(), event.getAttempt(), event.getNodeId(),
                toState(event.getState(), event.getDecisionId()), event.getTime()));
    }

    static PlacementDecision toAvro(Placement placement) {
        return PlacementDecision.newBuilder()
                .setDecisionId(placement.decisionId())
                .setEpoch(placement.epoch())
                .setJobId(placement.jobId())
                .setKind(toAvro(placement.kind()))
                .setTaskIndex(placement.taskIndex())
                .setAttempt(placement.attempt())
                .setNodeId(placement.nodeId())
                .setNotBefore(placement.notBefore())
                .setPolicy(placement.policy())
                .setInputBytes(placement.inputBytes())
                .setFlopPerByte(placement.flopPerByte())
                .setDemand(toAvro(placement.demand()))
                .setChunk(placement.chunk().map(AvroMapping::toAvro).orElse(null))
                .setChunkMoves(List.of())
                .build();
    }

    static PlannerJobState toAvro(JobProgress progress) {
        return PlannerJobState.newBuilder()
                .setJob(toAvro(progress.job()))
                .setMaps(toAvro(progress.maps()))
                .setReduces(toAvro(progress.reduces()))
                .build();
    }

    static JobProgress toProgress(PlannerJobState stored) {
        var checked = toJob(stored.getJob());
        if (checked instanceof Checked.Invalid<Job> invalid) {
            throw new IllegalStateException("stored job " + stored.getJob().getJobId() + " is invalid: "
                    + invalid.reason());
        }
        var job = ((Checked.Valid<Job>) checked).value();
        return new JobProgress(job, toPhase(stored.getMaps(), job.count(TaskKind.MAP)),
                toPhase(stored.getReduces(), job.count(TaskKind.REDUCE)));
    }

    static NodeState nodeFromStore(NodeHeartbeat stored) {
        var checked = toNode(stored);
        if (checked instanceof Checked.Invalid<NodeState> invalid) {
            throw new IllegalStateException("stored heartbeat of node " + stored.getNodeId() + " is invalid: "
                    + invalid.reason());
        }
        return ((Checked.Valid<NodeState>) checked).value();
    }

    private static io.gleaner.schemas.avro.PhaseProgress toAvro(PhaseProgress phase) {
        // Sorted by task index so that equal progress gives equal bytes in the changelog.
        var attempts = new TreeMap<Integer, Integer>(phase.attempts());
        var byDecimal = new java.util.LinkedHashMap<String, Integer>();
        attempts.forEach((index, attempt) -> byDecimal.put(Integer.toString(index), attempt));
        return io.gleaner.schemas.avro.PhaseProgress.newBuilder()
                .setLaunched(phase.launched())
                .setSucceeded(ByteBuffer.wrap(phase.succeeded().toByteArray()))
                .setRelaunch(phase.relaunch())
                .setAttempts(byDecimal)
                .build();
    }

    private static PhaseProgress toPhase(io.gleaner.schemas.avro.PhaseProgress stored, int count) {
        var attempts = new TreeMap<Integer, Integer>();
        for (Map.Entry<String, Integer> entry : stored.getAttempts().entrySet()) {
            attempts.put(Integer.parseInt(entry.getKey()), entry.getValue());
        }
        return new PhaseProgress(count, stored.getLaunched(), BitSet.valueOf(stored.getSucceeded().duplicate()),
                stored.getRelaunch(), attempts);
    }

    private static TaskKind toKind(io.gleaner.schemas.avro.TaskKind kind, String jobId) {
        return switch (kind) {
            case MAP -> TaskKind.MAP;
            case REDUCE -> TaskKind.REDUCE;
            default -> throw new IllegalArgumentException("unknown task kind " + kind + " in job " + jobId);
        };
    }

    private static io.gleaner.schemas.avro.TaskKind toAvro(TaskKind kind) {
        return switch (kind) {
            case MAP -> io.gleaner.schemas.avro.TaskKind.MAP;
            case REDUCE -> io.gleaner.schemas.avro.TaskKind.REDUCE;
        };
    }

    private static TaskOutcome.State toState(TaskState state, String decisionId) {
        return switch (state) {
            case LAUNCHED -> TaskOutcome.State.LAUNCHED;
            case SUCCEEDED -> TaskOutcome.State.SUCCEEDED;
            case FAILED -> TaskOutcome.State.FAILED;
            case KILLED -> TaskOutcome.State.KILLED;
            case PREEMPTED -> TaskOutcome.State.PREEMPTED;
            default -> throw new IllegalArgumentException("unknown task state " + state + " in report of "
                    + decisionId);
        };
    }

    private static Resources toResources(io.gleaner.schemas.avro.Resources resources) {
        return new Resources(resources.getCpus(), resources.getMemoryBytes());
    }

    private static io.gleaner.schemas.avro.Resources toAvro(Resources resources) {
        return new io.gleaner.schemas.avro.Resources(resources.cpus(), resources.memoryBytes());
    }

    private static ChunkRef toAvro(Chunk chunk) {
        return new ChunkRef(chunk.dataset(), chunk.index());
    }
}
