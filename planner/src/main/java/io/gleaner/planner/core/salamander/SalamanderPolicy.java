package io.gleaner.planner.core.salamander;

import io.gleaner.planner.core.Admission;
import io.gleaner.planner.core.CapacityOutlook;
import io.gleaner.planner.core.ChunkMove;
import io.gleaner.planner.core.CpuMemory;
import io.gleaner.planner.core.DeferredPlan;
import io.gleaner.planner.core.JobOrder;
import io.gleaner.planner.core.JobProgress;
import io.gleaner.planner.core.NodeState;
import io.gleaner.planner.core.Placement;
import io.gleaner.planner.core.PlacementPolicy;
import io.gleaner.planner.core.PlacementResult;
import io.gleaner.planner.core.PlanningState;
import io.gleaner.planner.core.PolicyName;
import io.gleaner.planner.core.PolicyOutputs;
import io.gleaner.planner.core.TaskAttempt;
import io.gleaner.planner.core.TaskKind;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.Executor;
import java.util.function.Predicate;

/**
 * Salamander's holistic scheduler (Handaoui et al., CCGrid 2020, §III-B and §III-C) as a placement policy: plan every
 * task of the queued jobs over the forecast window ({@link HolisticPlanning}), then release each planned task on its
 * node, with its chunk moved there first.
 *
 * <p><b>Re-planning</b> (issue 7: "when jobs arrive, forecasts change or tasks are relaunched"): on the first heartbeat
 * after a job arrived, an attempt must run again, or a node appeared or was lost ({@link #onNodeLost}), and otherwise
 * every {@link SalamanderSettings#replanEvery()} of event time (forecasts are refreshed hourly, tasks end early or
 * late).
 * Running tasks stay where they are; everything not yet started may move. A plan is made from scratch when there is
 * no previous plan or a node appeared or was lost; otherwise the previous plan is repaired
 * ({@link SalamanderSettings#repairMoveLimit()}; docs/policies/salamander.md#incremental-re-planning). Plans are
 * made on heartbeats, from the nodes seen so far: the first round plans on the first node, re-plans as each new node
 * beats, and settles.
 *
 * <p><b>Release.</b> On a node's heartbeat, its planned tasks are taken in release order ({@link #releaseOrder()});
 * each that is runnable (a reduce once its job's maps all succeeded) and fits the node's free slots, CPU and RAM
 * now is placed, while the others wait. With {@link SalamanderSettings#earlyRelease()} (the default) a task may
 * start before its planned start: the plan's steps are minutes and many tasks run seconds, so waiting for the
 * planned start would leave the capacity the plan counted on idle; the plan still decides where each task runs and
 * in which order. Without it, only tasks whose planned start has come are released. With it, a node that has
 * released all of its own planned tasks and still has room takes the first tasks of other nodes (they start sooner
 * here than where they were planned, and the next plan would move them anyway), rather than idling until the next
 * plan, but only those it would end by the end the plan gives them (their work at this node's speed, plus the
 * chunk's copy for a map whose chunk is not here): a slow node does not take from a fast one a task it would finish
 * later than planned (measured in the paper's single-job setting on PC-2, where the job ends with its 40 reduces:
 * with slow nodes taking them it took 2,436 s, without 1,080 s, means of three seeds). A node the plan gives no
 * task at all, running or to come (its forecast leaves less than one task's CPU or RAM over the window, and none of
 * this planner's tasks runs there), takes them too while they fit the RAM the forecast leaves it now, less what
 * this planner's tasks running there hold: RAM is what the QoS controller kills tasks for, CPU it only throttles.
 * Once one of them runs there, the next plan pins it on the node and the node takes others' tasks as every node
 * with planned work does. Measured (docs/results/2026-11-27-salamander-bench.md): on PC-2 the forecasts (the owners'
 * 99th percentile) left 7 of the 27 nodes less than one core for the whole run while they had 16.6-17.9 of 20 cores
 * free; kept idle, small jobs queued behind large ones on the other 20 and the median completion was 86 s against
 * Cuckoo's 4 s.
 *
 * <p><b>Data placement</b> (§III-C): a map whose chunk has no replica on its node carries a {@link ChunkMove} of
 * the chunk to the node (from a replica the executor picks), so it reads locally once it starts.
 *
 * <p><b>Admission.</b> Every plan answers the jobs it considered ({@link Admission}); an answer that differs from
 * the job's previous one waits in {@link #takeOutputs()} (the last per job) until the stage publishes it.
 */
public final class SalamanderPolicy implements PlacementPolicy {

    private final SalamanderSettings settings;
    private final HolisticPlanning planning;
    private final TreeMap<String, NodeState> nodes = new TreeMap<>();
    private final Map<String, JobProgress> jobs = new HashMap<>();
    private final Launches running = new Launches();
    private final Map<String, Admission> answered = new HashMap<>();
    private final Map<String, Admission> unpublished = new LinkedHashMap<>();
    private Map<String, List<PlannedTask>> toRelease = Map.of();
    /** Every planned task not yet released, in release order: what a node out of its own tasks takes from. */
    private List<PlannedTask> stealable = new ArrayList<>();
    private HolisticPlan plan = HolisticPlan.EMPTY;
    /** The plans asked for and not yet in force, computed on the worker when there is a plan delay. */
    private final DeferredPlan<HolisticPlan> plans;
    private boolean built;
    private boolean dirty = true;
    /** A node appeared or was lost since the last plan: the next one is made from scratch, not repaired. */
    private boolean nodesChanged = true;
    private Instant nextPlan = Instant.EPOCH;

    /** The policy with each plan computed at once on the caller's thread. */
    public SalamanderPolicy(SalamanderSettings settings) {
        this(settings, Duration.ZERO, Runnable::run);
    }

    /**
     * The policy whose plans {@code worker} computes off the caller's thread, each in force {@code planDelay} of event
     * time after the heartbeat that asked for it ({@link DeferredPlan}; zero: at once). The worker gets copies of what
     * a plan reads, the forecasts included ({@link HolisticPlanning#snapshot}), and nothing else.
     */
    public SalamanderPolicy(SalamanderSettings settings, Duration planDelay, Executor worker) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.planning = new HolisticPlanning(this.settings);
        this.plans = new DeferredPlan<>(HolisticPlan.EMPTY, planDelay, worker);
    }

    /** The latest plan, for inspection. */
    public HolisticPlan plan() {
        return plan;
    }

    /** The admissions that changed since the last call, the latest per job, in the order they changed. */
    @Override
    public PolicyOutputs takeOutputs() {
        if (unpublished.isEmpty()) {
            return PolicyOutputs.NONE;
        }
        var changed = List.copyOf(unpublished.values());
        unpublished.clear();
        return new PolicyOutputs(Optional.empty(), changed);
    }

    @Override
    public void onProgress(Optional<JobProgress> before, Optional<JobProgress> after) {
        if (!built) {
            return;
        }
        if (after.isEmpty()) {
            before.ifPresent(done -> forget(done.jobId()));
            return;
        }
        var now = after.get();
        jobs.put(now.jobId(), now);
        if (before.isEmpty() || relaunches(now) > relaunches(before.get())) {
            dirty = true;
        }
    }

    /**
     * A lost node leaves the nodes plans are made on, with the launches this planner made there (their tasks wait for
     * their next attempt), and the plan is redone on the next heartbeat, which is the one that found the loss, before
     * it releases anything. Redone rather than patched: a patch would only move the node's planned tasks to the
     * other nodes' free steps, while the plan counted on the lost node's capacity for the tasks already placed
     * elsewhere too; redoing it costs one plan per loss, as a node that appears already does.
     */
    @Override
    public void onNodeLost(String nodeId, Instant at) {
        if (nodes.remove(nodeId) != null) {
            running.removeNode(nodeId);
            dirty = true;
            nodesChanged = true;
        }
    }

    private static int relaunches(JobProgress progress) {
        return progress.maps().relaunch().size() + progress.reduces().relaunch().size();
    }

    private void forget(String jobId) {
        jobs.remove(jobId);
        answered.remove(jobId);
        unpublished.remove(jobId);
        running.removeJob(jobId);
    }

    @Override
    public PlacementResult place(PlanningState state, Instant now) {
        if (!built) {
            // Built from the queue on the first heartbeat (also after a restart), then kept by onProgress.
            state.queue().forEach(progress -> jobs.put(progress.jobId(), progress));
            built = true;
        }
        var node = state.node();
        if (nodes.put(node.nodeId(), node) == null) {
            dirty = true;
            nodesChanged = true;
        }
        if (dirty || !now.isBefore(nextPlan)) {
            requestPlan(state.outlook(), now);
        }
        if (plans.advance(now)) {
            use(plans.inForce());
        }
        var room = new Room(node, now);
        release(room, toRelease.getOrDefault(node.nodeId(), List.of()), task -> true);
        if (settings.earlyRelease() && room.hasSpace()) {
            // Its own tasks are out and room is left: take other nodes' first tasks, as the next plan would move
            // them here anyway; first those whose chunk is here, which need no copy. A node the plan gives no task
            // takes only what the forecast RAM of now holds.
            if (!toRelease.containsKey(node.nodeId())) {
                room.limitMemory(forecastMemory(state.outlook(), node, now));
            }
            release(room, stealable, task -> endsInTime(task, node, now, true));
            release(room, stealable, task -> endsInTime(task, node, now, false));
        }
        return new PlacementResult(room.placed, List.of());
    }

    /**
     * Places the tasks of {@code planned} that {@code eligible} accepts and that can start now, in order, while the
     * node has room; drops from {@code planned} those that no longer wait.
     */
    private void release(Room room, List<PlannedTask> planned, Predicate<PlannedTask> eligible) {
        for (var iterator = planned.iterator(); iterator.hasNext() && room.hasSpace(); ) {
            var task = iterator.next();
            if (room.released.contains(task)) {
                continue;
            }
            if (!settings.earlyRelease() && task.start().isAfter(room.now)) {
                break;
            }
            var progress = jobs.get(task.jobId());
            if (progress == null || isStarted(progress, task)) {
                iterator.remove();
                continue;
            }
            if (task.kind() == TaskKind.REDUCE && !progress.maps().allSucceeded()) {
                continue;
            }
            var job = progress.job();
            var group = job.group(task.kind()).orElseThrow();
            // The cheap tests before eligible's: a node with a free slot but too little CPU or RAM for the queue's
            // tasks ran eligible's replica look-up over every planned task on every heartbeat.
            if (!room.fits(group.demand()) || !eligible.test(task)) {
                continue;
            }
            var nodeId = room.node.nodeId();
            var attempt = new TaskAttempt(job.jobId(), task.kind(), task.taskIndex(),
                    progress.phase(task.kind()).latestAttempt(task.taskIndex()));
            var placement = Placement.of(job, attempt, nodeId, room.now, PolicyName.SALAMANDER.configValue());
            var chunk = placement.chunk();
            if (chunk.isPresent() && group.hasLocality() && !group.isLocal(task.taskIndex(), nodeId)) {
                placement = placement.withChunkMoves(List.of(new ChunkMove(chunk.get(), Optional.empty(), nodeId)));
            }
            room.take(placement, task);
            running.put(task.taskId(), new HolisticPlanning.Launch(task.jobId(), task.kind(), task.taskIndex(),
                    nodeId, room.now, stepsOf(task)));
            iterator.remove();
        }
    }

    /**
     * The RAM, in bytes, the forecast leaves {@code node} at {@code now} for this planner's tasks, less what those
     * running there hold; unlimited without a forecast (the plan too takes what is free now then).
     */
    private long forecastMemory(CapacityOutlook outlook, NodeState node, Instant now) {
        var spare = outlook.spare(node.nodeId(), CapacityOutlook.Resource.MEMORY, now);
        if (spare.isEmpty()) {
            return Long.MAX_VALUE;
        }
        long held = 0;
        for (var launch : running.onNode(node.nodeId())) {
            var progress = jobs.get(launch.jobId());
            if (progress == null) {
                continue;
            }
            if (HolisticPlanning.isRunning(progress.phase(launch.kind()), launch.taskIndex())) {
                held += progress.job().group(launch.kind()).map(group -> group.demand().memoryBytes()).orElse(0L);
            }
        }
        return Math.max(0, (long) Math.floor(spare.getAsDouble() * node.capacity().memoryBytes()) - held);
    }

    /**
     * Whether {@code node}, taking another node's planned task now, would end it by the end the plan gives it (its
     * work at this node's speed, plus the chunk's copy for a map whose chunk is not here): a slow node does not take
     * from a fast one a task it would finish later than planned. With {@code localOnly}, only a map whose chunk is
     * here qualifies.
     */
    private boolean endsInTime(PlannedTask task, NodeState node, Instant now, boolean localOnly) {
        var group = jobs.get(task.jobId()).job().group(task.kind()).orElseThrow();
        long left = Duration.between(now, task.end()).toNanos();
        // The work alone first: on a busy queue most tasks fail here, before the replica look-up, which this test
        // would otherwise run over every task of the plan on every heartbeat with room.
        double work = HolisticPlanning.workSeconds(group, task.taskIndex(), node);
        if ((long) Math.ceil(work * 1e9) > left) {
            return false;
        }
        boolean local = group.hasLocality() && group.isLocal(task.taskIndex(), node.nodeId());
        if (localOnly) {
            return local && task.kind() == TaskKind.MAP;
        }
        if (local || !group.hasLocality()) {
            return true;
        }
        double seconds = work + HolisticPlanning.copySeconds(group, task.taskIndex(), settings.linkBitsPerSecond());
        return (long) Math.ceil(seconds * 1e9) <= left;
    }

    /** What one heartbeat's node has left, and what it placed. */
    private static final class Room {
        private final NodeState node;
        private final Instant now;
        private final List<Placement> placed = new ArrayList<>();
        /**
         * The planned tasks placed on this heartbeat: the node's own list and {@code stealable} both hold them (the
         * same objects, so by identity, without building an id string per look-up).
         */
        private final Set<PlannedTask> released = Collections.newSetFromMap(new IdentityHashMap<>());
        private CpuMemory free;
        private int freeSlots;
        /** RAM in bytes the tasks still placed may take besides {@code free} (the forecast's, when limited). */
        private long memoryLimit = Long.MAX_VALUE;

        Room(NodeState node, Instant now) {
            this.node = node;
            this.now = now;
            this.free = node.free();
            this.freeSlots = node.freeSlots();
        }

        boolean hasSpace() {
            return freeSlots > 0 && free.cpus() > CpuMemory.CPU_TOLERANCE && free.memoryBytes() > 0;
        }

        void limitMemory(long bytes) {
            memoryLimit = Math.min(memoryLimit, bytes);
        }

        boolean fits(CpuMemory demand) {
            return free.fits(demand) && demand.memoryBytes() <= memoryLimit;
        }

        void take(Placement placement, PlannedTask task) {
            placed.add(placement);
            released.add(task);
            free = free.minus(placement.demand());
            freeSlots--;
            if (memoryLimit != Long.MAX_VALUE) {
                memoryLimit -= placement.demand().memoryBytes();
            }
        }
    }

    /** Whether the planned task has an attempt placed since the plan, or needs none: it is not waiting. */
    private static boolean isStarted(JobProgress progress, PlannedTask task) {
        var phase = progress.phase(task.kind());
        int index = task.taskIndex();
        return index >= phase.count() || phase.isLaunched(index) && !phase.relaunch().contains(index);
    }

    private int stepsOf(PlannedTask task) {
        return (int) Math.max(1, settings.window().stepsBetween(task.start(), task.end()));
    }

    /**
     * Asks for a plan over the state of {@code now}: the nodes, the queue, the launches and the forecasts are copied for
     * the plan's computation, which repairs the plan in force (or starts anew after a node came or went).
     */
    private void requestPlan(CapacityOutlook outlook, Instant now) {
        var queue = jobs.values().stream().sorted((a, b) -> JobOrder.JOBS.compare(a.job(), b.job())).toList();
        running.retainJobs(jobs::containsKey);
        var planned = List.copyOf(nodes.values());
        var launches = Map.copyOf(running.byTask());
        var forecasts = planning.snapshot(outlook, planned, now);
        var previous = nodesChanged ? HolisticPlan.EMPTY : plans.inForce();
        plans.request(now, () -> planning.plan(now, planned, queue, launches, forecasts, previous));
        nodesChanged = false;
        dirty = false;
        nextPlan = now.plus(settings.replanEvery());
    }

    /**
     * Puts {@code next} in force: its tasks not yet running, in release order, become each node's to release and every
     * node's to steal; its admissions are recorded. Tasks and admissions of jobs that ended since it was asked for are
     * left out.
     */
    private void use(HolisticPlan next) {
        plan = next;
        var order = releaseOrder();
        var release = new HashMap<String, List<PlannedTask>>();
        plan.byNode().forEach((nodeId, tasks) -> release.put(nodeId, new ArrayList<>(
                tasks.stream().filter(this::waits).sorted(order).toList())));
        toRelease = release;
        stealable = new ArrayList<>(plan.tasks().stream().filter(this::waits).sorted(order).toList());
        record(plan.admissions().stream().filter(admission -> jobs.containsKey(admission.jobId())).toList());
    }

    /** Whether a planned task is one to release: not running, of a job still queued. */
    private boolean waits(PlannedTask task) {
        return !task.running() && jobs.containsKey(task.jobId());
    }

    /**
     * With early release: the jobs with the fewest tasks waiting in the plan first, then older jobs, then planned
     * start. Algorithm 1 plans the longest jobs first to shorten the makespan; released in planned order, small jobs
     * queue behind large ones on every node, and oldest first still queues them behind the large jobs that came
     * before (docs/policies/salamander.md#release-order has the measurements). Without early release the planned
     * start decides.
     */
    private Comparator<PlannedTask> releaseOrder() {
        if (!settings.earlyRelease()) {
            return Comparator.comparing(PlannedTask::start).thenComparing(HolisticPlan.ORDER);
        }
        // counted once per plan: the order stays fixed until the next plan, as tasks go out
        var waiting = new HashMap<String, Integer>();
        plan.tasks().stream().filter(this::waits).forEach(task -> waiting.merge(task.jobId(), 1, Integer::sum));
        return Comparator.comparing((PlannedTask task) -> waiting.get(task.jobId()))
                .thenComparing((PlannedTask task) -> jobs.get(task.jobId()).job(), JobOrder.JOBS)
                .thenComparing(PlannedTask::start).thenComparing(HolisticPlan.ORDER);
    }

    private void record(Collection<Admission> admissions) {
        for (var admission : admissions) {
            var previous = answered.put(admission.jobId(), admission);
            if (previous == null || admission.differsFrom(previous)) {
                unpublished.remove(admission.jobId());
                unpublished.put(admission.jobId(), admission);
            }
        }
    }
}
