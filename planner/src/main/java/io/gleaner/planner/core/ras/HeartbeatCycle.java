package io.gleaner.planner.core.ras;

import io.gleaner.planner.core.CpuMemory;
import io.gleaner.planner.core.HeartbeatLaunches;
import io.gleaner.planner.core.JobProgress;
import io.gleaner.planner.core.PlacementResult;
import io.gleaner.planner.core.PlanningState;
import io.gleaner.planner.core.PolicyName;
import io.gleaner.planner.core.TaskKind;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The control cycle of RAS and Reverse-Adaptive on Gleaner's heartbeats (docs/policies/ras.md#control-cycle): each
 * heartbeat is a cycle over TT = {the node that beat}, at the heartbeat's event time. Algorithm 1 runs on that node's
 * room with every job's allocation counting what it runs elsewhere, and its answer is launched at once: Gleaner's
 * node asks for work when it has room, which is the thesis's Task Scheduler (§4.2.5) starting the planned tasks as
 * capacity frees, so no placement outlives its cycle and nothing is carried to the next. The two policies differ only
 * in the utility they hand it.
 */
final class HeartbeatCycle {

    /**
     * Map placement rounds of Algorithm 1 (line 9; the thesis gives no number). Within a heartbeat only this cycle's
     * own slots can move; the second round can take back a small task the first round's fill gave a happy job when
     * the unhappiest job's larger task did not fit, so that the larger one fits. A third round can only repeat
     * that on what the second left, on one node.
     */
    static final int ROUNDS = 2;

    /** The utility of one job, made from its targets at this heartbeat. */
    @FunctionalInterface
    interface UtilityOf {
        JobSlots.Utility of(JobProgress progress, JobTargets targets);
    }

    private HeartbeatCycle() {
    }

    /**
     * Algorithm 1 on {@code state.node()} under the utilities {@code utilityOf} makes; placements named {@code policy}.
     * Which of a job's tasks fill the slots Algorithm 1 gives it is {@link HeartbeatLaunches}' choice without a
     * locality wait: a map whose chunk is on the node first, as Hadoop's task choice (the thesis's Task Scheduler
     * only says "a task of the right type from the right job", §4.2.5).
     */
    static PlacementResult place(PlanningState state, Instant now, PolicyName policy, UtilityOf utilityOf) {
        var node = state.node();
        if (node.freeSlots() == 0 || !node.free().fits(state.leastDemand())) {
            return new PlacementResult(List.of(), List.of());
        }
        var progresses = new ArrayList<JobProgress>();
        for (var progress : state.queue()) {
            if (progress.hasRunnable()) {
                progresses.add(progress);
            }
        }
        // Ties of utility go to the earlier job in this order: higher priority first, then the queue's (stable sort).
        progresses.sort(Comparator.comparingInt((JobProgress p) -> -p.job().priority()));
        var jobs = new ArrayList<JobSlots>();
        for (var progress : progresses) {
            var targets = JobTargets.of(progress, node.speedGflops(), now);
            var maps = progress.phase(TaskKind.MAP);
            var reduces = progress.phase(TaskKind.REDUCE);
            jobs.add(new JobSlots(progress.jobId(), demand(progress, TaskKind.MAP), demand(progress, TaskKind.REDUCE),
                    maps.runnableCount(), maps.allSucceeded() ? reduces.runnableCount() : 0,
                    utilityOf.of(progress, targets)));
        }
        var matrix = PlacementAlgorithm.place(jobs, List.of(new NodeRoom(node.nodeId(), node.free(), node.freeSlots())),
                new int[0][], ROUNDS);
        var heartbeat = new HeartbeatLaunches(node.nodeId(), now, Duration.ZERO, policy);
        var free = node.free();
        int freeSlots = node.freeSlots();
        for (int j = 0; j < jobs.size(); j++) {
            for (int k = matrix.maps(j, 0) + matrix.reduces(j, 0); k > 0; k--) {
                var placement = heartbeat.launch(progresses.get(j), free, freeSlots);
                if (placement == null) {
                    break;
                }
                free = free.minus(placement.demand());
                freeSlots--;
            }
        }
        return heartbeat.result();
    }

    private static CpuMemory demand(JobProgress progress, TaskKind kind) {
        return progress.job().group(kind).map(group -> group.demand()).orElse(CpuMemory.NONE);
    }
}
