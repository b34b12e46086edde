package io.gleaner.planner.core;

import java.util.TreeMap;

/**
 * How many task groups of the counted jobs hold each amount of CPU and each amount of RAM, so that the least of
 * each is known after jobs come and go ({@link PlannerState#leastDemand()}). Not thread-safe.
 */
final class DemandCounts {

    private final TreeMap<Double, Integer> cpus = new TreeMap<>();
    private final TreeMap<Long, Integer> memory = new TreeMap<>();

    /** Counts the demands of {@code job}'s task groups. */
    void add(Job job) {
        for (var group : job.taskGroups()) {
            cpus.merge(group.demand().cpus(), 1, Integer::sum);
            memory.merge(group.demand().memoryBytes(), 1, Integer::sum);
        }
    }

    /** Stops counting the demands of {@code job}'s task groups, which must have been added. */
    void remove(Job job) {
        for (var group : job.taskGroups()) {
            cpus.merge(group.demand().cpus(), -1, (count, minus) -> count + minus == 0 ? null : count + minus);
            memory.merge(group.demand().memoryBytes(), -1,
                    (count, minus) -> count + minus == 0 ? null : count + minus);
        }
    }

    /** The least CPU and the least RAM of the counted demands, each on its own; {@link CpuMemory#NONE} if none. */
    CpuMemory least() {
        return cpus.isEmpty() ? CpuMemory.NONE : new CpuMemory(cpus.firstKey(), memory.firstKey());
    }
}
