package io.gleaner.planner.core.adaptive;

import io.gleaner.planner.core.JobProgress;
import io.gleaner.planner.core.Placement;
import io.gleaner.planner.core.TaskKind;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * The task lengths the adaptive policy observes, per job, phase and pool: {@code mu^m} (section 3.3.2) and, for
 * hardware affinity, {@code mu^m_acc} and {@code mu^m_reg} (section 3.4.3); and when each attempt it placed started,
 * for {@code beta_i}.
 *
 * <p>A policy hears that an attempt succeeded without the outcome's time ({@code PlacementPolicy#onProgress}), so an
 * attempt's end is the event time of the first heartbeat after it ({@link #settle}): at most one heartbeat period late,
 * which errs on the long side (docs/policies/adaptive.md#deviations).
 */
final class TaskLengths {

    private record Started(TaskKind kind, int taskIndex, int attempt, boolean accelerated, Instant at) {
    }

    private static final class JobLengths {
        private final Map<String, Started> running = new HashMap<>();
        private final List<Started> ended = new ArrayList<>();
        /** Sum of seconds and count, by {@code kind * 2 + (accelerated ? 1 : 0)}. */
        private final double[] seconds = new double[4];
        private final int[] counts = new int[4];
        /** Whether a map was placed on the regular [0] and the accelerated [1] pool. */
        private final boolean[] mapOn = new boolean[2];
    }

    private final Map<String, JobLengths> jobs = new HashMap<>();

    /** {@code placement} started at its decision time on a node of that pool. */
    void started(Placement placement, boolean accelerated) {
        var job = jobs.computeIfAbsent(placement.jobId(), id -> new JobLengths());
        job.running.put(placement.decisionId(), new Started(placement.kind(), placement.taskIndex(),
                placement.attempt(), accelerated, placement.notBefore()));
        if (placement.kind() == TaskKind.MAP) {
            job.mapOn[accelerated ? 1 : 0] = true;
        }
    }

    /** The job's progress changed: its placed attempts that succeeded end at the next heartbeat, the others drop. */
    void update(JobProgress after) {
        var job = jobs.get(after.jobId());
        if (job == null) {
            return;
        }
        for (Iterator<Started> it = job.running.values().iterator(); it.hasNext(); ) {
            var started = it.next();
            var phase = after.phase(started.kind());
            int task = started.taskIndex();
            if (phase.hasSucceeded(task) && phase.latestAttempt(task) == started.attempt()) {
                job.ended.add(started);
                it.remove();
            } else if (!phase.isRunning(started.taskIndex(), started.attempt())) {
                it.remove();
            }
        }
    }

    /** The attempts that succeeded since the last heartbeat end at {@code now}. */
    void settle(Instant now) {
        for (var job : jobs.values()) {
            for (var started : job.ended) {
                int key = started.kind().ordinal() * 2 + (started.accelerated() ? 1 : 0);
                job.seconds[key] += seconds(started.at(), now);
                job.counts[key]++;
            }
            job.ended.clear();
        }
    }

    void forget(String jobId) {
        jobs.remove(jobId);
    }

    /** {@code mu} of the job's completed tasks of {@code kind} on both pools; empty before one completed. */
    OptionalDouble mean(String jobId, TaskKind kind) {
        var job = jobs.get(jobId);
        if (job == null) {
            return OptionalDouble.empty();
        }
        int at = kind.ordinal() * 2;
        int count = job.counts[at] + job.counts[at + 1];
        return count == 0 ? OptionalDouble.empty() : OptionalDouble.of((job.seconds[at] + job.seconds[at + 1]) / count);
    }

    /** {@code mu} of the job's completed tasks of {@code kind} on one pool; empty before one completed there. */
    OptionalDouble mean(String jobId, TaskKind kind, boolean accelerated) {
        var job = jobs.get(jobId);
        int at = kind.ordinal() * 2 + (accelerated ? 1 : 0);
        return job == null || job.counts[at] == 0 ? OptionalDouble.empty()
                : OptionalDouble.of(job.seconds[at] / job.counts[at]);
    }

    /** {@code beta_i} at {@code now} of the job's running attempts of {@code kind} that this policy placed. */
    List<Double> elapsed(String jobId, TaskKind kind, Instant now) {
        var job = jobs.get(jobId);
        var result = new ArrayList<Double>();
        if (job != null) {
            job.running.values().stream().filter(s -> s.kind() == kind).forEach(s -> result.add(seconds(s.at(), now)));
        }
        return result;
    }

    /** {@code beta_i} of the running maps on one pool. */
    List<Double> elapsedMaps(String jobId, boolean accelerated, Instant now) {
        var job = jobs.get(jobId);
        var result = new ArrayList<Double>();
        if (job != null) {
            job.running.values().stream().filter(s -> s.kind() == TaskKind.MAP && s.accelerated() == accelerated)
                    .forEach(s -> result.add(seconds(s.at(), now)));
        }
        return result;
    }

    /** Whether this policy placed a map of the job on that pool (hardware affinity's calibration). */
    boolean mapPlacedOn(String jobId, boolean accelerated) {
        var job = jobs.get(jobId);
        return job != null && job.mapOn[accelerated ? 1 : 0];
    }

    private static double seconds(Instant from, Instant to) {
        return Duration.between(from, to).toNanos() / 1e9;
    }
}
