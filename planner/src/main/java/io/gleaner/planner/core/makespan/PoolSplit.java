package io.gleaner.planner.core.makespan;

import java.util.List;

/**
 * How a batch runs: one pool with every slot (Johnson's rule alone) or two (BalancedPools), and the makespan, the
 * longer of the pools' (2015 thesis §5.5.3; Algorithm 6 line 17).
 *
 * @param pools one or two pools, the smaller jobs' first
 */
public record PoolSplit(List<SlotPool> pools) {

    public PoolSplit {
        pools = List.copyOf(pools);
        if (pools.isEmpty() || pools.size() > 2) {
            throw new IllegalArgumentException("a split has one or two pools, had " + pools.size());
        }
    }

    /** The batch's makespan: the longest pool's. */
    public double makespan() {
        return pools.stream().mapToDouble(SlotPool::makespan).max().orElseThrow();
    }
}
