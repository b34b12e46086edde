package io.gleaner.planner.core;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What one heartbeat decided so far: placements, rejections, and each job's turn. The task choice of the policies
 * that pick a job first and then its task ({@code FairPolicy}, {@code CoshhPolicy}): node-local maps first, delay
 * scheduling's wait (Zaharia et al. 2010) when the job has none here, relaunches before fresh tasks.
 */
public final class HeartbeatLaunches {
    private final String nodeId;
    private final Instant now;
    private final Duration localityDelay;
    private final String policy;
    private final List<Placement> placed = new ArrayList<>();
    private final List<Rejection> rejected = new ArrayList<>();
    /** The jobs met on this heartbeat, in the order they were first met. */
    private final Map<String, JobTurn> turns = new LinkedHashMap<>();

    /**
     * @param localityDelay how long a job with node-local maps elsewhere waits before it launches a map here;
     *                      {@link Duration#ZERO} for locality first but no waiting
     * @param policy        the policy that decides, named in each placement
     */
    public HeartbeatLaunches(String nodeId, Instant now, Duration localityDelay, PolicyName policy) {
        this.nodeId = nodeId;
        this.now = now;
        this.localityDelay = localityDelay;
        this.policy = policy.configValue();
    }

    /**
     * Launches the next task of {@code progress}'s job on the node, or passes the job over (recording a
     * rejection when it had a task to run) and returns null. {@code progress} is the job as the heartbeat found
     * it; what this heartbeat placed of it is in its turn.
     */
    public Placement launch(JobProgress progress, CpuMemory free, int freeSlots) {
        if (!progress.hasRunnable()) {
            return null;
        }
        var job = progress.job();
        var turn = turns.computeIfAbsent(job.jobId(), id -> new JobTurn(progress));
        var maps = progress.maps();
        var mapGroup = job.group(TaskKind.MAP);
        Deque<TaskAttempt> candidates;
        if (maps.hasRunnable() && mapGroup.isPresent() && mapGroup.get().hasLocality()) {
            if (maps.runnableCount() == turn.placed.size()) {
                return null;
            }
            if (turn.local == null) {
                turn.local = new ArrayDeque<>(maps.runnableAmong(job.jobId(), TaskKind.MAP,
                        mapGroup.get().localTasks(nodeId), freeSlots));
            }
            if (!turn.local.isEmpty()) {
                candidates = turn.local;
            } else {
                if (!localityDelay.isZero()) {
                    var since = turn.wait.orElse(now);
                    turn.wait = Optional.of(since);
                    if (Duration.between(since, now).compareTo(localityDelay) < 0) {
                        rejected.add(new Rejection(job.jobId(), Rejection.Reason.WAITING_FOR_LOCALITY));
                        return null;
                    }
                }
                if (turn.anywhere == null) {
                    turn.anywhere = new ArrayDeque<>(maps.runnable(job.jobId(), TaskKind.MAP,
                            freeSlots + turn.placed.size()));
                    turn.anywhere.removeAll(turn.placed);
                }
                candidates = turn.anywhere;
            }
        } else {
            if (turn.anywhere == null) {
                turn.anywhere = new ArrayDeque<>(progress.runnable(freeSlots));
            }
            candidates = turn.anywhere;
        }
        if (candidates.isEmpty()) {
            return null;
        }
        var attempt = candidates.peekFirst();
        if (!free.fits(job.group(attempt.kind()).orElseThrow().demand())) {
            rejected.add(new Rejection(job.jobId(), Rejection.Reason.DOES_NOT_FIT));
            return null;
        }
        candidates.removeFirst();
        if (candidates == turn.local) {
            turn.wait = Optional.empty();
        }
        turn.placed.add(attempt);
        var placement = Placement.of(job, attempt, nodeId, now, policy);
        placed.add(placement);
        return placement;
    }

    /**
     * Whether {@code progress}'s job has a map whose chunk is on this node ready to run and not yet placed on this
     * heartbeat: what the adaptive policy's data affinity asks before it defers a job (seed 003 section 3.4.2).
     */
    public boolean hasLocalMap(JobProgress progress) {
        var job = progress.job();
        var mapGroup = job.group(TaskKind.MAP);
        if (!progress.maps().hasRunnable() || mapGroup.isEmpty() || !mapGroup.get().hasLocality()) {
            return false;
        }
        var turn = turns.get(job.jobId());
        if (turn != null && turn.local != null) {
            return !turn.local.isEmpty();
        }
        return !progress.maps().runnableAmong(job.jobId(), TaskKind.MAP, mapGroup.get().localTasks(nodeId), 1)
                .isEmpty();
    }

    public PlacementResult result() {
        var changed = new ArrayList<LocalityWait>();
        turns.forEach((jobId, turn) -> {
            if (!turn.wait.equals(turn.waitBefore)) {
                changed.add(new LocalityWait(jobId, turn.wait));
            }
        });
        return new PlacementResult(placed, rejected, changed);
    }

    /**
     * One job on one heartbeat: its candidates, each list made once from the job's progress (at most the node's
     * free slots of it, which is all the heartbeat can place), what it placed, and its delay-scheduling wait.
     */
    private static final class JobTurn {
        private final Optional<Instant> waitBefore;
        private Optional<Instant> wait;
        /** Node-local maps, relaunches first; null until needed. */
        private Deque<TaskAttempt> local;
        /** Maps anywhere, or reduces; null until needed. */
        private Deque<TaskAttempt> anywhere;
        private final Set<TaskAttempt> placed = new HashSet<>();

        JobTurn(JobProgress progress) {
            this.waitBefore = progress.localityWaitSince();
            this.wait = waitBefore;
        }
    }
}
