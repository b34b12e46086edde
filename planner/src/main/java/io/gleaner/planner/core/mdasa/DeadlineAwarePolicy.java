package io.gleaner.planner.core.mdasa;

import io.gleaner.classifier.estimate.SlotsForDeadline;
import io.gleaner.planner.core.Admission;
import io.gleaner.planner.core.HeartbeatLaunches;
import io.gleaner.planner.core.JobProgress;
import io.gleaner.planner.core.PlacementPolicy;
import io.gleaner.planner.core.PlacementResult;
import io.gleaner.planner.core.PlanningState;
import io.gleaner.planner.core.PolicyName;
import io.gleaner.planner.core.PolicyOutputs;
import io.gleaner.planner.core.TaskKind;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * MDASA (seed 002 §4.3, Algorithm 2) and its naïve baseline NDASA (Algorithm 1): a job with a deadline is answered
 * when the policy first sees it ({@link DeadlinePlan}): sized by the wave model and the Lagrange or fixed-reduce
 * sizing, planned on the slots' occupancy (malleable or moldable), and admitted only when its goal can be met; the
 * answer goes on {@code jobs.admissions}. On a heartbeat the node's free slots go to the admitted jobs, earliest
 * deadline first, each up to the slots its plan holds in its current phase; what is left goes to the refused jobs
 * and those without a deadline, oldest first (Gleaner keeps a refused job and runs it on leftovers, where the
 * thesis would not run it at all), each such task marked in the ledger for its estimated length on the node, so that
 * later plans do not count on its slot.
 */
public final class DeadlineAwarePolicy implements PlacementPolicy {

    private static final Comparator<JobProgress> EARLIEST_DEADLINE = Comparator
            .comparing((JobProgress p) -> p.job().deadline().orElse(Instant.MAX))
            .thenComparing(p -> p.job().submitTime())
            .thenComparing(JobProgress::jobId);

    private final PolicyName name;
    private final DeadlinePlan.Allocation allocation;
    private final SlotsForDeadline.Method sizing;
    private SlotLedger ledger = new SlotLedger();
    private final Map<String, DeadlinePlan> plans = new HashMap<>();
    private final Map<String, Admission> unpublished = new LinkedHashMap<>();

    private DeadlineAwarePolicy(PolicyName name, DeadlinePlan.Allocation allocation, MdasaSettings settings) {
        this.name = name;
        this.allocation = allocation;
        this.sizing = Objects.requireNonNull(settings, "settings").sizing();
    }

    /** MDASA: malleable, Algorithm 2. */
    public static DeadlineAwarePolicy mdasa(MdasaSettings settings) {
        return new DeadlineAwarePolicy(PolicyName.MDASA, DeadlinePlan.Allocation.MALLEABLE, settings);
    }

    /** NDASA: moldable, Algorithm 1. */
    public static DeadlineAwarePolicy ndasa(MdasaSettings settings) {
        return new DeadlineAwarePolicy(PolicyName.NDASA, DeadlinePlan.Allocation.MOLDABLE, settings);
    }

    /**
     * Slot time reserved for {@code jobId}, in slot-milliseconds: the cost (docs/policies/mdasa.md#cost). Known from
     * the job's admission until the cell reports it complete ({@link #onProgress}); empty for a job not admitted.
     */
    public OptionalDouble reservedSlotMillis(String jobId) {
        var plan = plans.get(jobId);
        return plan != null && plan.admitted() ? OptionalDouble.of(plan.slotMillis()) : OptionalDouble.empty();
    }

    @Override
    public PlacementResult place(PlanningState state, Instant now) {
        var node = state.node();
        ledger.know(node.nodeId(), node.slots(), node.speedGflops());
        var admitted = new ArrayList<JobProgress>();
        var rest = new ArrayList<JobProgress>();
        for (var progress : state.queue()) {
            var job = progress.job();
            if (job.deadline().isPresent() && !plans.containsKey(job.jobId())) {
                answer(progress, state, now);
            }
            var plan = plans.get(job.jobId());
            (plan != null && plan.admitted() ? admitted : rest).add(progress);
        }
        admitted.sort(EARLIEST_DEADLINE);

        var heartbeat = new HeartbeatLaunches(node.nodeId(), now, Duration.ZERO, name);
        var free = node.free();
        int freeSlots = node.freeSlots();
        for (var progress : admitted) {
            var plan = plans.get(progress.jobId());
            var kind = progress.maps().allSucceeded() ? TaskKind.REDUCE : TaskKind.MAP;
            int cap = (kind == TaskKind.MAP ? plan.mapSlots() : plan.reduceSlots()) - progress.phase(kind).running();
            int launched = 0;
            var placement = launched < cap && freeSlots > 0 ? heartbeat.launch(progress, free, freeSlots) : null;
            while (placement != null) {
                free = free.minus(placement.demand());
                freeSlots--;
                launched++;
                placement = launched < cap && freeSlots > 0 ? heartbeat.launch(progress, free, freeSlots) : null;
            }
        }
        for (var progress : rest) {
            if (freeSlots == 0 || !free.fits(state.leastDemand())) {
                break;
            }
            var placement = heartbeat.launch(progress, free, freeSlots);
            var profile = placement == null ? null
                    : JobEstimate.profile(progress.job(), state.history(), node.speedGflops());
            while (placement != null) {
                free = free.minus(placement.demand());
                freeSlots--;
                double millis = placement.kind() == TaskKind.MAP ? profile.mapAvg()
                        : profile.firstShuffleAvg() + profile.reduceAvg();
                ledger.occupyEarliest(node.nodeId(), now.toEpochMilli(), (long) Math.ceil(millis));
                placement = freeSlots > 0 ? heartbeat.launch(progress, free, freeSlots) : null;
            }
        }
        return heartbeat.result();
    }

    private void answer(JobProgress progress, PlanningState state, Instant now) {
        var job = progress.job();
        var profile = JobEstimate.profile(job, state.history(), ledger.slowestGflops());
        var plan = DeadlinePlan.plan(job, profile, now, ledger, allocation, sizing);
        plans.put(job.jobId(), plan);
        unpublished.put(job.jobId(), plan.admission());
        if (plan.admitted()) {
            ledger = plan.ledger().orElseThrow();
        }
    }

    /** A completed job's plan is dropped; its claims in the ledger run out by themselves. */
    @Override
    public void onProgress(Optional<JobProgress> before, Optional<JobProgress> after) {
        if (after.isEmpty() && before.isPresent()) {
            plans.remove(before.get().jobId());
        }
    }

    @Override
    public void onNodeLost(String nodeId, Instant at) {
        ledger.forget(nodeId);
    }

    @Override
    public PolicyOutputs takeOutputs() {
        if (unpublished.isEmpty()) {
            return PolicyOutputs.NONE;
        }
        var outputs = new PolicyOutputs(Optional.empty(), List.copyOf(unpublished.values()));
        unpublished.clear();
        return outputs;
    }
}
