package io.gleaner.planner.core.ras;

import io.gleaner.planner.core.CapacityOutlook;
import io.gleaner.planner.core.CpuMemory;
import io.gleaner.planner.core.JobProgress;
import io.gleaner.planner.core.NodeState;
import io.gleaner.planner.core.PlacementPolicy;
import io.gleaner.planner.core.PlacementResult;
import io.gleaner.planner.core.PlanningState;
import io.gleaner.planner.core.PolicyName;
import io.gleaner.planner.core.TaskKind;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Reverse-Adaptive (seed 003 ch. 5, §5.3): RAS's placement (Algorithm 1, {@link PlacementAlgorithm}) under the
 * utility of Eq. 14 ({@link ReverseAdaptiveUtility}), whose s_fit comes from the reverse fit of the jobs' pending
 * work onto the capacity to come (Algorithm 2, {@link ReverseFit}). f(t) is Gleaner's forecast of what the owners
 * leave ({@link CapacityOutlook}, Eq. 19's Ω_tt = Ω_n − Ω_ds): per slice, the sum over the nodes seen of their
 * forecast spare share times their capacity; a node without a forecast counts its whole capacity, as if no owner
 * used it. docs/policies/reverse-adaptive.md.
 *
 * <p>The fit is redone at the first heartbeat of each {@link #FIT_PERIOD} of event time and at the first heartbeat
 * after a job arrives or finishes, over the whole queue at once; in between, heartbeats use the s_fit it gave.
 */
public final class ReverseAdaptivePolicy implements PlacementPolicy {

    /**
     * How often the fit is redone: the thesis's control cycle, "of the order of tens of seconds" (§4.2.2, the same
     * in ch. 5). Placements still happen on every heartbeat.
     */
    static final Duration FIT_PERIOD = Duration.ofSeconds(30);
    /** The fit's slice: the forecaster's 3-minute step, finer than f(t) is known. */
    static final Duration SLICE = Duration.ofMinutes(3);

    /** The nodes seen, by id, as of their last heartbeat: Σ over them is the cluster's capacity. */
    private final SortedMap<String, NodeState> nodes = new TreeMap<>();
    private Map<String, Integer> fits = Map.of();
    private Optional<Instant> fittedAt = Optional.empty();
    private boolean queueChanged = true;

    @Override
    public PlacementResult place(PlanningState state, Instant now) {
        nodes.put(state.node().nodeId(), state.node());
        if (queueChanged || fittedAt.isEmpty() || !now.isBefore(fittedAt.get().plus(FIT_PERIOD))) {
            fits = fit(state, now);
            fittedAt = Optional.of(now);
            queueChanged = false;
        }
        return HeartbeatCycle.place(state, now, PolicyName.REVERSE_ADAPTIVE, (progress, targets) -> {
            int pending = targets.mapsPending();
            int sFit = Math.min(pending, fits.getOrDefault(progress.jobId(), 0));
            return (maps, reduces) -> ResourceAwareUtility.job(
                    pending == 0 ? 1 : ReverseAdaptiveUtility.map(targets.mapsRunning() + maps, sFit,
                            targets.required(), pending),
                    targets.reduceUtility(reduces));
        });
    }

    @Override
    public void onProgress(Optional<JobProgress> before, Optional<JobProgress> after) {
        if (before.isEmpty() || after.isEmpty()) {
            queueChanged = true;
        }
    }

    @Override
    public void onNodeLost(String nodeId, Instant at) {
        nodes.remove(nodeId);
        queueChanged = true;
    }

    /**
     * Algorithm 2 over the queued jobs with a goal and maps left, each fitted against its map goal less one map's µ:
     * Gleaner does not preempt, so capacity the fit gives a job only frees as the tasks other jobs run there end, up
     * to one task length later than the fit assumes (docs/policies/reverse-adaptive.md#algorithm-2).
     */
    private Map<String, Integer> fit(PlanningState state, Instant now) {
        double speed = nodes.values().stream().mapToDouble(NodeState::speedGflops).average().orElse(1);
        var jobs = new ArrayList<FitJob>();
        for (var progress : state.queue()) {
            var targets = JobTargets.of(progress, speed, now);
            var demand = progress.job().group(TaskKind.MAP).map(group -> group.demand());
            if (targets.mapGoal().isPresent() && targets.mapsPending() > 0 && demand.isPresent()) {
                var lag = Duration.ofNanos((long) (targets.mapSeconds() * 1e9));
                jobs.add(new FitJob(progress.jobId(), targets.mapGoal().get().minus(lag), targets.mapsPending(),
                        targets.mapSeconds(), demand.get()));
            }
        }
        if (jobs.isEmpty()) {
            return Map.of();
        }
        var capacity = capacity(state.outlook(), now, ReverseFit.slices(now, SLICE, jobs));
        int[] sFit = ReverseFit.fit(now, SLICE, jobs, k -> capacity[k]);
        var byJob = new HashMap<String, Integer>();
        for (int j = 0; j < jobs.size(); j++) {
            byJob.put(jobs.get(j).jobId(), sFit[j]);
        }
        return byJob;
    }

    /** f(t) per slice: Σ over the nodes of the forecast spare share at the slice's middle times the capacity. */
    private CpuMemory[] capacity(CapacityOutlook outlook, Instant now, int slices) {
        double[] cpus = new double[slices];
        double[] memory = new double[slices];
        double[] cpuShare = new double[slices];
        double[] memoryShare = new double[slices];
        var middle = now.plus(SLICE.dividedBy(2));
        for (var node : nodes.values()) {
            outlook.spare(node.nodeId(), CapacityOutlook.Resource.CPU, middle, SLICE, cpuShare);
            outlook.spare(node.nodeId(), CapacityOutlook.Resource.MEMORY, middle, SLICE, memoryShare);
            for (int k = 0; k < slices; k++) {
                cpus[k] += share(cpuShare[k]) * node.capacity().cpus();
                memory[k] += share(memoryShare[k]) * node.capacity().memoryBytes();
            }
        }
        var result = new CpuMemory[slices];
        for (int k = 0; k < slices; k++) {
            result[k] = new CpuMemory(cpus[k], (long) memory[k]);
        }
        return result;
    }

    private static double share(double forecast) {
        return Double.isNaN(forecast) ? 1 : forecast;
    }
}
