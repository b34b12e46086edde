package io.gleaner.planner.core.ras;

import io.gleaner.planner.core.PlacementPolicy;
import io.gleaner.planner.core.PlacementResult;
import io.gleaner.planner.core.PlanningState;
import io.gleaner.planner.core.PolicyName;
import java.time.Instant;

/**
 * RAS, the resource-aware adaptive scheduler (seed 003 ch. 4): on every heartbeat, Algorithm 1
 * ({@link PlacementAlgorithm}) places the jobs' map and reduce tasks on the node by each task's own CPU and RAM
 * (job slots, not fixed slots, §4.2), maximising the lowest utility (Eq. 8) under Eqs 5–7
 * ({@link ResourceAwareUtility}) with s_req from the goal (Eq. 1, {@link JobTargets}). It reads no forecast: the
 * capacity it plans on is what the node has free now. docs/policies/ras.md.
 */
public final class RasPolicy implements PlacementPolicy {

    @Override
    public PlacementResult place(PlanningState state, Instant now) {
        return HeartbeatCycle.place(state, now, PolicyName.RAS, (progress, targets) ->
                (maps, reduces) -> ResourceAwareUtility.job(
                        targets.mapsPending() == 0 ? 1 : ResourceAwareUtility.map(targets.mapsRunning() + maps,
                                targets.required(), targets.mapsPending()),
                        targets.reduceUtility(reduces)));
    }
}
