package io.gleaner.planner.core.makespan;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * BalancedPools (Verma, Cherkasova, Campbell, "Two sides of a coin: optimizing the schedule of MapReduce jobs to
 * minimize their makespan and improve cluster performance", MASCOTS 2012), which the 2015 thesis describes in
 * §5.5.3 but whose Algorithm 5 it does not reproduce. Rebuilt from that description and from Algorithm 6 (the
 * thesis's genetic variant of it, seed-002-notes §4.A) with Johnson's rule in place of GeneticOrder, and with the
 * defects the notes list fixed: the binary search runs to convergence (Algorithm 6 line 16 stops after one probe),
 * neither pool gets 0 slots (line 6), and the best probe is kept rather than the last (lines 17–19).
 */
public final class BalancedPools {

    private static final Comparator<BatchJob> BY_MAP_TASKS =
            Comparator.comparingInt(BatchJob::mapTasks).thenComparing(BatchJob::jobId);

    private BalancedPools() {
    }

    /** {@link #split(List, int, int[])} with every pool size 1 .. {@code slots} − 1 allowed. */
    public static PoolSplit split(List<BatchJob> jobs, int slots) {
        int[] sizes = new int[Math.max(0, slots - 1)];
        for (int i = 0; i < sizes.length; i++) {
            sizes[i] = i + 1;
        }
        return split(jobs, slots, sizes);
    }

    /**
     * The best of Johnson's rule on all {@code slots} and every split: the jobs sorted by increasing number of map
     * tasks (Algorithm 6 line 1; ties by job id), the first s in pool a and the rest in pool b for s = 1 .. n − 1
     * (lines 3–5), pool a's size found by binary search over {@code poolSizes} so that the two pools' makespans
     * balance (lines 7–16: pool a shrinks while it finishes first), each pool in Johnson's order on its slots, a
     * pool's makespan its flow shop's (the job-level {@code Simulate} of notes §4.A item 6). A split is kept only
     * when it is shorter than the best so far, so ties keep Johnson alone.
     *
     * @param slots     the cluster's map slots (as many reduce slots), &gt;= 1
     * @param poolSizes the sizes pool a may take, ascending, each in 1 .. {@code slots} − 1 (a cluster of nodes
     *                  splits at node boundaries only)
     */
    public static PoolSplit split(List<BatchJob> jobs, int slots, int[] poolSizes) {
        if (slots < 1) {
            throw new IllegalArgumentException("slots must be >= 1, was " + slots);
        }
        for (int i = 0; i < poolSizes.length; i++) {
            if (poolSizes[i] < 1 || poolSizes[i] >= slots || (i > 0 && poolSizes[i] <= poolSizes[i - 1])) {
                throw new IllegalArgumentException("pool sizes must ascend within 1.." + (slots - 1) + ", had "
                        + poolSizes[i] + " at index " + i);
            }
        }
        var sorted = new ArrayList<>(jobs);
        sorted.sort(BY_MAP_TASKS);
        var best = new PoolSplit(List.of(SlotPool.johnson(sorted, slots)));
        for (int s = 1; s < sorted.size() && poolSizes.length > 0; s++) {
            var a = sorted.subList(0, s);
            var b = sorted.subList(s, sorted.size());
            int lo = 0;
            int hi = poolSizes.length - 1;
            while (lo <= hi) {
                int mid = (lo + hi) >>> 1;
                var poolA = SlotPool.johnson(a, poolSizes[mid]);
                var poolB = SlotPool.johnson(b, slots - poolSizes[mid]);
                var probe = new PoolSplit(List.of(poolA, poolB));
                if (probe.makespan() < best.makespan()) {
                    best = probe;
                }
                if (poolA.makespan() < poolB.makespan()) {
                    hi = mid - 1;
                } else {
                    lo = mid + 1;
                }
            }
        }
        return best;
    }
}
