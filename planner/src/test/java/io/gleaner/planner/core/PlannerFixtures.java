package io.gleaner.planner.core;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Fixture factories for planner tests; each reads like the scenario it builds. */
public final class PlannerFixtures {

    /** One gibibyte. */
    public static final long GIB = 1L << 30;

    private PlannerFixtures() {
    }

    /** The instant {@code seconds} after the epoch. */
    public static Instant at(long seconds) {
        return Instant.ofEpochSecond(seconds);
    }

    /** {@code cpus} cores and {@code gib} GiB of RAM. */
    public static CpuMemory res(double cpus, long gib) {
        return new CpuMemory(cpus, gib * GIB);
    }

    /** {@code count} maps of 1 core and 1 GiB, 64 MiB each (the last 10 MiB), over chunks 100.. of dataset "d". */
    public static PhaseTasks maps(int count) {
        return maps(count, res(1, 1));
    }

    /** {@code count} maps with that demand, 64 MiB each (the last 10 MiB), over chunks 100.. of dataset "d". */
    public static PhaseTasks maps(int count, CpuMemory demand) {
        return new PhaseTasks(TaskKind.MAP, count, 64L << 20, 10L << 20, 3100, demand, Optional.of("d"), 100);
    }

    /** {@code count} reduces of 1 core and 1 GiB reading 32 MiB each. */
    public static PhaseTasks reduces(int count) {
        return reduces(count, res(1, 1));
    }

    /** {@code count} reduces with that demand reading 32 MiB each. */
    public static PhaseTasks reduces(int count, CpuMemory demand) {
        return new PhaseTasks(TaskKind.REDUCE, count, 32L << 20, 32L << 20, 6300, demand, Optional.empty(), 0);
    }

    /**
     * {@code count} maps of 1 core and 1 GiB, 64 MiB each, task {@code t} reading chunk {@code t} of dataset "d",
     * whose replicas are where {@code layout} says.
     */
    public static PhaseTasks mapsOn(int count, ChunkLayout layout) {
        return new PhaseTasks(TaskKind.MAP, count, 64L << 20, 64L << 20, 3100, res(1, 1), Optional.of("d"), 0,
                Optional.of(layout));
    }

    /** Job {@code jobId} of user alice submitted at {@code submitTime} with these task groups. */
    public static Job job(String jobId, Instant submitTime, PhaseTasks... groups) {
        return job(jobId, "alice", submitTime, groups);
    }

    /** Job {@code jobId} of {@code user} submitted at {@code submitTime} with these task groups. */
    public static Job job(String jobId, String user, Instant submitTime, PhaseTasks... groups) {
        return new Job(jobId, "name-" + jobId, user, "default", 0, submitTime, Optional.empty(), 1000, 500, 100,
                List.of(groups));
    }

    /** The progress of {@code job} with its maps {@code 0..running-1} placed (on node "n1" at time 0), none ended. */
    public static JobProgress running(Job job, int running) {
        var progress = JobProgress.start(job);
        for (int i = 0; i < running; i++) {
            progress = progress.withPlaced(Placement.of(job, map(job, i, 0), "n1", at(0), "fifo"));
        }
        return progress;
    }

    /** A node with 8 slots, 16 cores and 64 GiB, of which {@code freeSlots} slots and {@code free} are free. */
    public static NodeState node(String nodeId, Instant time, int freeSlots, CpuMemory free) {
        return new NodeState(nodeId, time, "rack-1", List.of(), res(16, 64), 2.0, 8, free, freeSlots, List.of());
    }

    /** A node with 8 slots, 16 cores and 64 GiB, all free. */
    public static NodeState idleNode(String nodeId, Instant time) {
        return node(nodeId, time, 8, res(16, 64));
    }

    /** The outcome {@code state} at {@code time} of the attempt that {@code placement} started. */
    public static TaskOutcome outcome(Placement placement, TaskOutcome.State state, Instant time) {
        return new TaskOutcome(placement.decisionId(), placement.jobId(), placement.kind(), placement.taskIndex(),
                placement.attempt(), placement.nodeId(), state, time);
    }

    /** The outcome {@code state} of attempt {@code attempt} of task {@code taskIndex} of {@code kind} of job {@code jobId}. */
    public static TaskOutcome outcome(String jobId, TaskKind kind, int taskIndex, int attempt, String nodeId,
                                      TaskOutcome.State state, Instant time) {
        var id = new TaskAttempt(jobId, kind, taskIndex, attempt).decisionId();
        return new TaskOutcome(id, jobId, kind, taskIndex, attempt, nodeId, state, time);
    }

    /** A progress that has placed these attempts of {@code job}, each on node "n1" at time 0. */
    public static JobProgress placed(Job job, TaskAttempt... attempts) {
        var progress = JobProgress.start(job);
        for (var attempt : attempts) {
            progress = progress.withPlaced(Placement.of(job, attempt, "n1", at(0), "fifo"));
        }
        return progress;
    }

    /** Map attempt {@code attempt} of task {@code taskIndex} of {@code job}. */
    public static TaskAttempt map(Job job, int taskIndex, int attempt) {
        return new TaskAttempt(job.jobId(), TaskKind.MAP, taskIndex, attempt);
    }

    /** Reduce attempt {@code attempt} of task {@code taskIndex} of {@code job}. */
    public static TaskAttempt reduce(Job job, int taskIndex, int attempt) {
        return new TaskAttempt(job.jobId(), TaskKind.REDUCE, taskIndex, attempt);
    }

    /** The decision ids of {@code placements}, in order. */
    public static List<String> ids(List<Placement> placements) {
        var ids = new ArrayList<String>();
        placements.forEach(placement -> ids.add(placement.decisionId()));
        return ids;
    }

    /** A queue of these jobs, nothing launched, in FIFO order. */
    public static List<JobProgress> queue(Job... jobs) {
        return List.of(jobs).stream().sorted(JobOrder.JOBS).map(JobProgress::start).toList();
    }
}
