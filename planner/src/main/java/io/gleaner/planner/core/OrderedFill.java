package io.gleaner.planner.core;

import java.time.Instant;
import java.util.ArrayList;

/**
 * Fills a node's spare capacity with runnable tasks of jobs in a given order: all of the first job's that fit, then
 * the next job's, and so on. FIFO's rule over the queue's order, and the makespan policies' over their plan's.
 *
 * <p>Within a job, attempts are taken in {@link JobProgress#runnable} order (relaunches, fresh maps by index,
 * reduces once every map has succeeded) while each fits in the node's free slots, CPU and RAM. At the first one that
 * does not fit, the job is passed over for this node with {@link Rejection.Reason#DOES_NOT_FIT} and the next job is
 * tried: a large task does not block smaller tasks of later jobs (Hadoop's FIFO only had uniform slots, where this
 * question does not arise). The job is not searched further for a smaller task: all its tasks of one kind have the
 * same demand, so none would fit either. When the node is full, because its free slots are used up or its spare CPU
 * or RAM is below {@link PlanningState#leastDemand()} (so no task of the queue fits), the remaining jobs are not
 * reached and get no rejection: a heartbeat of a full node costs the same however many jobs wait.
 */
public final class OrderedFill {

    private OrderedFill() {
    }

    /** The placements on {@code state.node()} at {@code now} of {@code jobs}, in that order, named {@code policy}. */
    public static PlacementResult fill(Iterable<JobProgress> jobs, PlanningState state, Instant now,
                                       PolicyName policy) {
        var node = state.node();
        var free = node.free();
        int freeSlots = node.freeSlots();
        var placed = new ArrayList<Placement>();
        var rejected = new ArrayList<Rejection>();
        for (var progress : jobs) {
            if (freeSlots == 0 || !free.fits(state.leastDemand())) {
                break;
            }
            if (!progress.hasRunnable()) {
                continue;
            }
            for (var attempt : progress.runnable(freeSlots)) {
                var demand = progress.job().group(attempt.kind()).orElseThrow().demand();
                if (!free.fits(demand)) {
                    rejected.add(new Rejection(progress.jobId(), Rejection.Reason.DOES_NOT_FIT));
                    break;
                }
                placed.add(Placement.of(progress.job(), attempt, node.nodeId(), now, policy.configValue()));
                free = free.minus(demand);
                freeSlots--;
            }
        }
        return new PlacementResult(placed, rejected);
    }
}
