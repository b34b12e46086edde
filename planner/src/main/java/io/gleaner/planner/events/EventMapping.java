package io.gleaner.planner.events;

import io.gleaner.planner.core.Admission;
import io.gleaner.planner.core.Checked;
import io.gleaner.planner.core.Chunk;
import io.gleaner.planner.core.ChunkLayout;
import io.gleaner.planner.core.InputPlacement;
import io.gleaner.planner.core.ChunkMove;
import io.gleaner.planner.core.Job;
import io.gleaner.planner.core.JobStep;
import io.gleaner.planner.core.MapOutput;
import io.gleaner.planner.core.MapOutputs;
import io.gleaner.planner.core.NodeState;
import io.gleaner.planner.core.Placement;
import io.gleaner.planner.core.PolicyName;
import io.gleaner.planner.core.CpuMemory;
import io.gleaner.planner.core.PhaseTasks;
import io.gleaner.planner.core.TaskKind;
import io.gleaner.planner.core.TaskOutcome;
import io.gleaner.planner.core.TaskSpec;
import io.gleaner.schemas.InputChecks;
import io.gleaner.schemas.avro.ChunkRef;
import io.gleaner.schemas.avro.JobAdmission;
import io.gleaner.schemas.avro.JobEvent;
import io.gleaner.schemas.avro.JobEventType;
import io.gleaner.schemas.avro.JobSubmitted;
import io.gleaner.schemas.avro.NodeHeartbeat;
import io.gleaner.schemas.avro.PlacementDecision;
import io.gleaner.schemas.avro.TaskReport;
import io.gleaner.schemas.avro.TaskState;
import java.util.LinkedHashMap;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The planner's events to its core records and back: {@code jobs.submitted}, {@code nodes.heartbeats},
 * {@code tasks.reports} and {@code placements}, and the core's job steps to {@code jobs.events}. Each mapping keeps every field the two sides share, and mapping a
 * core record to its event and back gives the record again.
 *
 * <p>Events are untrusted: an event maps to a {@link Checked} value, {@link Checked.Invalid} with the core's
 * message when the core cannot hold it (a decision id that does not match its task, a chunk layout with two replicas
 * of a chunk on one node) or with the reason of the topic's field rules ({@link InputChecks}: a kind or state
 * {@code UNKNOWN}, a size out of range, a string too long), so that the caller dead-letters it. Core records always
 * map to events.
 */
public final class EventMapping {

    /** The input topics' field rules, the same in every stage ({@link InputChecks}). */
    private static final InputChecks CHECKS = InputChecks.DEFAULT;

    private EventMapping() {
    }

    /**
     * The job of a {@code jobs.submitted} event, e.g. one the SWIM reader made: invalid when it breaks the topic's
     * field rules ({@link InputChecks}), the reason naming the field and the value, or when the core cannot hold it.
     */
    public static Checked<Job> job(JobSubmitted event) {
        return checked(CHECKS.jobSubmitted(event), () -> storedJob(event));
    }

    /**
     * The job of a {@code jobs.submitted} event the planner itself stored: without the topic's field rules, which it
     * passed when it came in, so that a store written under other limits still loads.
     */
    public static Checked<Job> storedJob(JobSubmitted event) {
        return Checked.of(() -> new Job(event.getJobId(), event.getJobName(), event.getUser(), event.getQueue(),
                event.getPriority(), event.getSubmitTime(), Optional.ofNullable(event.getDeadline()),
                event.getInputBytes(), event.getShuffleBytes(), event.getOutputBytes(),
                event.getTasks().stream().map(group -> taskGroup(group, event.getJobId())).toList()));
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
                .setTasks(job.taskGroups().stream().map(EventMapping::taskGroup).toList())
                .build();
    }

    /** The node as its {@code nodes.heartbeats} event shows it, invalid when it breaks the topic's field rules. */
    public static Checked<NodeState> nodeState(NodeHeartbeat event) {
        return checked(CHECKS.nodeHeartbeat(event), () -> storedNodeState(event));
    }

    /** The node as a heartbeat the planner stored shows it: without the topic's field rules (see {@link #storedJob}). */
    public static Checked<NodeState> storedNodeState(NodeHeartbeat event) {
        return Checked.of(() -> new NodeState(event.getNodeId(), event.getTime(), event.getRack(), event.getLabels(),
                resources(event.getCapacity()), event.getSpeedGflops(), event.getSlots(), resources(event.getFree()),
                event.getFreeSlots(), event.getRunningAttempts()));
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

    /** What the planner needs of a {@code tasks.reports} event, invalid when it breaks the topic's field rules. */
    public static Checked<TaskOutcome> taskOutcome(TaskReport event) {
        return checked(CHECKS.taskReport(event), () -> Checked.of(() -> new TaskOutcome(event.getDecisionId(),
                event.getJobId(), taskKind(event.getKind(), event.getJobId()), event.getTaskIndex(), event.getAttempt(),
                event.getNodeId(), taskState(event.getState(), event.getDecisionId()), event.getTime(),
                Optional.ofNullable(event.getReason()))));
    }

    /**
     * A {@code tasks.reports} event of {@code outcome}, with its reason. The fields only an executor knows (start
     * time, locality, bytes read, CPU and RAM used) keep their schema defaults; an executor sets them on a copy
     * ({@code TaskReport.newBuilder(report)}).
     */
    public static TaskReport taskReport(TaskOutcome outcome) {
        return TaskReport.newBuilder()
                .setDecisionId(outcome.decisionId())
                .setJobId(outcome.jobId())
                .setKind(taskKind(outcome.kind()))
                .setTaskIndex(outcome.taskIndex())
                .setAttempt(outcome.attempt())
                .setNodeId(outcome.nodeId())
                .setState(taskState(outcome.state()))
                .setTime(outcome.time())
                .setReason(outcome.reason().orElse(null))
                .build();
    }

    /** The placement of a {@code placements} event, with its chunk moves and map outputs. */
    public static Checked<Placement> placement(PlacementDecision event) {
        return Checked.of(() -> new Placement(event.getDecisionId(), event.getEpoch(), event.getJobId(),
                taskKind(event.getKind(), event.getJobId()), event.getTaskIndex(), event.getAttempt(),
                event.getNodeId(), event.getNotBefore(), event.getPolicy(), event.getInputBytes(),
                event.getFlopPerByte(), resources(event.getDemand()),
                Optional.ofNullable(event.getChunk()).map(EventMapping::chunk),
                event.getChunkMoves().stream().map(move -> new ChunkMove(chunk(move.getChunk()),
                        Optional.ofNullable(move.getFromNode()), move.getToNode())).toList(),
                Optional.ofNullable(event.getSpec()).map(EventMapping::taskSpec),
                Optional.ofNullable(event.getMapOutputLocation()),
                event.getMapOutputs().stream().map(outputs -> new MapOutputs(outputs.getNodeId(),
                        outputs.getMaps().stream().map(map -> new MapOutput(map.getTaskIndex(), map.getAttempt()))
                                .toList())).toList()));
    }

    /** Invalid with {@code violation} when there is one, else what {@code build} makes of the event. */
    private static <T> Checked<T> checked(Optional<String> violation, Supplier<Checked<T>> build) {
        return violation.<Checked<T>>map(Checked.Invalid::new).orElseGet(build);
    }

    private static Chunk chunk(ChunkRef ref) {
        return new Chunk(ref.getDataset(), ref.getIndex());
    }

    private static ChunkRef chunkRef(Chunk chunk) {
        return new ChunkRef(chunk.dataset(), chunk.index());
    }

    /** A placement as the {@code placements} topic carries it. */
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
                .setChunk(placement.chunk().map(EventMapping::chunkRef).orElse(null))
                .setChunkMoves(placement.chunkMoves().stream()
                        .map(move -> new io.gleaner.schemas.avro.ChunkMove(chunkRef(move.chunk()),
                                move.fromNode().orElse(null), move.toNode()))
                        .toList())
                .setSpec(placement.spec().map(EventMapping::taskSpec).orElse(null))
                .setMapOutputLocation(placement.mapOutputLocation().orElse(null))
                .setMapOutputs(placement.mapOutputs().stream()
                        .map(outputs -> new io.gleaner.schemas.avro.MapOutputs(outputs.nodeId(), outputs.maps().stream()
                                .map(map -> new io.gleaner.schemas.avro.MapOutput(map.taskIndex(), map.attempt()))
                                .toList()))
                        .toList())
                .build();
    }

    /** A step of a job's life cycle as the {@code jobs.events} topic carries it. */
    public static JobEvent jobEvent(JobStep step) {
        return JobEvent.newBuilder()
                .setJobId(step.jobId())
                .setType(JobEventType.valueOf(step.type().name()))
                .setTime(step.time())
                .setReason(step.reason().orElse(null))
                .setTasks(step.tasks())
                .setSucceededTasks(step.succeededTasks())
                .setFailedAttempts(step.failedAttempts())
                .setLostAttempts(step.lostAttempts())
                .setEstimatedCompletion(step.estimatedCompletion().orElse(null))
                .setDecisionId(step.decisionId().orElse(null))
                .setNodeId(step.nodeId().orElse(null))
                .build();
    }

    /** An admission as the {@code jobs.admissions} topic carries it. */
    public static JobAdmission jobAdmission(Admission admission) {
        return JobAdmission.newBuilder()
                .setJobId(admission.jobId())
                .setTime(admission.time())
                .setAccepted(admission.accepted())
                .setEstimatedCompletion(admission.estimatedCompletion().orElse(null))
                .setReason(admission.reason().orElse(null))
                .build();
    }

    /** A data placement as the {@code data.placements} topic carries it. */
    public static io.gleaner.schemas.avro.DataPlacement dataPlacement(InputPlacement placement) {
        return io.gleaner.schemas.avro.DataPlacement.newBuilder()
                .setJobId(placement.jobId())
                .setDataset(placement.dataset())
                .setLayout(chunkLayout(placement.layout()))
                .setTime(placement.time())
                .setPolicy(placement.policy().configValue())
                .build();
    }

    /** The data placement of a {@code data.placements} event; invalid with the reason for a bad layout or policy. */
    public static Checked<InputPlacement> dataPlacement(io.gleaner.schemas.avro.DataPlacement event) {
        return Checked.of(() -> new InputPlacement(event.getJobId(), event.getDataset(),
                chunkLayout(event.getLayout()), event.getTime(), PolicyName.parse(event.getPolicy())));
    }

    private static PhaseTasks taskGroup(io.gleaner.schemas.avro.TaskGroup group, String jobId) {
        return new PhaseTasks(taskKind(group.getKind(), jobId), group.getCount(), group.getBytesPerTask(),
                group.getLastTaskBytes(), group.getFlopPerByte(), resources(group.getDemand()),
                Optional.ofNullable(group.getDataset()), group.getFirstChunk(),
                Optional.ofNullable(group.getLayout()).map(EventMapping::chunkLayout),
                Optional.ofNullable(group.getSpec()).map(EventMapping::taskSpec));
    }

    private static TaskSpec taskSpec(io.gleaner.schemas.avro.TaskSpec spec) {
        return new TaskSpec(spec.getCommand(), Optional.ofNullable(spec.getImage()), spec.getEnv(),
                Optional.ofNullable(spec.getInputLocation()), Optional.ofNullable(spec.getOutputLocation()));
    }

    private static io.gleaner.schemas.avro.TaskSpec taskSpec(TaskSpec spec) {
        return io.gleaner.schemas.avro.TaskSpec.newBuilder()
                .setCommand(spec.command())
                .setImage(spec.image().orElse(null))
                // A copy in the spec's sorted order, so that equal specs encode to equal bytes in the changelog.
                .setEnv(new LinkedHashMap<>(spec.env()))
                .setInputLocation(spec.inputLocation().orElse(null))
                .setOutputLocation(spec.outputLocation().orElse(null))
                .build();
    }

    private static ChunkLayout chunkLayout(io.gleaner.schemas.avro.ChunkLayout layout) {
        return new ChunkLayout(layout.getNodes(), layout.getStart(), layout.getReplication());
    }

    private static io.gleaner.schemas.avro.ChunkLayout chunkLayout(ChunkLayout layout) {
        return new io.gleaner.schemas.avro.ChunkLayout(layout.nodes(), layout.start(), layout.replication());
    }

    private static io.gleaner.schemas.avro.TaskGroup taskGroup(PhaseTasks group) {
        return io.gleaner.schemas.avro.TaskGroup.newBuilder()
                .setKind(taskKind(group.kind()))
                .setCount(group.count())
                .setBytesPerTask(group.bytesPerTask())
                .setLastTaskBytes(group.lastTaskBytes())
                .setFlopPerByte(group.flopPerByte())
                .setDemand(resources(group.demand()))
                .setDataset(group.dataset().orElse(null))
                .setFirstChunk(group.firstChunk())
                .setLayout(group.layout().map(EventMapping::chunkLayout).orElse(null))
                .setSpec(group.spec().map(EventMapping::taskSpec).orElse(null))
                .build();
    }

    private static TaskKind taskKind(io.gleaner.schemas.avro.TaskKind kind, String jobId) {
        return switch (kind) {
            case MAP -> TaskKind.MAP;
            case REDUCE -> TaskKind.REDUCE;
            default -> throw new IllegalArgumentException("unknown task kind " + kind + " in job " + jobId);
        };
    }

    private static io.gleaner.schemas.avro.TaskKind taskKind(TaskKind kind) {
        return switch (kind) {
            case MAP -> io.gleaner.schemas.avro.TaskKind.MAP;
            case REDUCE -> io.gleaner.schemas.avro.TaskKind.REDUCE;
        };
    }

    private static TaskOutcome.State taskState(TaskState state, String decisionId) {
        return switch (state) {
            case LAUNCHED -> TaskOutcome.State.LAUNCHED;
            case SUCCEEDED -> TaskOutcome.State.SUCCEEDED;
            case FAILED -> TaskOutcome.State.FAILED;
            case KILLED -> TaskOutcome.State.KILLED;
            case PREEMPTED -> TaskOutcome.State.PREEMPTED;
            case REFUSED -> TaskOutcome.State.REFUSED;
            default -> throw new IllegalArgumentException("unknown task state " + state + " in report of "
                    + decisionId);
        };
    }

    private static TaskState taskState(TaskOutcome.State state) {
        return switch (state) {
            case LAUNCHED -> TaskState.LAUNCHED;
            case SUCCEEDED -> TaskState.SUCCEEDED;
            case FAILED -> TaskState.FAILED;
            case KILLED -> TaskState.KILLED;
            case PREEMPTED -> TaskState.PREEMPTED;
            case REFUSED -> TaskState.REFUSED;
        };
    }

    private static CpuMemory resources(io.gleaner.schemas.avro.Resources resources) {
        return new CpuMemory(resources.getCpus(), resources.getMemoryBytes());
    }

    private static io.gleaner.schemas.avro.Resources resources(CpuMemory resources) {
        return new io.gleaner.schemas.avro.Resources(resources.cpus(), resources.memoryBytes());
    }
}
