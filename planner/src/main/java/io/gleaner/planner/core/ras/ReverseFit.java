package io.gleaner.planner.core.ras;

import io.gleaner.planner.core.CpuMemory;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.stream.IntStream;

/**
 * Algorithm 2 of seed 003 (§5.3.4.2), the reverse fit that gives s_fit: starting from the latest goal and moving
 * back to now, each period between goals is filled with the pending work of the jobs whose goal is at or after
 * it, latest goal first, as far as the capacity to come (f(t), Eq. 19's Ω_tt) allows; what does not fit is pushed
 * back into the period before. s_fit is the number of a job's tasks that must run at once now for the rest to fit.
 *
 * <p>The notes' defects and open points (seed-003 notes §2.6 and §9.8), decided here
 * (docs/policies/reverse-adaptive.md#algorithm-2):
 * <ul>
 *   <li>The sort of line 5 is by <b>descending</b> goal, as the prose says (latest deadline first), not the
 *       ascending order the pseudo-code suggests.</li>
 *   <li>{@code fit(j, a, b)} integrates the capacity over [a, b] in slices of {@code slice}, the thesis's spline
 *       integration made discrete: a slice gives {@code capacity × slice} CPU- and RAM-seconds, and a job takes
 *       task-seconds (µ_j each task) as far as both last, at most its pending tasks running throughout the part of
 *       the slice before its goal.</li>
 *   <li>Jobs that share a period share its capacity (the prose's "as long as they fit within the available amount
 *       of resources"): the slices are filled from the last backwards, and in each slice the jobs take their part
 *       latest goal first.</li>
 *   <li>The first period runs from now ({@code a} of the last iteration is T_curr).</li>
 *   <li>The leftover becomes a concurrency: s_fit is the task-seconds pushed back into the first slice, divided
 *       by the slice (rounded up), the tasks the job must hold during the next cycle; a job whose work does not fit
 *       even then gets s_fit = s_pend, all it can use, since it will miss its goal otherwise.</li>
 * </ul>
 */
public final class ReverseFit {

    private ReverseFit() {
    }

    /** Capacity for Gleaner's tasks in slice {@code k} = [now + k·slice, now + (k+1)·slice): cores and RAM. */
    @FunctionalInterface
    public interface SliceCapacity {
        CpuMemory at(int k);
    }

    /** Slices from {@code now} to the latest goal of {@code jobs} (0 when none lies ahead). */
    public static int slices(Instant now, Duration slice, List<FitJob> jobs) {
        long latest = 0;
        for (var job : jobs) {
            latest = Math.max(latest, Duration.between(now, job.goal()).toMillis());
        }
        return (int) Math.min(Integer.MAX_VALUE, (latest + slice.toMillis() - 1) / slice.toMillis());
    }

    /**
     * s_fit of each of {@code jobs}, in their order. A job whose goal is not after {@code now} gets its s_pend and
     * takes no part in the fill.
     */
    public static int[] fit(Instant now, Duration slice, List<FitJob> jobs, SliceCapacity capacity) {
        Objects.requireNonNull(now, "now");
        Objects.requireNonNull(capacity, "capacity");
        if (slice.isNegative() || slice.isZero()) {
            throw new IllegalArgumentException("slice must be > 0, was " + slice);
        }
        double sliceSeconds = slice.toMillis() / 1000.0;
        int n = jobs.size();
        double[] work = new double[n];
        double[] goalSeconds = new double[n];
        int[] sFit = new int[n];
        for (int j = 0; j < n; j++) {
            var job = jobs.get(j);
            work[j] = job.pending() * job.taskSeconds();
            goalSeconds[j] = Duration.between(now, job.goal()).toMillis() / 1000.0;
        }
        // Line 5, descending: latest goal first; equal goals in the given order.
        var latestFirst = IntStream.range(0, n).boxed()
                .sorted(Comparator.<Integer>comparingDouble(j -> -goalSeconds[j]).thenComparingInt(j -> j))
                .filter(j -> goalSeconds[j] > 0)
                .toList();
        for (int k = slices(now, slice, jobs) - 1; k >= 0; k--) {
            double start = k * sliceSeconds;
            var room = capacity.at(k);
            double cpuSeconds = room.cpus() * sliceSeconds;
            double memorySeconds = room.memoryBytes() * sliceSeconds;
            for (int j : latestFirst) {
                var job = jobs.get(j);
                double usable = Math.min(goalSeconds[j], start + sliceSeconds) - start;
                if (usable <= 0 || work[j] <= 0) {
                    continue;
                }
                double take = Math.min(work[j], job.pending() * usable);
                if (job.demand().cpus() > 0) {
                    take = Math.min(take, cpuSeconds / job.demand().cpus());
                }
                if (job.demand().memoryBytes() > 0) {
                    take = Math.min(take, memorySeconds / job.demand().memoryBytes());
                }
                take = Math.max(0, take);
                work[j] -= take;
                cpuSeconds -= take * job.demand().cpus();
                memorySeconds -= take * job.demand().memoryBytes();
                if (k == 0) {
                    sFit[j] = (int) Math.ceil(take / usable - 1e-9);
                }
            }
        }
        for (int j = 0; j < n; j++) {
            if (goalSeconds[j] <= 0 || work[j] > 1e-6 * jobs.get(j).taskSeconds()) {
                sFit[j] = jobs.get(j).pending();
            }
            sFit[j] = Math.min(sFit[j], jobs.get(j).pending());
        }
        return sFit;
    }
}
