package io.gleaner.planner.core;

import java.time.Duration;
import java.time.Instant;

/**
 * Cuckoo's task placement, the baseline of Salamander (§II-C, §IV): jobs oldest first, and within a job a map whose
 * chunk is on the node first, then any map, then reduces, without waiting for locality. Cuckoo's controller (kill on
 * any violation) is the QoS controller's {@code cuckoo} mode. Its data placement (chunks dealt to nodes by weighted
 * round robin over their forecast spare capacity) is not modelled: chunks lie where the input was written, as the
 * simulator spreads them.
 *
 * <p>Fit, as in {@link FifoPolicy}: a job whose next task does not fit what the node has left is passed over for the
 * rest of the heartbeat.
 */
public final class CuckooPolicy implements PlacementPolicy {

    @Override
    public PlacementResult place(PlanningState state, Instant now) {
        var node = state.node();
        var free = node.free();
        int freeSlots = node.freeSlots();
        var heartbeat = new HeartbeatLaunches(node.nodeId(), now, Duration.ZERO, PolicyName.CUCKOO);
        for (var progress : state.queue()) {
            if (freeSlots == 0 || !free.fits(state.leastDemand())) {
                break;
            }
            Placement placement;
            while (freeSlots > 0 && (placement = heartbeat.launch(progress, free, freeSlots)) != null) {
                free = free.minus(placement.demand());
                freeSlots--;
            }
        }
        return heartbeat.result();
    }
}
