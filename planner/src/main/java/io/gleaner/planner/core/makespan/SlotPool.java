package io.gleaner.planner.core.makespan;

import java.util.List;

/**
 * A share of the cluster's slots with the jobs that run on it, in {@link JohnsonRule} order (2015 thesis §5.5.3:
 * "Pool1 with 10 map and 10 reduce slots"), and the flow-shop makespan of that order on it.
 *
 * @param slots the pool's map slots, the same number of reduce slots, &gt;= 1
 * @param order the pool's jobs, stage lengths on {@code slots}, in the order they run
 */
public record SlotPool(int slots, List<StageLengths> order, double makespan) {

    public SlotPool {
        order = List.copyOf(order);
        if (slots < 1) {
            throw new IllegalArgumentException("slots must be >= 1, was " + slots);
        }
    }

    /** {@code jobs} in Johnson's order on {@code slots} slots. */
    static SlotPool johnson(List<BatchJob> jobs, int slots) {
        var order = JohnsonRule.order(jobs.stream().map(job -> job.stageLengths(slots)).toList());
        return new SlotPool(slots, order, FlowShop.makespan(order));
    }
}
