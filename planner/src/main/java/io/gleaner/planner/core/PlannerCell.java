package io.gleaner.planner.core;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One planner cell (DESIGN §6): applies jobs, task outcomes and heartbeats, one at a time and in the order
 * given, to a {@link PlannerState}, and answers each heartbeat with its policy's placements.
 *
 * <p>Invalid input is answered with {@link Verdict.Invalid} (the caller dead-letters it), never an
 * exception. The rules:
 * <ul>
 *   <li>A job whose id is unfinished is a duplicate: ignored when equal, invalid when its contents differ.
 *       A job whose id already completed is invalid (job ids are not reused).</li>
 *   <li>A job with a task that needs more CPU or RAM than the capacity of every node that has sent a heartbeat is
 *       refused ({@link Verdict.Refused}, an {@link Admission} with the reason) and not queued: no heartbeat could
 *       ever place it. A job submitted before any node is known is queued; policies pass over a task that does not
 *       fit a node ({@link Rejection.Reason#DOES_NOT_FIT}), so it does not hold back the jobs after it.</li>
 *   <li>An outcome is invalid when its job is unknown, its node never sent a heartbeat, its task is out of
 *       range, or its attempt was never placed. An outcome of a job that already completed is ignored: the
 *       cell keeps a marker per completed job (id and completion time) instead of its progress, so a late
 *       duplicate report is not a dead letter. Other duplicates and outcomes of superseded attempts are
 *       ignored ({@link JobProgress#onOutcome}). A job completes when its last task succeeds; it then leaves
 *       the queue.</li>
 *   <li>A heartbeat older than the node's previous one is invalid; one at the same time is a duplicate and
 *       ignored, so that replaying it cannot place attempts twice on capacity it showed once.</li>
 *   <li>Node liveness (docs/node-liveness.md): each heartbeat first finds the nodes silent for longer than the node
 *       timeout ({@link NodeLiveness}). A lost node's attempts that have not ended are lost: each task waits for its
 *       next attempt as after KILLED, and the heartbeat may place it at once; the node is forgotten (a lost node is
 *       placed nothing) and marked lost. Its reports that arrive later are ignored with the reason (not dead letters:
 *       a correct executor cut off from Kafka sends them), and so are its heartbeats not after its loss. A later
 *       heartbeat is a new incarnation: a new node that holds nothing; its old attempts are superseded.</li>
 *   <li>Reservations, retries and exclusion (docs/retries-and-reservations.md, {@link RetryRules}): what was placed on
 *       a node is taken off its free resources and slots until its heartbeat lists the attempt or the attempt ends;
 *       REFUSED frees it and relaunches without counting against the task; a FAILED attempt counts, its task waits
 *       out a backoff, and the job fails when a task reaches the attempt limit (marked ended, as a completed job); a
 *       node whose attempts keep failing, being killed or refused gets no new attempt for a while.</li>
 *   <li>Each input's life-cycle steps of jobs ({@link JobStep}) come with its verdict.</li>
 * </ul>
 * Only heartbeats place attempts, as in Hadoop: jobs and outcomes change the state for the next heartbeat. A
 * heartbeat's placements and the policy's new {@linkplain PlacementResult#localityWaits() locality waits} are
 * stored with each job's progress in one write per job.
 */
public final class PlannerCell {

    private final PlacementPolicy policy;
    private final PlannerState state;
    private final CapacityOutlook outlook;
    private final JobHistory history;
    private final NodeLiveness liveness;
    private final RetryRules retries;

    /** A cell without forecasts. */
    public PlannerCell(PlacementPolicy policy, PlannerState state) {
        this(policy, state, CapacityOutlook.NONE);
    }

    /** A cell whose policy sees the forecaster's {@code outlook}. */
    public PlannerCell(PlacementPolicy policy, PlannerState state, CapacityOutlook outlook) {
        this(policy, state, outlook, JobHistory.NONE);
    }

    /**
     * A cell whose policy sees the forecaster's {@code outlook} and the classifier's job {@code history}, losing nodes
     * after the default node timeout ({@link NodeLiveness#defaults()}).
     */
    public PlannerCell(PlacementPolicy policy, PlannerState state, CapacityOutlook outlook, JobHistory history) {
        this(policy, state, outlook, history, NodeLiveness.defaults());
    }

    /** A cell that loses nodes as {@code liveness} says, with the default retry rules ({@link RetryRules#defaults()}). */
    public PlannerCell(PlacementPolicy policy, PlannerState state, CapacityOutlook outlook, JobHistory history,
                       NodeLiveness liveness) {
        this(policy, state, outlook, history, liveness, RetryRules.defaults());
    }

    /** A cell that loses nodes as {@code liveness} says and retries as {@code retries} says. */
    public PlannerCell(PlacementPolicy policy, PlannerState state, CapacityOutlook outlook, JobHistory history,
                       NodeLiveness liveness, RetryRules retries) {
        this.retries = Objects.requireNonNull(retries, "retries");
        this.policy = Objects.requireNonNull(policy, "policy");
        this.state = Objects.requireNonNull(state, "state");
        this.outlook = Objects.requireNonNull(outlook, "outlook");
        this.history = Objects.requireNonNull(history, "history");
        this.liveness = Objects.requireNonNull(liveness, "liveness");
    }

    /**
     * {@code verdict} with what the policy decided besides while the input was applied (its classes, plans and
     * admissions, {@link PlacementPolicy#takeOutputs}), each admission also a step of its job's life cycle.
     */
    private Verdict withPolicyOutputs(Verdict verdict) {
        if (!(verdict instanceof Verdict.Applied applied)) {
            return verdict;
        }
        var outputs = policy.takeOutputs();
        if (outputs.isEmpty()) {
            return applied;
        }
        var steps = new ArrayList<JobStep>();
        for (var admission : outputs.admissions()) {
            var progress = state.job(admission.jobId());
            steps.add(JobStep.admission(admission, progress, progress.map(JobProgress::tasks).orElse(0)));
        }
        return applied.with(outputs, steps);
    }

    /**
     * Adds a submitted job to the queue, with its input where the policy places it ({@link PlacementPolicy#placeInput})
     * if it does. A duplicate is recognised whatever the layout it was submitted with, as the queued job may carry
     * the policy's.
     */
    public Verdict onJob(Job job) {
        return withPolicyOutputs(admit(job));
    }

    private Verdict admit(Job job) {
        var existing = state.job(job.jobId());
        if (existing.isPresent()) {
            var submitted = job.group(TaskKind.MAP).flatMap(PhaseTasks::layout);
            return existing.get().job().withMapLayout(submitted).equals(job)
                    ? new Verdict.Ignored("duplicate submission of job " + job.jobId())
                    : new Verdict.Invalid("job " + job.jobId() + " was already submitted with different contents");
        }
        var completed = state.completedAt(job.jobId());
        if (completed.isPresent()) {
            return new Verdict.Invalid("job " + job.jobId() + " already completed at " + completed.get()
                    + "; job ids must not be reused");
        }
        var refusal = tooLargeForEveryNode(job);
        if (refusal.isPresent()) {
            return Verdict.Refused.of(job, refusal.get());
        }
        var placed = job.mapDataset().flatMap(dataset -> policy.placeInput(job, dataset, outlook, history));
        var progress = JobProgress.start(placed.map(p -> job.withMapLayout(Optional.of(p.layout()))).orElse(job));
        state.putJob(progress);
        policy.onProgress(Optional.empty(), Optional.of(progress));
        return new Verdict.Applied(List.of(), List.of(), placed, List.of(),
                List.of(JobStep.of(JobStep.Type.SUBMITTED, progress, job.submitTime())));
    }

    /**
     * Why no node known can ever run a task of {@code job}: its first group whose demand exceeds every node's
     * capacity; empty when each group fits some node, or no node has sent a heartbeat yet.
     */
    private Optional<String> tooLargeForEveryNode(Job job) {
        for (var group : job.taskGroups()) {
            var shortfall = state.capacities().shortfall(group.demand());
            if (shortfall.isPresent()) {
                return Optional.of("refused: each " + group.kind() + " task of job " + job.jobId() + " "
                        + shortfall.get() + "; the job is not queued");
            }
        }
        return Optional.empty();
    }

    /** Applies the end (or launch) of a task attempt to its job. */
    public Verdict onOutcome(TaskOutcome outcome) {
        return withPolicyOutputs(record(outcome));
    }

    private Verdict record(TaskOutcome outcome) {
        var found = state.job(outcome.jobId());
        if (found.isEmpty()) {
            return state.completedAt(outcome.jobId())
                    .<Verdict>map(time -> new Verdict.Ignored("job " + outcome.jobId() + " already completed at " + time))
                    .orElseGet(() -> new Verdict.Invalid("unknown job " + outcome.jobId()));
        }
        if (state.node(outcome.nodeId()).isEmpty()) {
            return state.lostAt(outcome.nodeId())
                    .<Verdict>map(time -> new Verdict.Ignored(outcome.state() + " of " + outcome.decisionId()
                            + " refused: node " + outcome.nodeId() + " was lost at " + time
                            + " and its attempts relaunched"))
                    .orElseGet(() -> new Verdict.Invalid("unknown node " + outcome.nodeId()));
        }
        var progress = found.get();
        int count = progress.job().count(outcome.kind());
        if (outcome.taskIndex() >= count) {
            return new Verdict.Invalid("task index " + outcome.taskIndex() + " out of range for the " + count + " "
                    + outcome.kind() + " tasks of job " + outcome.jobId());
        }
        if (!progress.wasPlaced(outcome.taskAttempt())) {
            return new Verdict.Invalid("attempt " + outcome.decisionId() + " was never placed");
        }
        var phase = progress.phase(outcome.kind());
        var backoff = outcome.state() == TaskOutcome.State.FAILED
                ? retries.backoffAfter(phase.failures(outcome.taskIndex()) + 1) : Duration.ZERO;
        var updated = progress.onOutcome(outcome, backoff);
        if (updated == progress) {
            return outcome.state() == TaskOutcome.State.LAUNCHED
                    ? Verdict.Applied.NOTHING_PLACED
                    : new Verdict.Ignored(outcome.state() + " of " + outcome.decisionId()
                            + " changes nothing: duplicate, superseded attempt, or task already succeeded");
        }
        var standing = state.standing(outcome.nodeId()).orElse(NodeStanding.clear(outcome.nodeId()));
        var after = standing.afterEnd(outcome.jobId(), outcome.state(), outcome.time(), retries);
        if (!after.equals(standing)) {
            state.putStanding(after);
        }
        int failures = updated.phase(outcome.kind()).failures(outcome.taskIndex());
        if (outcome.state() == TaskOutcome.State.FAILED && failures >= retries.maxAttempts()) {
            return end(progress, updated, outcome.time(), JobStep.Type.FAILED, Optional.of("task "
                    + outcome.jobId() + "/" + outcome.kind().letter() + "/" + outcome.taskIndex() + " failed " + failures
                    + " times, the attempt limit; its last attempt " + outcome.decisionId() + " on node "
                    + outcome.nodeId() + ": " + outcome.reason().orElse("no reason given")));
        }
        if (updated.isComplete()) {
            return end(progress, updated, outcome.time(), JobStep.Type.SUCCEEDED, Optional.empty());
        }
        state.putJob(updated);
        policy.onProgress(Optional.of(progress), Optional.of(updated));
        return Verdict.Applied.NOTHING_PLACED;
    }

    /**
     * The job of {@code progress} ends at {@code time} as {@code updated} stands: it leaves the queue and is marked
     * ended, so that later reports of its attempts are ignored, not dead-lettered.
     */
    private Verdict end(JobProgress progress, JobProgress updated, Instant time, JobStep.Type type,
                        Optional<String> reason) {
        state.deleteJob(updated.job());
        state.markCompleted(updated.jobId(), time);
        policy.onProgress(Optional.of(progress), Optional.empty());
        return Verdict.Applied.steps(List.of(JobStep.of(type, updated, time, reason)));
    }

    /** Records the node's heartbeat and asks the policy to fill its spare capacity. */
    public Verdict onHeartbeat(NodeState node) {
        return withPolicyOutputs(answer(node));
    }

    private Verdict answer(NodeState node) {
        var previous = state.node(node.nodeId());
        if (previous.isPresent()) {
            var before = previous.get().time();
            if (node.time().isBefore(before)) {
                return new Verdict.Invalid("time went backwards for node " + node.nodeId() + ": " + node.time()
                        + " < " + before);
            }
            if (node.time().equals(before)) {
                return new Verdict.Ignored("duplicate heartbeat of node " + node.nodeId() + " at " + node.time());
            }
        } else {
            var lostAt = state.lostAt(node.nodeId());
            if (lostAt.isPresent() && !node.time().isAfter(lostAt.get())) {
                return new Verdict.Ignored("heartbeat of node " + node.nodeId() + " at " + node.time()
                        + " refused: the node was lost at " + lostAt.get() + ", so this is its lost incarnation's");
            }
        }
        var steps = new ArrayList<JobStep>();
        var lost = new ArrayList<NodeLoss>();
        for (var silent : liveness.lost(node, previous, state)) {
            lost.add(lose(silent, node.time(), steps));
        }
        releaseRetries(node.time());
        var standing = state.standing(node.nodeId()).orElse(NodeStanding.clear(node.nodeId()));
        var reserved = stillReserved(standing.reserved(), node.runningAttempts());
        // An excluded node offers nothing, so that no policy places on it.
        var offered = standing.isExcluded(node.time()) ? node.withFree(CpuMemory.NONE, 0)
                : withoutReserved(node, reserved);
        var result = policy.place(new PlanningState(offered, state.queue(), state.leastDemand(), outlook, history),
                node.time());
        var placedByJob = new LinkedHashMap<String, List<Placement>>();
        var placed = new ArrayList<Placement>(result.placed().size());
        // Once per job: a job of 100,000 maps costs a pass over them for all its reduces placed now.
        var mapOutputsByJob = new HashMap<String, List<MapOutputs>>();
        for (var decided : result.placed()) {
            var placement = decided.kind() != TaskKind.REDUCE ? decided
                    : decided.withMapOutputs(mapOutputsByJob.computeIfAbsent(decided.jobId(), id -> state.job(id)
                            .orElseThrow(() -> new IllegalStateException("policy placed " + decided.decisionId()
                                    + ", whose job is not in the queue"))
                            .mapOutputs()));
            placed.add(placement);
            placedByJob.computeIfAbsent(placement.jobId(), id -> new ArrayList<>()).add(placement);
        }
        var waitByJob = new HashMap<String, Optional<Instant>>();
        for (var wait : result.localityWaits()) {
            waitByJob.put(wait.jobId(), wait.since());
        }
        var changed = new LinkedHashSet<>(placedByJob.keySet());
        result.localityWaits().forEach(wait -> changed.add(wait.jobId()));
        for (var jobId : changed) {
            var progress = state.job(jobId).orElseThrow(() -> new IllegalStateException(
                    "policy changed job " + jobId + ", which is not in the queue"));
            var placements = placedByJob.getOrDefault(jobId, List.of());
            var updated = placements.isEmpty() ? progress : progress.withPlaced(placements);
            var since = waitByJob.get(jobId);
            if (since != null) {
                updated = updated.withLocalityWait(since);
            }
            if (updated != progress) {
                if (progress.isUnstarted() && !updated.isUnstarted()) {
                    steps.add(JobStep.of(JobStep.Type.STARTED, updated, node.time()));
                }
                state.putJob(updated);
                policy.onProgress(Optional.of(progress), Optional.of(updated));
            }
        }
        var held = new ArrayList<String>();
        previous.ifPresent(p -> held.addAll(p.runningAttempts()));
        placed.forEach(placement -> held.add(placement.decisionId()));
        state.putNode(node.withRunningAttempts(stillRunning(held)));
        placed.stream().filter(placement -> placement.nodeId().equals(node.nodeId()))
                .forEach(placement -> reserved.add(placement.decisionId()));
        if (!reserved.equals(standing.reserved())) {
            state.putStanding(standing.withReserved(reserved));
        }
        return new Verdict.Applied(placed, result.rejected(), Optional.empty(), lost, steps);
    }

    /** The jobs whose tasks' retry backoff ended by {@code now} have those tasks join their relaunch queues. */
    private void releaseRetries(Instant now) {
        for (var progress : state.retriesDue(now)) {
            var updated = progress.releaseBackoff(now);
            state.putJob(updated);
            policy.onProgress(Optional.of(progress), Optional.of(updated));
        }
    }

    /**
     * Of the attempts reserved on a node, those still to hold: not ended, and not listed in the heartbeat's
     * {@code listed} running attempts (once listed, the node's free resources account for them).
     */
    private List<String> stillReserved(List<String> reserved, List<String> listed) {
        var result = new ArrayList<String>();
        if (reserved.isEmpty()) {
            return result;
        }
        var seen = new HashSet<>(listed);
        for (var decisionId : stillRunning(reserved)) {
            if (!seen.contains(decisionId)) {
                result.add(decisionId);
            }
        }
        return result;
    }

    /** The heartbeat with the demand of the {@code reserved} attempts taken off its free resources and slots. */
    private NodeState withoutReserved(NodeState node, List<String> reserved) {
        if (reserved.isEmpty()) {
            return node;
        }
        double cpus = node.free().cpus();
        long memory = node.free().memoryBytes();
        for (var decisionId : reserved) {
            var attempt = TaskAttempt.parse(decisionId).orElseThrow();
            var demand = state.job(attempt.jobId()).orElseThrow().job().group(attempt.kind()).orElseThrow().demand();
            cpus -= demand.cpus();
            memory -= demand.memoryBytes();
        }
        return node.withFree(new CpuMemory(Math.max(0, cpus), Math.max(0, memory)),
                Math.max(0, node.freeSlots() - reserved.size()));
    }

    /** Of these decision ids, those of attempts placed that have not ended, in order, once each. */
    private List<String> stillRunning(List<String> decisionIds) {
        var running = new LinkedHashSet<String>();
        for (var decisionId : decisionIds) {
            var attempt = TaskAttempt.parse(decisionId);
            if (attempt.isPresent() && state.job(attempt.get().jobId()).map(p -> p.isRunning(attempt.get()))
                    .orElse(false)) {
                running.add(decisionId);
            }
        }
        return List.copyOf(running);
    }

    /**
     * Loses {@code node} at {@code now}: its running attempts' tasks wait for relaunch, each an ATTEMPT_LOST step in
     * {@code steps}; it is forgotten (its reservations with it) and marked.
     */
    private NodeLoss lose(NodeState node, Instant now, List<JobStep> steps) {
        var relaunched = new ArrayList<String>();
        var reason = "node " + node.nodeId() + " lost at " + now + ": silent since " + node.time();
        for (var decisionId : stillRunning(node.runningAttempts())) {
            var attempt = TaskAttempt.parse(decisionId).orElseThrow();
            var progress = state.job(attempt.jobId()).orElseThrow();
            var updated = progress.onLost(attempt);
            state.putJob(updated);
            policy.onProgress(Optional.of(progress), Optional.of(updated));
            relaunched.add(decisionId);
            steps.add(JobStep.lost(updated, now, decisionId, node.nodeId(), reason));
        }
        state.deleteNode(node.nodeId());
        state.markLost(node.nodeId(), now);
        policy.onNodeLost(node.nodeId(), now);
        return new NodeLoss(node.nodeId(), node.time(), now, relaunched);
    }
}
