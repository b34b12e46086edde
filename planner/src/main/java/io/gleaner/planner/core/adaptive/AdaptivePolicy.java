package io.gleaner.planner.core.adaptive;

import io.gleaner.planner.core.HeartbeatLaunches;
import io.gleaner.planner.core.Job;
import io.gleaner.planner.core.JobHistory;
import io.gleaner.planner.core.JobProgress;
import io.gleaner.planner.core.NodeState;
import io.gleaner.planner.core.PhaseProgress;
import io.gleaner.planner.core.Placement;
import io.gleaner.planner.core.PlacementPolicy;
import io.gleaner.planner.core.PlacementResult;
import io.gleaner.planner.core.PlanningState;
import io.gleaner.planner.core.PolicyName;
import io.gleaner.planner.core.Rejection;
import io.gleaner.planner.core.TaskKind;
import io.gleaner.planner.core.adaptive.JobStanding.Rank;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The Adaptive scheduler of the 2014 thesis, chapter 3 (seed 003 sections 2.1-2.3), on each node's heartbeat.
 *
 * <p>Each free slot goes to the first job, in {@link JobStanding#order}, that can run a task on the node; the
 * standings are recomputed on every heartbeat and the launched job's after every placement (section 3.4.1: "once a
 * slot is allocated to one of these jobs, its priority will decrease"). A job's standing comes from Eq. 1 over the
 * task lengths observed for it ({@link TaskLengths}): the slot-seconds left in its current phase, plus, while it is in
 * its maps, its reduces at the observed reduce length or {@code reduceCost} times the map length (section 3.4.5), over
 * the time to its goal. The policy is work-conserving and does not preempt (section 3.3).
 *
 * <p>Data affinity (section 3.4.2): a job with no map whose chunk is on the node, that already has the slots its goal
 * needs ({@link Rank#LEFTOVER}: {@code s_req <= 0}, or no goal), passes the node over up to {@code maxDelays} times in
 * a row; a launch resets its count. When no job launched anything on a pass, the first job passed over for data runs
 * its task remotely ("when no tasks with local data in the TaskTracker are ready to run, the JobTracker will decide to
 * start a task that needs remote data").
 *
 * <p>Hardware affinity (sections 3.4.3-3.4.4), when {@code acceleratedLabel} is set: nodes with that label are the
 * accelerated pool. A job in its maps first runs one map on each pool ({@link Rank#CALIBRATING}); once a map completed
 * on each, {@code mu_reg / mu_acc} above {@code speedupThreshold} marks it accelerable. On an accelerated node an
 * accelerable job is ranked by Eq. 2 ({@code s_req,acc} over its accelerated maps); on a regular node by Eq. 3
 * ({@code s_req,extra}) when the accelerated pool is short, and last ({@link Rank#SPILL}) when it is not. A regular job
 * that has its slots ranks last on an accelerated node.
 */
public final class AdaptivePolicy implements PlacementPolicy {

    private final AdaptiveSettings settings;
    private final TaskLengths lengths = new TaskLengths();
    /** Data affinity's count of offers each job passed over since its last launch. */
    private final Map<String, Integer> delays = new HashMap<>();
    /** Slots of the accelerated pool's nodes, by node, from their heartbeats. */
    private final Map<String, Integer> acceleratedSlots = new HashMap<>();

    public AdaptivePolicy(AdaptiveSettings settings) {
        this.settings = Objects.requireNonNull(settings, "settings");
    }

    @Override
    public void onProgress(Optional<JobProgress> before, Optional<JobProgress> after) {
        if (after.isEmpty()) {
            before.ifPresent(done -> {
                lengths.forget(done.jobId());
                delays.remove(done.jobId());
            });
            return;
        }
        lengths.update(after.get());
    }

    @Override
    public void onNodeLost(String nodeId, Instant at) {
        acceleratedSlots.remove(nodeId);
    }

    @Override
    public PlacementResult place(PlanningState state, Instant now) {
        lengths.settle(now);
        var node = state.node();
        boolean accelerated = accelerated(node);
        if (accelerated) {
            acceleratedSlots.put(node.nodeId(), node.slots());
        }
        var free = node.free();
        int freeSlots = node.freeSlots();
        if (freeSlots == 0 || !free.fits(state.leastDemand())) {
            return PlacementResult.EMPTY;
        }
        var queueRunning = new HashMap<String, Integer>();
        var progressById = new HashMap<String, JobProgress>();
        var candidates = new ArrayList<JobStanding>();
        for (var progress : state.queue()) {
            queueRunning.merge(progress.job().queue(), progress.running(), Integer::sum);
            if (progress.hasRunnable()) {
                progressById.put(progress.jobId(), progress);
                candidates.add(standing(progress, accelerated, state.history(), now));
            }
        }
        var order = JobStanding.order(queue -> queueRunning.getOrDefault(queue, 0));
        var heartbeat = new HeartbeatLaunches(node.nodeId(), now, Duration.ZERO, PolicyName.ADAPTIVE);
        var waiting = new ArrayList<Rejection>();
        var deferred = new ArrayList<JobStanding>();
        while (freeSlots > 0 && free.fits(state.leastDemand()) && !(candidates.isEmpty() && deferred.isEmpty())) {
            candidates.sort(order);
            int launched = -1;
            Placement placement = null;
            for (int i = 0; i < candidates.size() && placement == null; i++) {
                var candidate = candidates.get(i);
                var progress = progressById.get(candidate.jobId());
                if (defers(candidate, progress, heartbeat)) {
                    delays.merge(candidate.jobId(), 1, Integer::sum);
                    waiting.add(new Rejection(candidate.jobId(), Rejection.Reason.WAITING_FOR_LOCALITY));
                    deferred.add(candidate);
                    candidates.remove(i--);
                    continue;
                }
                placement = heartbeat.launch(progress, free, freeSlots);
                if (placement == null) {
                    candidates.remove(i--);
                } else {
                    launched = i;
                }
            }
            if (placement == null && !deferred.isEmpty()) {
                // Nothing here had local data or a need: the first job passed over for its data runs remotely.
                var first = deferred.remove(0);
                placement = heartbeat.launch(progressById.get(first.jobId()), free, freeSlots);
                if (placement != null) {
                    candidates.add(first);
                    launched = candidates.size() - 1;
                }
            }
            if (placement == null) {
                break;
            }
            var standing = candidates.get(launched);
            // One calibration map per pool: the job then stands by Eq. 1 for the rest of the heartbeat.
            candidates.set(launched, standing.rank() == Rank.CALIBRATING
                    ? JobStanding.of(progressById.get(standing.jobId()).job(),
                            work(progressById.get(standing.jobId()), state.history(), now), standing.running() + 1, now)
                    : standing.launchedOne());
            queueRunning.merge(standing.queue(), 1, Integer::sum);
            delays.remove(standing.jobId());
            lengths.started(placement, accelerated);
            free = free.minus(placement.demand());
            freeSlots--;
        }
        var result = heartbeat.result();
        if (waiting.isEmpty()) {
            return result;
        }
        var rejected = new ArrayList<>(result.rejected());
        rejected.addAll(waiting);
        return new PlacementResult(result.placed(), rejected, result.localityWaits());
    }

    /** Section 3.4.2: a job that has its slots and no data here waits, up to {@code maxDelays} offers in a row. */
    private boolean defers(JobStanding standing, JobProgress progress, HeartbeatLaunches heartbeat) {
        if (settings.maxDelays() == 0 || standing.rank().compareTo(Rank.LEFTOVER) < 0
                || delays.getOrDefault(standing.jobId(), 0) >= settings.maxDelays()) {
            return false;
        }
        var maps = progress.job().group(TaskKind.MAP);
        return maps.isPresent() && maps.get().hasLocality() && progress.maps().hasRunnable()
                && !heartbeat.hasLocalMap(progress);
    }

    private boolean accelerated(NodeState node) {
        return settings.hardwareAffinity() && node.labels().contains(settings.acceleratedLabel());
    }

    /** The job's standing from Eq. 1, then, with hardware affinity, moved by Eqs. 2-3 for the pool of the node. */
    private JobStanding standing(JobProgress progress, boolean accelerated, JobHistory history, Instant now) {
        var job = progress.job();
        var standing = JobStanding.of(job, work(progress, history, now), currentPhase(progress).running(), now);
        if (!settings.hardwareAffinity() || !progress.maps().hasRunnable() || standing.rank() == Rank.MISSED) {
            return standing;
        }
        if (!lengths.mapPlacedOn(job.jobId(), accelerated)) {
            return standing.withRank(Rank.CALIBRATING, 0);
        }
        var muAcc = lengths.mean(job.jobId(), TaskKind.MAP, true);
        var muReg = lengths.mean(job.jobId(), TaskKind.MAP, false);
        if (muAcc.isEmpty() || muReg.isEmpty()) {
            return standing;
        }
        boolean accelerable = muReg.getAsDouble() / muAcc.getAsDouble() > settings.speedupThreshold();
        if (!accelerable) {
            return accelerated && standing.rank() == Rank.LEFTOVER ? standing.withRank(Rank.SPILL, 0) : standing;
        }
        if (job.deadline().isEmpty()) {
            return accelerated ? standing : standing.withRank(Rank.SPILL, 0);
        }
        double secondsToGoal = Duration.between(now, job.deadline().get()).toNanos() / 1e9;
        var elapsedAcc = lengths.elapsedMaps(job.jobId(), true, now);
        int unstarted = progress.maps().unstarted();
        double workAcc = RequiredSlots.remainingWork(muAcc.getAsDouble(), elapsedAcc, unstarted);
        double requiredAcc = RequiredSlots.required(workAcc, elapsedAcc.size(), secondsToGoal);
        if (accelerated) {
            return requiredAcc > 0 ? standing.withRank(Rank.NEEDY, requiredAcc) : standing.withRank(Rank.LEFTOVER, 0);
        }
        int poolSlots = acceleratedSlots.values().stream().mapToInt(Integer::intValue).sum();
        double extra = RequiredSlots.extraRegular(muReg.getAsDouble(), muAcc.getAsDouble(),
                requiredAcc + elapsedAcc.size(), poolSlots);
        return extra > 0 ? standing.withRank(Rank.NEEDY, extra) : standing.withRank(Rank.SPILL, 0);
    }

    private static PhaseProgress currentPhase(JobProgress progress) {
        return progress.maps().allSucceeded() ? progress.reduces() : progress.maps();
    }

    /**
     * The slot-seconds left to the job (Eq. 1's numerator): its current phase at the phase's observed {@code mu}, and
     * while in its maps, its reduces at the observed reduce length or {@code reduceCost} times the map length
     * (section 3.4.5). Before a task of a phase completed, the classifier's profile of the job name's past runs gives
     * the phase's mean, when there is one (the reuse of earlier executions' statistics that section 6.2 leaves to
     * future work). Running attempts this policy did not place (before a restart) count a whole {@code mu} each.
     * Empty while the current phase has no {@code mu}.
     */
    private OptionalDouble work(JobProgress progress, JobHistory history, Instant now) {
        var jobId = progress.jobId();
        var muMap = orPast(lengths.mean(jobId, TaskKind.MAP), history, progress.job(), TaskKind.MAP);
        var muReduce = orPast(lengths.mean(jobId, TaskKind.REDUCE), history, progress.job(), TaskKind.REDUCE);
        if (muReduce.isEmpty() && muMap.isPresent()) {
            muReduce = OptionalDouble.of(muMap.getAsDouble() * settings.reduceCost());
        }
        boolean inMaps = !progress.maps().allSucceeded();
        var kind = inMaps ? TaskKind.MAP : TaskKind.REDUCE;
        var mu = inMaps ? muMap : muReduce;
        if (mu.isEmpty()) {
            return OptionalDouble.empty();
        }
        var phase = progress.phase(kind);
        var elapsed = lengths.elapsed(jobId, kind, now);
        int unknown = Math.max(0, phase.running() - elapsed.size());
        int unstarted = phase.unstarted();
        double work = RequiredSlots.remainingWork(mu.getAsDouble(), elapsed, unstarted + unknown);
        if (inMaps) {
            work += progress.reduces().count() * muReduce.getAsDouble();
        }
        return OptionalDouble.of(work);
    }

    /** {@code observed}, or else the mean task length of {@code kind} in the job name's profile, in seconds. */
    private static OptionalDouble orPast(OptionalDouble observed, JobHistory history, Job job, TaskKind kind) {
        if (observed.isPresent()) {
            return observed;
        }
        var profile = history.profile(job.jobName());
        if (profile.isEmpty()) {
            return observed;
        }
        var past = profile.get();
        long samples = kind == TaskKind.MAP ? past.counts().maps() : past.counts().reduces();
        double millis = kind == TaskKind.MAP ? past.mapAvg() : past.reduceAvg();
        return samples > 0 && millis > 0 ? OptionalDouble.of(millis / 1000) : observed;
    }
}
