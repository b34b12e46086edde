package io.gleaner.planner.core;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A job and how far its tasks have got: what the planner keeps per job between heartbeats.
 *
 * <p>Rules (Hadoop MapReduce's): reduces become runnable only once every map has succeeded; a task whose
 * current attempt ends without success is relaunched as the next attempt, before any fresh task of its
 * kind; a task that succeeded stays succeeded (lost map output is not modelled). A FAILED attempt counts against
 * its task and may hold the task out a backoff first (docs/retries-and-reservations.md).
 *
 * @param localityWaitSince delay scheduling's wait ({@code FairPolicy}): when the job was first passed over for want
 *                          of a node-local map since its last node-local launch; empty when it is not waiting. Kept
 *                          here, with the job's progress, so that it survives a restart of the planner; only the
 *                          policy's {@link PlacementResult#localityWaits()} change it (through the
 *                          {@link PlannerCell}).
 * @param lostAttempts      attempts of the job lost with their node so far ({@link #onLost})
 * @param succeededMaps     the node each succeeded map ran on, for the reduces' map outputs
 */
public record JobProgress(Job job, PhaseProgress maps, PhaseProgress reduces, Optional<Instant> localityWaitSince,
                          int lostAttempts, SucceededMaps succeededMaps) {

    public JobProgress {
        Objects.requireNonNull(job, "job");
        Objects.requireNonNull(maps, "maps");
        Objects.requireNonNull(reduces, "reduces");
        Objects.requireNonNull(localityWaitSince, "localityWaitSince");
        Objects.requireNonNull(succeededMaps, "succeededMaps");
        if (succeededMaps.count() != maps.count()) {
            throw new IllegalArgumentException("succeededMaps count " + succeededMaps.count() + " differs from job "
                    + job.jobId() + "'s " + maps.count() + " maps");
        }
        if (lostAttempts < 0) {
            throw new IllegalArgumentException("lostAttempts must be >= 0, was " + lostAttempts);
        }
        if (maps.count() != job.count(TaskKind.MAP)) {
            throw new IllegalArgumentException("maps count " + maps.count() + " differs from job " + job.jobId()
                    + "'s " + job.count(TaskKind.MAP));
        }
        if (reduces.count() != job.count(TaskKind.REDUCE)) {
            throw new IllegalArgumentException("reduces count " + reduces.count() + " differs from job "
                    + job.jobId() + "'s " + job.count(TaskKind.REDUCE));
        }
        if (reduces.launchedCount() > 0 && !maps.allSucceeded()) {
            throw new IllegalArgumentException("job " + job.jobId() + " launched reduces before all maps succeeded");
        }
    }

    /** Progress of a job that lost no attempt and knows no map's node. */
    public JobProgress(Job job, PhaseProgress maps, PhaseProgress reduces, Optional<Instant> localityWaitSince) {
        this(job, maps, reduces, localityWaitSince, 0, SucceededMaps.none(maps.count()));
    }

    /** Progress of a job that is not waiting for locality. */
    public JobProgress(Job job, PhaseProgress maps, PhaseProgress reduces) {
        this(job, maps, reduces, Optional.empty());
    }

    /** A job just submitted: nothing launched. */
    public static JobProgress start(Job job) {
        return new JobProgress(job, PhaseProgress.start(job.count(TaskKind.MAP)),
                PhaseProgress.start(job.count(TaskKind.REDUCE)));
    }

    /** The job's id. */
    public String jobId() {
        return job.jobId();
    }

    /** Progress of the tasks of {@code kind}. */
    public PhaseProgress phase(TaskKind kind) {
        return kind == TaskKind.MAP ? maps : reduces;
    }

    /** Whether some attempt could be placed now. */
    public boolean hasRunnable() {
        return maps.hasRunnable() || maps.allSucceeded() && reduces.hasRunnable();
    }

    /**
     * Up to {@code limit} attempts ready to place, in the order to place them: map relaunches, fresh maps by
     * index, then (only once every map has succeeded) reduce relaunches and fresh reduces by index.
     */
    public List<TaskAttempt> runnable(int limit) {
        var result = new ArrayList<>(maps.runnable(jobId(), TaskKind.MAP, limit));
        if (maps.allSucceeded() && result.size() < limit) {
            result.addAll(reduces.runnable(jobId(), TaskKind.REDUCE, limit - result.size()));
        }
        return result;
    }

    /** Number of tasks waiting for an attempt now: maps, and reduces once every map has succeeded. */
    public int runnableCount() {
        return maps.runnableCount() + (maps.allSucceeded() ? reduces.runnableCount() : 0);
    }

    /** Number of the job's attempts that were placed and have not ended. */
    public int running() {
        return maps.running() + reduces.running();
    }

    /** This progress with delay scheduling's wait set to {@code since} (empty: not waiting). */
    public JobProgress withLocalityWait(Optional<Instant> since) {
        return since.equals(localityWaitSince) ? this : new JobProgress(job, maps, reduces, since, lostAttempts, succeededMaps);
    }

    /** Records that {@code placement} was made. */
    public JobProgress withPlaced(Placement placement) {
        return withPlaced(List.of(placement));
    }

    /** Records that these placements, all of this job and each runnable in turn, were made. */
    public JobProgress withPlaced(Collection<Placement> placements) {
        var placedMaps = new ArrayList<TaskAttempt>();
        var placedReduces = new ArrayList<TaskAttempt>();
        for (var placement : placements) {
            if (!placement.jobId().equals(jobId())) {
                throw new IllegalArgumentException("placement " + placement.decisionId() + " is not of job " + jobId());
            }
            (placement.kind() == TaskKind.MAP ? placedMaps : placedReduces).add(placement.taskAttempt());
        }
        if (!placedReduces.isEmpty() && !maps.allSucceeded()) {
            throw new IllegalArgumentException("reduce " + placedReduces.get(0).decisionId()
                    + " placed before all maps of job " + jobId() + " succeeded");
        }
        var newMaps = placedMaps.isEmpty() ? maps : maps.withPlaced(placedMaps);
        var newReduces = placedReduces.isEmpty() ? reduces : reduces.withPlaced(placedReduces);
        return with(newMaps, newReduces);
    }

    /** Whether that attempt of one of this job's tasks was placed (see {@link PhaseProgress#wasPlaced}). */
    boolean wasPlaced(TaskAttempt attempt) {
        return attempt.jobId().equals(jobId()) && phase(attempt.kind()).wasPlaced(attempt.taskIndex(), attempt.attempt());
    }

    /** Whether that attempt of one of this job's tasks was placed and has not ended. */
    public boolean isRunning(TaskAttempt attempt) {
        return attempt.jobId().equals(jobId())
                && phase(attempt.kind()).isRunning(attempt.taskIndex(), attempt.attempt());
    }

    /**
     * The attempt was lost with its node ({@link NodeLiveness}): its task waits for relaunch as attempt + 1, as after
     * KILLED, which no attempt limit counts against the task (docs/node-liveness.md). This instance when the attempt
     * is not running.
     */
    public JobProgress onLost(TaskAttempt attempt) {
        if (!isRunning(attempt)) {
            return this;
        }
        var phase = phase(attempt.kind());
        var updated = phase.onOutcome(attempt.taskIndex(), attempt.attempt(), TaskOutcome.State.KILLED);
        var next = attempt.kind() == TaskKind.MAP ? with(updated, reduces) : with(maps, updated);
        return new JobProgress(job, next.maps, next.reduces, localityWaitSince, lostAttempts + 1, succeededMaps);
    }

    /**
     * Applies a task outcome, relaunching at once after any end. Idempotent: a duplicate SUCCEEDED, an outcome of a
     * superseded attempt, an outcome of a task that already succeeded, an outcome of an attempt never placed and
     * LAUNCHED change nothing (this instance is returned). FAILED, KILLED, PREEMPTED or REFUSED of the current
     * attempt of a task that has not succeeded queues the task for relaunch as attempt + 1; FAILED also counts
     * against the task ({@link PhaseProgress#failures}). SUCCEEDED of a map remembers its node.
     */
    public JobProgress onOutcome(TaskOutcome outcome) {
        return onOutcome(outcome, Duration.ZERO);
    }

    /**
     * The same, except that the task of a FAILED attempt waits {@code backoff} from the outcome's time before it
     * joins the relaunch queue ({@link #releaseBackoff}); zero relaunches at once.
     */
    public JobProgress onOutcome(TaskOutcome outcome, Duration backoff) {
        if (!outcome.jobId().equals(jobId())) {
            throw new IllegalArgumentException("outcome " + outcome.decisionId() + " is not of job " + jobId());
        }
        var phase = phase(outcome.kind());
        var retryAt = backoff.isZero() ? Optional.<Instant>empty() : Optional.of(outcome.time().plus(backoff));
        var updated = phase.onOutcome(outcome.taskIndex(), outcome.attempt(), outcome.state(), retryAt);
        if (updated == phase) {
            return this;
        }
        if (outcome.kind() == TaskKind.REDUCE) {
            return with(maps, updated);
        }
        var next = with(updated, reduces);
        return outcome.state() == TaskOutcome.State.SUCCEEDED
                ? new JobProgress(job, next.maps, reduces, localityWaitSince, lostAttempts,
                        succeededMaps.with(outcome.taskIndex(), outcome.nodeId()))
                : next;
    }

    /** The tasks whose retry backoff ended at or before {@code now} join the relaunch queue; this when none did. */
    JobProgress releaseBackoff(Instant now) {
        var newMaps = maps.releaseBackoff(now);
        var newReduces = reduces.releaseBackoff(now);
        return newMaps == maps && newReduces == reduces ? this : with(newMaps, newReduces);
    }

    /** When the first task waiting out a retry backoff may get its next attempt; empty when none waits. */
    Optional<Instant> nextRelease() {
        var map = maps.nextRelease();
        var reduce = reduces.nextRelease();
        if (map.isEmpty()) {
            return reduce;
        }
        return reduce.isPresent() && reduce.get().isBefore(map.get()) ? reduce : map;
    }

    /** Tasks of the job, all groups together. */
    public int tasks() {
        return maps.count() + reduces.count();
    }

    /** Tasks of the job that succeeded. */
    public int succeededTasks() {
        return maps.succeededCount() + reduces.succeededCount();
    }

    /** Attempts of the job that FAILED. */
    public int failedAttempts() {
        return maps.failedAttempts() + reduces.failedAttempts();
    }

    /** Whether no attempt of the job was ever placed. */
    boolean isUnstarted() {
        return maps.launchedCount() == 0 && reduces.launchedCount() == 0;
    }

    /** Where the job's succeeded maps' outputs are, grouped by node, for a reduce's placement. */
    public List<MapOutputs> mapOutputs() {
        return succeededMaps.byNode(maps);
    }

    private JobProgress with(PhaseProgress newMaps, PhaseProgress newReduces) {
        return new JobProgress(job, newMaps, newReduces, localityWaitSince, lostAttempts, succeededMaps);
    }

    /** Whether every task of the job succeeded. */
    boolean isComplete() {
        return maps.allSucceeded() && reduces.allSucceeded();
    }
}
