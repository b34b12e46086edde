package io.gleaner.simulator.core;

import io.gleaner.planner.core.Admission;
import io.gleaner.planner.core.CapacityOutlook;
import io.gleaner.planner.core.InputPlacement;
import io.gleaner.planner.core.Job;
import io.gleaner.planner.core.JobHistory;
import io.gleaner.planner.core.JobProgress;
import io.gleaner.planner.core.PlacementPolicy;
import io.gleaner.planner.core.PlacementResult;
import io.gleaner.planner.core.PlanningState;
import io.gleaner.planner.core.PolicyOutputs;
import io.gleaner.planner.core.mdasa.DeadlineAwarePolicy;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A policy as it runs, with every admission it hands the cell kept, and, for MDASA and NDASA, the slot time reserved
 * for each admitted job, read as the job completes (the policy forgets it then). For the tests and benchmarks that
 * look at the deadline-aware policies' answers.
 */
public final class RecordedAnswers implements PlacementPolicy {

    private final PlacementPolicy policy;
    private final List<Admission> admissions = new ArrayList<>();
    private final Map<String, Double> reserved = new HashMap<>();

    public RecordedAnswers(PlacementPolicy policy) {
        this.policy = policy;
    }

    /** The admissions so far, in the order the policy gave them. */
    public List<Admission> admissions() {
        return admissions;
    }

    /** Slot time, in ms, reserved per admitted job that completed; empty for a policy that reserves none. */
    public Map<String, Double> reserved() {
        return reserved;
    }

    @Override
    public PlacementResult place(PlanningState state, Instant now) {
        return policy.place(state, now);
    }

    @Override
    public void onProgress(Optional<JobProgress> before, Optional<JobProgress> after) {
        if (policy instanceof DeadlineAwarePolicy dasa && before.isPresent() && after.isEmpty()) {
            var id = before.get().jobId();
            dasa.reservedSlotMillis(id).ifPresent(millis -> reserved.put(id, millis));
        }
        policy.onProgress(before, after);
    }

    @Override
    public void onNodeLost(String nodeId, Instant at) {
        policy.onNodeLost(nodeId, at);
    }

    @Override
    public PolicyOutputs takeOutputs() {
        var outputs = policy.takeOutputs();
        admissions.addAll(outputs.admissions());
        return outputs;
    }

    @Override
    public Optional<InputPlacement> placeInput(Job job, String dataset, CapacityOutlook outlook, JobHistory history) {
        return policy.placeInput(job, dataset, outlook, history);
    }
}
