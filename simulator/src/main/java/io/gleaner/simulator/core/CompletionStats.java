package io.gleaner.simulator.core;

import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * Job completion times of a run. Completion time of a job is the end of its last successful task attempt less its
 * submit time. Mean and percentiles are over completed jobs only; percentiles use the nearest-rank method (the p-th
 * percentile of n sorted values is the one of rank ceil(p * n / 100)). Makespan is the last completed job's finish
 * less the first submission. All are {@link Duration#ZERO} when no job completed ({@link #any()} is false).
 *
 * @param completions one per completed job, by (submit time, job id)
 */
public record CompletionStats(List<JobCompletion> completions, Duration mean, Duration p50, Duration p95,
                              Duration p99, Duration makespan) {

    public CompletionStats {
        completions = List.copyOf(completions);
        Objects.requireNonNull(mean, "mean");
        Objects.requireNonNull(p50, "p50");
        Objects.requireNonNull(p95, "p95");
        Objects.requireNonNull(p99, "p99");
        Objects.requireNonNull(makespan, "makespan");
    }

    /** The statistics of {@code completions}, with makespan measured from {@code firstSubmit}. */
    public static CompletionStats of(List<JobCompletion> completions, Instant firstSubmit) {
        if (completions.isEmpty()) {
            return new CompletionStats(completions, Duration.ZERO, Duration.ZERO, Duration.ZERO, Duration.ZERO,
                    Duration.ZERO);
        }
        var times = completions.stream().map(c -> c.completionTime().toMillis()).sorted().toList();
        var mean = Duration.ofMillis(Math.round(times.stream().mapToLong(Long::longValue).average().orElseThrow()));
        var lastFinish = completions.stream().map(JobCompletion::finishTime).max(Comparator.naturalOrder())
                .orElseThrow();
        return new CompletionStats(completions, mean, percentile(times, 50), percentile(times, 95),
                percentile(times, 99), Duration.between(firstSubmit, lastFinish));
    }

    /** Whether any job completed. */
    public boolean any() {
        return !completions.isEmpty();
    }

    private static Duration percentile(List<Long> sorted, double p) {
        return Duration.ofMillis(NearestRank.percentile(sorted, p));
    }
}
