package io.gleaner.planner.topology;

import io.gleaner.schemas.avro.ChunkLayout;
import io.gleaner.schemas.avro.JobSubmitted;
import io.gleaner.schemas.avro.NodeHeartbeat;
import io.gleaner.schemas.avro.PlacementDecision;
import io.gleaner.schemas.avro.Resources;
import io.gleaner.schemas.avro.TaskGroup;
import io.gleaner.schemas.avro.TaskKind;
import io.gleaner.schemas.avro.TaskReport;
import io.gleaner.schemas.avro.TaskState;
import io.gleaner.runtime.GlobalView;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** Avro events for planner topology and integration tests, each factory reading like the scenario. */
public final class PlannerEvents {

    private static final long GIB = 1L << 30;

    /**
     * The global views' dead-letter sink of tests that send no bad {@code forecasts} or {@code jobs.profiles}: a
     * dead letter there fails the test.
     */
    public static final GlobalView.DeadLetterSink NO_GLOBAL_DEAD_LETTERS = (key, deadLetter) -> {
        throw new AssertionError("unexpected dead letter of a global view: " + deadLetter);
    };

    private PlannerEvents() {
    }

    /** Job {@code jobId} submitted at {@code submitMillis} with {@code maps} maps and {@code reduces} reduces of 1 core, 1 GiB. */
    public static JobSubmitted job(String jobId, long submitMillis, int maps, int reduces) {
        var groups = new ArrayList<TaskGroup>();
        if (maps > 0) {
            groups.add(TaskGroup.newBuilder().setKind(TaskKind.MAP).setCount(maps).setBytesPerTask(64L << 20)
                    .setLastTaskBytes(64L << 20).setFlopPerByte(3100).setDemand(new Resources(1.0, GIB))
                    .setDataset("d-" + jobId).setFirstChunk(0).build());
        }
        if (reduces > 0) {
            groups.add(TaskGroup.newBuilder().setKind(TaskKind.REDUCE).setCount(reduces).setBytesPerTask(32L << 20)
                    .setLastTaskBytes(32L << 20).setFlopPerByte(6300).setDemand(new Resources(1.0, GIB)).build());
        }
        return JobSubmitted.newBuilder().setJobId(jobId).setJobName("name-" + jobId)
                .setSubmitTime(Instant.ofEpochMilli(submitMillis)).setInputBytes(maps * (64L << 20))
                .setShuffleBytes(reduces * (32L << 20)).setOutputBytes(1).setTasks(groups).build();
    }

    /** Job {@code jobId} of {@code user}, otherwise as {@link #job(String, long, int, int)}. */
    public static JobSubmitted job(String jobId, String user, long submitMillis, int maps, int reduces) {
        var job = job(jobId, submitMillis, maps, reduces);
        job.setUser(user);
        return job;
    }

    /** {@code job} with its maps' chunks laid out over {@code nodes} from {@code start}, one replica each. */
    public static JobSubmitted withOneReplicaOn(JobSubmitted job, int start, String... nodes) {
        job.getTasks().get(0).setLayout(ChunkLayout.newBuilder().setNodes(List.of(nodes)).setStart(start)
                .setReplication(1).build());
        return job;
    }

    /** A heartbeat of node {@code nodeId} at {@code millis}: 4 slots, 16 cores, 64 GiB, {@code freeSlots} slots free. */
    public static NodeHeartbeat heartbeat(String nodeId, long millis, int freeSlots) {
        return NodeHeartbeat.newBuilder().setNodeId(nodeId).setTime(Instant.ofEpochMilli(millis))
                .setCapacity(new Resources(16.0, 64 * GIB)).setSpeedGflops(2.0).setSlots(4)
                .setFree(new Resources(16.0, 64 * GIB)).setFreeSlots(freeSlots).build();
    }

    /** A report that the attempt {@code placement} started went into {@code state} at {@code millis}. */
    public static TaskReport report(PlacementDecision placement, TaskState state, long millis) {
        return report(placement.getJobId(), placement.getKind(), placement.getTaskIndex(), placement.getAttempt(),
                placement.getNodeId(), state, millis);
    }

    /** A report about attempt {@code attempt} of task {@code taskIndex} of {@code kind} of job {@code jobId}. */
    public static TaskReport report(String jobId, TaskKind kind, int taskIndex, int attempt, String nodeId,
                                    TaskState state, long millis) {
        var letter = kind == TaskKind.MAP ? "m" : "r";
        return TaskReport.newBuilder().setDecisionId(jobId + "/" + letter + "/" + taskIndex + "/" + attempt)
                .setJobId(jobId).setKind(kind).setTaskIndex(taskIndex).setAttempt(attempt).setNodeId(nodeId)
                .setState(state).setTime(Instant.ofEpochMilli(millis)).build();
    }

    /** The decision ids of {@code placements}, in order. */
    public static List<String> ids(List<PlacementDecision> placements) {
        return placements.stream().map(PlacementDecision::getDecisionId).toList();
    }
}
