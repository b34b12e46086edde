package io.gleaner.planner.core.salamander.solver;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One time-indexed planning problem of Salamander §III-B1: the window, the nodes with their spare capacity
 * A(k, m, t) (Eq. 1, {@link SpareCapacity}), the jobs with their tasks, and the pinned tasks.
 *
 * <p>A pinned task is a running task (issue 7: "running tasks stay fixed, the rest may move"): its node and start are
 * given and every solver keeps them. A running task is pinned at start 0 with its remaining time, on its node, as
 * its Te. Pins must be consistent among themselves (inside the window, within spare capacity, a pinned reduce only
 * after all of its job's maps, which must then be pinned too, since a running reduce means the maps are done); an
 * instance whose pins break this is a caller's bug and is refused here. The tasks of a job with pins other than the
 * pinned ones may be scheduled whole or left out together (the job is held: its running tasks finish, the rest wait
 * for a later plan); see {@link ScheduleChecker}.
 *
 * <p>Solvers read the package-private indexed views (task index i over all jobs' tasks, maps before reduces within
 * each job, jobs in the given order; node index n in the given order).
 */
public final class Instance {

    private final Window window;
    private final List<Node> nodes;
    private final List<Job> jobs;
    private final SafetyMargin margin;
    private final Map<String, Assignment> pinned;

    private final Map<String, Integer> nodeIndex = new HashMap<>();
    private final Map<String, Integer> taskIndex = new HashMap<>();
    private final Task[] tasks;
    private final int[] jobOf;
    private final boolean[] reduce;
    private final int[][] jobMaps;
    private final int[][] jobReduces;
    private final long[][][] spare;
    private final int[] pinNode;
    private final int[] pinStart;
    private final long[] totalSpare = new long[2];
    private final int[] minTe;

    public Instance(Window window, List<Node> nodes, List<Job> jobs, SafetyMargin margin,
            Map<String, Assignment> pinned) {
        this.window = window;
        this.nodes = List.copyOf(nodes);
        this.jobs = List.copyOf(jobs);
        this.margin = margin;
        this.pinned = Collections.unmodifiableMap(new TreeMap<>(pinned));
        int steps = window.steps();
        spare = new long[this.nodes.size()][][];
        for (int n = 0; n < this.nodes.size(); n++) {
            Node node = this.nodes.get(n);
            if (nodeIndex.put(node.id(), n) != null) {
                throw new IllegalArgumentException("duplicate node id " + node.id());
            }
            if (node.cpuUtilization().length < steps || node.ramUtilization().length < steps) {
                throw new IllegalArgumentException("node " + node.id() + " has utilization for fewer than "
                        + steps + " steps");
            }
            spare[n] = SpareCapacity.of(node, margin, steps);
            for (int m = 0; m < 2; m++) {
                for (int t = 0; t < steps; t++) {
                    totalSpare[m] += spare[n][m][t];
                }
            }
        }
        var flat = new ArrayList<Task>();
        var jobIds = new HashMap<String, Integer>();
        jobMaps = new int[this.jobs.size()][];
        jobReduces = new int[this.jobs.size()][];
        var jobOfList = new ArrayList<Integer>();
        var reduceList = new ArrayList<Boolean>();
        for (int j = 0; j < this.jobs.size(); j++) {
            Job job = this.jobs.get(j);
            if (jobIds.put(job.id(), j) != null) {
                throw new IllegalArgumentException("duplicate job id " + job.id());
            }
            jobMaps[j] = new int[job.maps().size()];
            jobReduces[j] = new int[job.reduces().size()];
            for (int phase = 0; phase < 2; phase++) {
                List<Task> list = phase == 0 ? job.maps() : job.reduces();
                for (int q = 0; q < list.size(); q++) {
                    Task task = list.get(q);
                    if (task.estimatedSteps().length != this.nodes.size()) {
                        throw new IllegalArgumentException("task " + task.id() + " has " + task.estimatedSteps().length
                                + " estimated times, expected one per node (" + this.nodes.size() + ")");
                    }
                    int i = flat.size();
                    if (taskIndex.put(task.id(), i) != null) {
                        throw new IllegalArgumentException("duplicate task id " + task.id());
                    }
                    flat.add(task);
                    jobOfList.add(j);
                    reduceList.add(phase == 1);
                    (phase == 0 ? jobMaps[j] : jobReduces[j])[q] = i;
                }
            }
        }
        tasks = flat.toArray(new Task[0]);
        jobOf = new int[tasks.length];
        reduce = new boolean[tasks.length];
        for (int i = 0; i < tasks.length; i++) {
            jobOf[i] = jobOfList.get(i);
            reduce[i] = reduceList.get(i);
        }
        minTe = new int[tasks.length];
        for (int i = 0; i < tasks.length; i++) {
            int min = Integer.MAX_VALUE;
            for (int n = 0; n < this.nodes.size(); n++) {
                min = Math.min(min, tasks[i].estimatedSteps(n));
            }
            minTe[i] = min;
        }
        pinNode = new int[tasks.length];
        pinStart = new int[tasks.length];
        java.util.Arrays.fill(pinNode, -1);
        java.util.Arrays.fill(pinStart, -1);
        for (var e : this.pinned.entrySet()) {
            Integer i = taskIndex.get(e.getKey());
            if (i == null) {
                throw new IllegalArgumentException("pinned task " + e.getKey() + " is not in any job");
            }
            Integer n = nodeIndex.get(e.getValue().nodeId());
            if (n == null) {
                throw new IllegalArgumentException("pinned task " + e.getKey() + " names unknown node "
                        + e.getValue().nodeId());
            }
            pinNode[i] = n;
            pinStart[i] = e.getValue().start();
        }
        var pinsOnly = new Schedule(this.pinned);
        var verdict = ScheduleChecker.check(this, pinsOnly);
        if (!verdict.feasible()) {
            throw new IllegalArgumentException("pinned tasks are inconsistent: " + verdict.violations());
        }
    }

    /** An instance without pinned tasks. */
    public Instance(Window window, List<Node> nodes, List<Job> jobs, SafetyMargin margin) {
        this(window, nodes, jobs, margin, Map.of());
    }

    public Window window() {
        return window;
    }

    public List<Node> nodes() {
        return nodes;
    }

    public List<Job> jobs() {
        return jobs;
    }

    public SafetyMargin margin() {
        return margin;
    }

    /** The pinned tasks by task id. */
    Map<String, Assignment> pinned() {
        return pinned;
    }

    /** A(k, m, t) of Eq. 1 for the node at {@code nodeIndex}. */
    public long spare(int nodeIndex, Metric metric, int step) {
        return spare[nodeIndex][metric.ordinal()][step];
    }

    /** Number of tasks over all jobs. */
    int taskCount() {
        return tasks.length;
    }

    int steps() {
        return window.steps();
    }

    int nodeCount() {
        return nodes.size();
    }

    Integer nodeIndexOf(String nodeId) {
        return nodeIndex.get(nodeId);
    }

    Integer taskIndexOf(String taskId) {
        return taskIndex.get(taskId);
    }

    Task task(int i) {
        return tasks[i];
    }

    int jobOf(int i) {
        return jobOf[i];
    }

    boolean isReduce(int i) {
        return reduce[i];
    }

    int[] jobMaps(int j) {
        return jobMaps[j];
    }

    int[] jobReduces(int j) {
        return jobReduces[j];
    }

    int te(int i, int n) {
        return tasks[i].estimatedSteps(n);
    }

    long rq(int i, int metric) {
        return metric == 0 ? tasks[i].cpu() : tasks[i].ram();
    }

    long spareAt(int n, int metric, int t) {
        return spare[n][metric][t];
    }

    /** Σ over nodes and steps of A(k, m, t) for a metric (0 CPU, 1 RAM). */
    long totalSpare(int metric) {
        return totalSpare[metric];
    }

    /** min over nodes of Te(i, n). */
    int minTe(int i) {
        return minTe[i];
    }

    /** The pinned node of task i, or -1. */
    int pinNode(int i) {
        return pinNode[i];
    }

    int pinStart(int i) {
        return pinStart[i];
    }

    boolean isPinned(int i) {
        return pinNode[i] >= 0;
    }

    boolean jobHasPins(int j) {
        for (int i : jobMaps[j]) {
            if (isPinned(i)) {
                return true;
            }
        }
        for (int i : jobReduces[j]) {
            if (isPinned(i)) {
                return true;
            }
        }
        return false;
    }
}
