package io.gleaner.planner.core;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Run one attempt of one task on one node: what a policy decides.
 *
 * @param decisionId  {@link TaskAttempt#decisionId()} of (jobId, kind, taskIndex, attempt)
 * @param epoch       the planner round that decided it: event time in millis of the heartbeat it answered
 * @param notBefore   earliest start time
 * @param policy      name of the policy that decided ({@link PolicyName#configValue()})
 * @param inputBytes  bytes the task reads
 * @param flopPerByte work per byte read
 * @param demand      what the attempt holds while it runs
 * @param chunk       for a map of a group with a dataset, the chunk it reads
 * @param chunkMoves  chunks to copy before the attempt starts, in order (Salamander section III-C)
 * @param spec        what to run: the group's spec resolved for this attempt
 *                    ({@link PhaseTasks#resolvedSpec(TaskAttempt)}); empty when the job gave none
 * @param mapOutputLocation for a reduce, where its job's maps wrote ({@link TaskSpec#mapOutputLocation}); empty for a
 *                    map, and when the maps name no output location
 * @param mapOutputs  for a reduce, where its job's map outputs are, by node ({@link JobProgress#mapOutputs()}); the
 *                    {@link PlannerCell} sets it, policies leave it empty
 */
public record Placement(String decisionId, long epoch, String jobId, TaskKind kind, int taskIndex, int attempt,
                        String nodeId, Instant notBefore, String policy, long inputBytes, double flopPerByte,
                        CpuMemory demand, Optional<Chunk> chunk, List<ChunkMove> chunkMoves, Optional<TaskSpec> spec,
                        Optional<String> mapOutputLocation, List<MapOutputs> mapOutputs) {

    public Placement {
        Objects.requireNonNull(nodeId, "nodeId");
        Objects.requireNonNull(notBefore, "notBefore");
        Objects.requireNonNull(policy, "policy");
        Objects.requireNonNull(demand, "demand");
        Objects.requireNonNull(chunk, "chunk");
        chunkMoves = List.copyOf(chunkMoves);
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(mapOutputLocation, "mapOutputLocation");
        mapOutputs = List.copyOf(mapOutputs);
        if (kind == TaskKind.MAP && !mapOutputs.isEmpty()) {
            throw new IllegalArgumentException("a map has no map outputs to fetch, was given some in " + decisionId);
        }
        var expected = new TaskAttempt(jobId, kind, taskIndex, attempt).decisionId();
        if (!expected.equals(decisionId)) {
            throw new IllegalArgumentException("decisionId must be " + expected + ", was " + decisionId);
        }
        if (inputBytes < 0) {
            throw new IllegalArgumentException("inputBytes must be >= 0, was " + inputBytes + " in " + decisionId);
        }
    }

    /** A placement that moves no chunk and names nothing to run. */
    public Placement(String decisionId, long epoch, String jobId, TaskKind kind, int taskIndex, int attempt,
                     String nodeId, Instant notBefore, String policy, long inputBytes, double flopPerByte,
                     CpuMemory demand, Optional<Chunk> chunk) {
        this(decisionId, epoch, jobId, kind, taskIndex, attempt, nodeId, notBefore, policy, inputBytes, flopPerByte,
                demand, chunk, List.of(), Optional.empty(), Optional.empty(), List.of());
    }

    /** This placement, copying {@code moves} first. */
    public Placement withChunkMoves(List<ChunkMove> moves) {
        return new Placement(decisionId, epoch, jobId, kind, taskIndex, attempt, nodeId, notBefore, policy, inputBytes,
                flopPerByte, demand, chunk, moves, spec, mapOutputLocation, mapOutputs);
    }

    /** This placement naming {@code outputs} as its job's map outputs. */
    Placement withMapOutputs(List<MapOutputs> outputs) {
        return new Placement(decisionId, epoch, jobId, kind, taskIndex, attempt, nodeId, notBefore, policy, inputBytes,
                flopPerByte, demand, chunk, chunkMoves, spec, mapOutputLocation, outputs);
    }

    /**
     * Places {@code attempt} of a task of {@code job} on {@code nodeId}, taking sizes, chunk and spec from the job's
     * group, and for a reduce the location of the map outputs from the map group's spec.
     */
    public static Placement of(Job job, TaskAttempt attempt, String nodeId, Instant decidedAt, String policy) {
        var group = job.group(attempt.kind()).orElseThrow(() -> new IllegalArgumentException(
                "job " + job.jobId() + " has no " + attempt.kind() + " group"));
        var mapOutputLocation = attempt.kind() == TaskKind.REDUCE
                ? job.group(TaskKind.MAP).flatMap(PhaseTasks::spec).flatMap(s -> s.mapOutputLocation(job.jobId()))
                : Optional.<String>empty();
        int index = attempt.taskIndex();
        return new Placement(attempt.decisionId(), decidedAt.toEpochMilli(), job.jobId(), attempt.kind(), index,
                attempt.attempt(), nodeId, decidedAt, policy, group.inputBytes(index), group.flopPerByte(),
                group.demand(), group.chunk(index), List.of(), group.resolvedSpec(attempt), mapOutputLocation,
                List.of());
    }

    /** The attempt this placement starts. */
    TaskAttempt taskAttempt() {
        return new TaskAttempt(jobId, kind, taskIndex, attempt);
    }
}
