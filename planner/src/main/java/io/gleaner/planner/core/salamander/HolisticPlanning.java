package io.gleaner.planner.core.salamander;

import io.gleaner.planner.core.Admission;
import io.gleaner.planner.core.CapacityOutlook;
import io.gleaner.planner.core.JobProgress;
import io.gleaner.planner.core.NodeState;
import io.gleaner.planner.core.PhaseProgress;
import io.gleaner.planner.core.PhaseTasks;
import io.gleaner.planner.core.TaskKind;
import io.gleaner.planner.core.salamander.solver.Assignment;
import io.gleaner.planner.core.salamander.solver.FirstFitDecreasing;
import io.gleaner.planner.core.salamander.solver.Instance;
import io.gleaner.planner.core.salamander.solver.LateAcceptanceTabuSearch;
import io.gleaner.planner.core.salamander.solver.Metric;
import io.gleaner.planner.core.salamander.solver.Node;
import io.gleaner.planner.core.salamander.solver.SafetyMargin;
import io.gleaner.planner.core.salamander.solver.Schedule;
import io.gleaner.planner.core.salamander.solver.SolverBudget;
import io.gleaner.planner.core.salamander.solver.Task;
import io.gleaner.planner.core.salamander.solver.Window;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * One plan of {@link SalamanderPolicy}: the queue, the nodes and the forecasts turned into Salamander's planning
 * instance (§III-B1), solved, and read back as a {@link HolisticPlan}. Pure: same inputs, same plan.
 *
 * <p>The instance, from what the planner knows:
 * <ul>
 *   <li><b>Window</b> T from {@code now}, {@link SalamanderSettings#window()}.</li>
 *   <li><b>A(k, m, t)</b> (Eq. 1): the forecaster's spare share of node k at the middle of step t
 *       ({@link CapacityOutlook}, which already takes the safety margin S(m) off, so the instance's own margin is 0).
 *       Without a forecast for a node (none yet, stale, or past its horizon) the node's free capacity at its last
 *       heartbeat, plus what the planner's running tasks on it hold, is taken as flat over the window: planning on
 *       what is free now rather than not at all. CPU is counted in thousandths of a core and RAM in MiB, A rounded
 *       down and requirements up, so the plan never lends more than the forecast.</li>
 *   <li><b>Tasks</b>: the not yet running tasks of the queued jobs, in arrival order up to
 *       {@link SalamanderSettings#taskBudget()} tasks (a job larger than what is left is planned a slice of at most
 *       half the budget at a time, maps first, its reduces once its pending maps all fit in one plan, and it gets
 *       its answer then; the jobs behind it are still planned); Rq(i, m)
 *       the group's demand; Te(i, n) the group's work ({@code inputBytes * flopPerByte}, Salamander §IV-A) at the
 *       node's per-core speed times the task's cores, rounded up to whole steps (at least one), plus, for a map on
 *       a node without a replica of its chunk, the chunk's copy at {@link SalamanderSettings#linkBitsPerSecond()}
 *       in whole steps of its own: the copy runs before the map starts (§III-C), and folded into the map's
 *       rounding a copy of 20 s vanished in a 3-minute step, so plans ignored where the data lies.</li>
 *   <li><b>Pins</b>: the running tasks this planner launched, on their node from step 0 for what is left of their
 *       estimate (at least one step). Where a forecast leaves less than the running tasks hold, A is raised to what
 *       they hold: they keep running, and protecting the owners is the QoS controller's job.</li>
 * </ul>
 * The schedule comes from Algorithm 1 (random first fit decreasing), improved by the local search of §III-B2 when
 * {@link SalamanderSettings#moveLimit()} is above 0. A job all of whose pending tasks are scheduled is accepted, to
 * complete at the end of its last task; a job left out is rejected with the most specific reason found.
 */
final class HolisticPlanning {

    private static final long MIB = 1L << 20;
    private static final double MILLI = 1000.0;

    private final SalamanderSettings settings;
    private final Window window;

    HolisticPlanning(SalamanderSettings settings) {
        this.settings = settings;
        this.window = settings.window();
    }

    /** A running attempt this planner launched: which task, where, when, and its estimate in steps then. */
    record Launch(String jobId, TaskKind kind, int taskIndex, String nodeId, Instant startedAt, int steps) {
    }

    /**
     * Plans {@code queue} (in arrival order) on {@code nodes} at {@code now}.
     *
     * @param running the running tasks this planner launched, by {@link PlannedTask#taskId}
     * @param previous the plan before this one, repaired rather than planned anew when it has tasks
     */
    HolisticPlan plan(Instant now, List<NodeState> nodes, List<JobProgress> queue, Map<String, Launch> running,
                      CapacityOutlook outlook, HolisticPlan previous) {
        if (nodes.isEmpty()) {
            return new HolisticPlan(now, window.step(), window.steps(), List.of(), List.of());
        }
        int steps = window.steps();
        var nodeIndex = new HashMap<String, Integer>();
        for (int n = 0; n < nodes.size(); n++) {
            nodeIndex.put(nodes.get(n).nodeId(), n);
        }
        var pinned = new HashMap<String, Assignment>();
        var pinnedCpu = new long[nodes.size()][steps];
        var pinnedRam = new long[nodes.size()][steps];
        var runningByJob = new HashMap<String, List<Launch>>();
        running.values().forEach(launch -> runningByJob.computeIfAbsent(launch.jobId(), id -> new ArrayList<>())
                .add(launch));
        var jobs = new ArrayList<io.gleaner.planner.core.salamander.solver.Job>();
        var pending = new HashMap<String, List<PendingTask>>();
        var sliced = new HashSet<String>();
        var refs = new HashMap<String, PlannedTask>();
        int budget = settings.taskBudget();
        for (var progress : queue) {
            var job = progress.job();
            var maps = new ArrayList<Task>();
            var reduces = new ArrayList<Task>();
            for (var launch : runningByJob.getOrDefault(job.jobId(), List.of())) {
                Integer n = nodeIndex.get(launch.nodeId());
                var group = job.group(launch.kind());
                if (n == null || group.isEmpty() || !isRunning(progress.phase(launch.kind()), launch.taskIndex())) {
                    continue;
                }
                int elapsed = (int) Math.min(Integer.MAX_VALUE, window.stepsBetween(launch.startedAt(), now));
                int left = Math.min(steps, Math.max(1, launch.steps() - elapsed));
                var taskId = PlannedTask.taskId(job.jobId(), launch.kind(), launch.taskIndex());
                var task = task(taskId, group.get(), launch.taskIndex(), nodes, left, n);
                (launch.kind() == TaskKind.MAP ? maps : reduces).add(task);
                pinned.put(taskId, new Assignment(launch.nodeId(), 0));
                for (int t = 0; t < left; t++) {
                    pinnedCpu[n][t] += task.cpu();
                    pinnedRam[n][t] += task.ram();
                }
                refs.put(taskId, new PlannedTask(job.jobId(), launch.kind(), launch.taskIndex(), launch.nodeId(), now,
                        window.after(now, left), true));
            }
            var jobPending = new ArrayList<PendingTask>();
            int pendingMaps = progress.maps().runnableCount();
            int pendingCount = pendingMaps + progress.reduces().runnableCount();
            if (budget > 0 && pendingCount > 0) {
                // A job larger than what is left of the budget is planned a slice at a time, maps first, at most half
                // the budget so that the jobs behind it are planned too; its reduces wait until its pending maps all
                // fit in one plan.
                int allowance = pendingCount <= budget ? pendingCount
                        : Math.min(budget, Math.max(1, settings.taskBudget() / 2));
                for (var kind : TaskKind.values()) {
                    var group = job.group(kind);
                    if (group.isEmpty() || allowance == 0
                            || kind == TaskKind.REDUCE && pendingMaps > jobPending.size()) {
                        continue;
                    }
                    for (var attempt : progress.phase(kind).runnable(job.jobId(), kind, allowance)) {
                        var taskId = PlannedTask.taskId(job.jobId(), kind, attempt.taskIndex());
                        (kind == TaskKind.MAP ? maps : reduces).add(task(taskId, group.get(), attempt.taskIndex(),
                                nodes, 0, -1));
                        jobPending.add(new PendingTask(job.jobId(), kind, attempt.taskIndex()));
                        budget--;
                        allowance--;
                    }
                }
                pending.put(job.jobId(), jobPending);
                if (jobPending.size() < pendingCount) {
                    sliced.add(job.jobId());
                }
            }
            if (!maps.isEmpty() || !reduces.isEmpty()) {
                jobs.add(new io.gleaner.planner.core.salamander.solver.Job(job.jobId(), maps, reduces));
            }
        }
        var instanceNodes = new ArrayList<Node>(nodes.size());
        for (int n = 0; n < nodes.size(); n++) {
            instanceNodes.add(node(nodes.get(n), now, outlook, pinnedCpu[n], pinnedRam[n]));
        }
        var instance = new Instance(window, instanceNodes, jobs, SafetyMargin.NONE, pinned);
        var schedule = jobs.isEmpty() ? new Schedule(Map.of()) : solve(instance, now, previous);
        return readBack(now, instance, schedule, pending, sliced, refs, nodeIndex);
    }

    /**
     * From scratch (Algorithm 1, then {@link SalamanderSettings#moveLimit()} moves) when there is no previous plan
     * with tasks or the search is off; otherwise the previous plan repaired, then
     * {@link SalamanderSettings#repairMoveLimit()} moves. Both budgets are move counts, so the plan depends on the
     * inputs and the previous plan only.
     */
    private Schedule solve(Instance instance, Instant now, HolisticPlan previous) {
        if (settings.moveLimit() == 0) {
            return new FirstFitDecreasing().solve(instance, budget(now, 0));
        }
        if (previous.tasks().isEmpty()) {
            return new LateAcceptanceTabuSearch().solve(instance, budget(now, settings.moveLimit()));
        }
        return new LateAcceptanceTabuSearch().repair(instance, inSteps(previous, now),
                budget(now, settings.repairMoveLimit())).schedule();
    }

    /** The not yet running tasks of {@code previous}, in steps from {@code now} (a start already passed: step 0). */
    private Schedule inSteps(HolisticPlan previous, Instant now) {
        var assignments = new HashMap<String, Assignment>();
        for (var task : previous.tasks()) {
            if (!task.running()) {
                long step = window.stepsBetween(now, task.start());
                assignments.put(task.taskId(), new Assignment(task.nodeId(), (int) Math.max(0, Math.min(step,
                        window.steps()))));
            }
        }
        return new Schedule(assignments);
    }

    private SolverBudget budget(Instant now, long moves) {
        long seed = settings.seed() * 0x9E3779B97F4A7C15L ^ now.toEpochMilli();
        return new SolverBudget(seed, moves, Duration.ofSeconds(30));
    }

    /** Whether task {@code index} of {@code phase} runs now: launched, not succeeded, not waiting for a relaunch. */
    static boolean isRunning(PhaseProgress phase, int index) {
        return phase.isLaunched(index) && !phase.hasSucceeded(index) && !phase.relaunch().contains(index);
    }

    /**
     * Task {@code index} of {@code group}: Rq from its demand, Te on every node from its work; a pinned task
     * ({@code pinnedNode >= 0}) has {@code pinnedSteps} left on its node.
     */
    private Task task(String taskId, PhaseTasks group, int index, List<NodeState> nodes, int pinnedSteps,
                      int pinnedNode) {
        var te = new int[nodes.size()];
        double copy = copySeconds(group, index, settings.linkBitsPerSecond());
        for (int n = 0; n < te.length; n++) {
            double seconds = workSeconds(group, index, nodes.get(n));
            te[n] = Math.max(1, window.stepsFor(Duration.ofNanos((long) Math.ceil(seconds * 1e9))));
            if (group.hasLocality() && !group.isLocal(index, nodes.get(n).nodeId())) {
                te[n] += window.stepsFor(Duration.ofNanos((long) Math.ceil(copy * 1e9)));
            }
        }
        if (pinnedNode >= 0) {
            te[pinnedNode] = pinnedSteps;
        }
        long cpu = (long) Math.ceil(group.demand().cpus() * MILLI - 1e-6);
        long ram = (group.demand().memoryBytes() + MIB - 1) / MIB;
        return new Task(taskId, cpu, ram, te);
    }

    /** Seconds of work of task {@code index} of {@code group} on {@code node}: its FLOP at the node's speed. */
    static double workSeconds(PhaseTasks group, int index, NodeState node) {
        double cores = group.demand().cpus() > 0 ? group.demand().cpus() : 1;
        return group.inputBytes(index) * group.flopPerByte() / (node.speedGflops() * 1e9 * cores);
    }

    /** Seconds to copy the input of task {@code index} of {@code group} over a link of that bandwidth. */
    static double copySeconds(PhaseTasks group, int index, long linkBitsPerSecond) {
        return group.inputBytes(index) * 8.0 / linkBitsPerSecond;
    }

    /**
     * What a plan at {@code now} reads of {@code outlook} for {@code nodes}, copied: each node's spare CPU and RAM per
     * step of the window, read as {@link #plan} reads them. A plan computed off the stream thread reads the copy, since
     * the forecasts behind {@code outlook} may be readable only there.
     */
    CapacityOutlook snapshot(CapacityOutlook outlook, List<NodeState> nodes, Instant now) {
        var first = middle(now);
        var copied = new HashMap<String, double[][]>();
        for (var node : nodes) {
            var cpu = new double[window.steps()];
            var ram = new double[window.steps()];
            outlook.spare(node.nodeId(), CapacityOutlook.Resource.CPU, first, window.step(), cpu);
            outlook.spare(node.nodeId(), CapacityOutlook.Resource.MEMORY, first, window.step(), ram);
            copied.put(node.nodeId(), new double[][] {cpu, ram});
        }
        return new WindowSnapshot(first, window.step(), copied);
    }

    /** The forecasts of a plan's window, copied by {@link #snapshot}; nothing for other nodes, times or steps. */
    private record WindowSnapshot(Instant first, Duration step, Map<String, double[][]> byNode)
            implements CapacityOutlook {

        @Override
        public OptionalDouble spare(String nodeId, Resource resource, Instant time) {
            var series = byNode.get(nodeId);
            long offset = Duration.between(first, time).toNanos();
            if (series == null || offset < 0 || offset % step.toNanos() != 0) {
                return OptionalDouble.empty();
            }
            long index = offset / step.toNanos();
            var values = series[resource == Resource.CPU ? 0 : 1];
            return index >= values.length || Double.isNaN(values[(int) index]) ? OptionalDouble.empty()
                    : OptionalDouble.of(values[(int) index]);
        }

        @Override
        public void spare(String nodeId, Resource resource, Instant from, Duration every, double[] into) {
            var series = byNode.get(nodeId);
            if (series != null && from.equals(first) && every.equals(step)) {
                var values = series[resource == Resource.CPU ? 0 : 1];
                for (int i = 0; i < into.length; i++) {
                    into[i] = i < values.length ? values[i] : Double.NaN;
                }
            } else {
                CapacityOutlook.super.spare(nodeId, resource, from, every, into);
            }
        }
    }

    /** The middle of a plan's first step, at which its forecasts are read. */
    private Instant middle(Instant now) {
        // Duration.dividedBy goes through BigDecimal: once per plan, not once per step (issue 26's profile)
        return now.plus(window.step().dividedBy(2));
    }

    /** The node with its forecast use U = 1 − spare per step, never leaving less than its pinned tasks hold. */
    private Node node(NodeState state, Instant now, CapacityOutlook outlook, long[] pinnedCpu, long[] pinnedRam) {
        long cpuCapacity = Math.round(state.capacity().cpus() * MILLI);
        long ramCapacity = state.capacity().memoryBytes() / MIB;
        int steps = window.steps();
        var cpu = new double[steps];
        var ram = new double[steps];
        double cpuNow = share(state.free().cpus() * MILLI + pinnedCpu[0], cpuCapacity);
        double ramNow = share(state.free().memoryBytes() / (double) MIB + pinnedRam[0], ramCapacity);
        var middle = middle(now);
        // One read per series and plan, not per step: a look-up per step was 2 x 480 key look-ups per node and plan
        outlook.spare(state.nodeId(), CapacityOutlook.Resource.CPU, middle, window.step(), cpu);
        outlook.spare(state.nodeId(), CapacityOutlook.Resource.MEMORY, middle, window.step(), ram);
        for (int t = 0; t < steps; t++) {
            double cpuSpare = Double.isNaN(cpu[t]) ? cpuNow : cpu[t];
            double ramSpare = Double.isNaN(ram[t]) ? ramNow : ram[t];
            cpu[t] = 1 - Math.max(cpuSpare, share(pinnedCpu[t], cpuCapacity));
            ram[t] = 1 - Math.max(ramSpare, share(pinnedRam[t], ramCapacity));
        }
        return new Node(state.nodeId(), cpuCapacity, ramCapacity, cpu, ram);
    }

    private static double share(double amount, long capacity) {
        return capacity <= 0 ? 0 : Math.min(1, amount / capacity);
    }

    private HolisticPlan readBack(Instant now, Instance instance, Schedule schedule,
                                  Map<String, List<PendingTask>> pending, Set<String> sliced,
                                  Map<String, PlannedTask> refs,
                                  Map<String, Integer> nodeIndex) {
        var tasks = new ArrayList<PlannedTask>(refs.values());
        var admissions = new ArrayList<Admission>();
        var byId = new HashMap<String, Task>();
        instance.jobs().forEach(job -> job.tasks().forEach(task -> byId.put(task.id(), task)));
        for (var entry : pending.entrySet()) {
            var jobId = entry.getKey();
            var planned = new ArrayList<PlannedTask>();
            for (var task : entry.getValue()) {
                var assignment = schedule.of(task.taskId());
                if (assignment == null) {
                    break;
                }
                int te = byId.get(task.taskId()).estimatedSteps(nodeIndex.get(assignment.nodeId()));
                planned.add(new PlannedTask(jobId, task.kind(), task.taskIndex(), assignment.nodeId(),
                        at(now, assignment.start()), at(now, assignment.start() + te), false));
            }
            if (planned.size() == entry.getValue().size()) {
                tasks.addAll(planned);
                if (sliced.contains(jobId)) {
                    continue;
                }
                var end = planned.stream().map(PlannedTask::end).max(Instant::compareTo).orElseThrow();
                for (var ref : refs.values()) {
                    if (ref.jobId().equals(jobId) && ref.end().isAfter(end)) {
                        end = ref.end();
                    }
                }
                admissions.add(Admission.accepted(jobId, now, end));
            } else {
                admissions.add(Admission.rejected(jobId, now, whyRejected(instance, byId, entry.getValue())));
            }
        }
        return new HolisticPlan(now, window.step(), window.steps(), tasks, admissions);
    }

    /** A task this plan is asked to place: a runnable task of a queued job, before the solver gave it a node. */
    private record PendingTask(String jobId, TaskKind kind, int taskIndex) {
        String taskId() {
            return PlannedTask.taskId(jobId, kind, taskIndex);
        }
    }

    private Instant at(Instant now, int step) {
        return window.after(now, step);
    }

    /** The most specific reason a job's pending tasks found no place. */
    private String whyRejected(Instance instance, Map<String, Task> byId, Collection<PendingTask> pending) {
        long mostCpu = 0;
        long mostRam = 0;
        for (int n = 0; n < instance.nodes().size(); n++) {
            for (int t = 0; t < window.steps(); t++) {
                mostCpu = Math.max(mostCpu, instance.spare(n, Metric.CPU, t));
                mostRam = Math.max(mostRam, instance.spare(n, Metric.RAM, t));
            }
        }
        int shortest = 0;
        int shortestMap = 0;
        for (var ref : pending) {
            var task = byId.get(ref.taskId());
            if (task.ram() > mostRam) {
                return "a " + ref.kind() + " task needs " + task.ram() + " MiB of RAM; no node can spare more than "
                        + mostRam + " MiB in the window";
            }
            if (task.cpu() > mostCpu) {
                return "a " + ref.kind() + " task needs " + task.cpu() / MILLI + " cores; no node can spare more than "
                        + mostCpu / MILLI + " in the window";
            }
            int least = Integer.MAX_VALUE;
            for (int n = 0; n < instance.nodes().size(); n++) {
                least = Math.min(least, task.estimatedSteps(n));
            }
            if (ref.kind() == TaskKind.MAP) {
                shortestMap = Math.max(shortestMap, least);
            } else {
                shortest = Math.max(shortest, least);
            }
        }
        if (shortestMap + shortest > window.steps()) {
            return "its maps and reduces take at least " + (shortestMap + shortest) + " steps of " + window.step()
                    + ", longer than the window of " + window.steps();
        }
        return "it does not fit in the forecast spare capacity of the window after the jobs before it";
    }
}
