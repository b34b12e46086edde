package io.gleaner.planner.core.salamander.solver;

import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;

/**
 * A mutable partial schedule for the solvers: each task's node and start, and the capacity left on each node, metric
 * and step (A(k, m, t) of Eq. 1 less the placed tasks' requirements), so that Eq. 6 is tested per candidate placement
 * instead of over the whole schedule; the objective's parts are kept up to date on every place and remove.
 */
final class Occupancy {

    /** {@link #mapsEnd} or {@link #reducesStart} not known: to be recomputed when next asked. */
    private static final int UNKNOWN = -1;

    final Instance instance;
    final int[] node;
    final int[] start;
    /** Each placed task's end ts(i) + Te(i, n(i)); meaningless for an unplaced task. */
    private final int[] ends;
    /** A(n, CPU, t) less the placed tasks' CPU, per node and step. */
    private final long[][] freeCpu;
    /** A(n, RAM, t) less the placed tasks' RAM, per node and step. */
    private final long[][] freeRam;
    private final int[] endCount;
    /**
     * Per job, {@link #mapsEnd} and {@link #reducesStart} as last computed, or {@link #UNKNOWN}: a move re-creates a
     * job task by task and asks for them once per task, so they are kept up to date on place and recomputed only
     * after the task that set them was removed.
     */
    private final int[] mapsEnd;
    private final int[] reducesStart;
    private int scheduled;
    private int makespan;
    private long endSum;
    private long work;

    Occupancy(Instance instance) {
        this.instance = instance;
        int tasks = instance.taskCount();
        node = new int[tasks];
        start = new int[tasks];
        Arrays.fill(node, -1);
        ends = new int[tasks];
        freeCpu = new long[instance.nodeCount()][instance.steps()];
        freeRam = new long[instance.nodeCount()][instance.steps()];
        for (int n = 0; n < freeCpu.length; n++) {
            for (int t = 0; t < instance.steps(); t++) {
                freeCpu[n][t] = instance.spareAt(n, 0, t);
                freeRam[n][t] = instance.spareAt(n, 1, t);
            }
        }
        endCount = new int[instance.steps() + 1];
        mapsEnd = new int[instance.jobs().size()];
        reducesStart = new int[instance.jobs().size()];
        Arrays.fill(mapsEnd, UNKNOWN);
        Arrays.fill(reducesStart, UNKNOWN);
    }

    /** Eq. 4 and Eq. 6 for task i on node n from step s, given the tasks already placed. */
    boolean fits(int i, int n, int s) {
        int end = s + instance.te(i, n);
        if (s < 0 || end > instance.steps()) {
            return false;
        }
        long cpu = instance.rq(i, 0);
        long ram = instance.rq(i, 1);
        long[] cpuLeft = freeCpu[n];
        long[] ramLeft = freeRam[n];
        for (int t = s; t < end; t++) {
            if (cpuLeft[t] < cpu || ramLeft[t] < ram) {
                return false;
            }
        }
        return true;
    }

    void place(int i, int n, int s) {
        node[i] = n;
        start[i] = s;
        int end = s + instance.te(i, n);
        ends[i] = end;
        long cpu = instance.rq(i, 0);
        long ram = instance.rq(i, 1);
        long[] cpuLeft = freeCpu[n];
        long[] ramLeft = freeRam[n];
        for (int t = s; t < end; t++) {
            cpuLeft[t] -= cpu;
            ramLeft[t] -= ram;
        }
        endCount[end]++;
        scheduled++;
        endSum += end;
        work += work(i, n);
        makespan = Math.max(makespan, end);
        int job = instance.jobOf(i);
        if (instance.isReduce(i)) {
            if (reducesStart[job] != UNKNOWN) {
                reducesStart[job] = Math.min(reducesStart[job], s);
            }
        } else if (mapsEnd[job] != UNKNOWN) {
            mapsEnd[job] = Math.max(mapsEnd[job], end);
        }
    }

    void remove(int i) {
        int n = node[i];
        int s = start[i];
        int end = s + instance.te(i, n);
        long cpu = instance.rq(i, 0);
        long ram = instance.rq(i, 1);
        long[] cpuLeft = freeCpu[n];
        long[] ramLeft = freeRam[n];
        for (int t = s; t < end; t++) {
            cpuLeft[t] += cpu;
            ramLeft[t] += ram;
        }
        endCount[end]--;
        scheduled--;
        endSum -= end;
        work -= work(i, n);
        while (makespan > 0 && endCount[makespan] == 0) {
            makespan--;
        }
        node[i] = -1;
        start[i] = -1;
        int job = instance.jobOf(i);
        if (instance.isReduce(i)) {
            if (reducesStart[job] == s) {
                reducesStart[job] = UNKNOWN;
            }
        } else if (mapsEnd[job] == end) {
            mapsEnd[job] = UNKNOWN;
        }
    }

    boolean isPlaced(int i) {
        return node[i] >= 0;
    }

    int end(int i) {
        return ends[i];
    }

    /** The latest end over the job's placed maps (0 when none): a reduce's earliest start, Eq. 5. */
    int mapsEnd(int job) {
        if (mapsEnd[job] == UNKNOWN) {
            int e = 0;
            for (int m : instance.jobMaps(job)) {
                if (node[m] >= 0) {
                    e = Math.max(e, end(m));
                }
            }
            mapsEnd[job] = e;
        }
        return mapsEnd[job];
    }

    /** The earliest start over the job's placed reduces ({@code steps} when none): a map's latest end, Eq. 5. */
    int reducesStart(int job) {
        if (reducesStart[job] == UNKNOWN) {
            int s = instance.steps();
            for (int r : instance.jobReduces(job)) {
                if (node[r] >= 0) {
                    s = Math.min(s, start[r]);
                }
            }
            reducesStart[job] = s;
        }
        return reducesStart[job];
    }

    Objective objective() {
        return new Objective(scheduled, makespan);
    }

    /** How many tasks are placed (Eq. 2). */
    int scheduled() {
        return scheduled;
    }

    /** The latest end over the placed tasks (Eq. 3), kept up to date by {@link #place} and {@link #remove}. */
    int makespan() {
        return makespan;
    }

    /** How many placed tasks end exactly at the makespan. */
    int endingAtMakespan() {
        return makespan == 0 ? 0 : endCount[makespan];
    }

    /**
     * What task i takes from node n, both metrics in one number: Te(i, n) · (Rq(i, CPU) / ΣA(CPU) + Rq(i, RAM) /
     * ΣA(RAM)), each metric as a share of the instance's total spare capacity, scaled by ΣA(CPU) · ΣA(RAM) to stay
     * an exact integer.
     */
    long work(int i, int n) {
        return instance.te(i, n) * (instance.rq(i, 0) * instance.totalSpare(1) + instance.rq(i, 1)
                * instance.totalSpare(0));
    }

    /** The sum of {@link #work} over the placed tasks: the capacity the schedule uses. */
    long work() {
        return work;
    }

    /** The sum of the placed tasks' ends. */
    long endSum() {
        return endSum;
    }

    /** Eq. 6 for task i on node n at step t alone (the other placed tasks' load included). */
    boolean fitsAt(int i, int n, int t) {
        return freeCpu[n][t] >= instance.rq(i, 0) && freeRam[n][t] >= instance.rq(i, 1);
    }

    /**
     * The earliest start s ≥ {@code from} at which task i fits on node n for its whole run (Eqs. 4 and 6) and ends by
     * {@code endBy}, or −1. One pass over the steps: a run of consecutive steps where i fits, reset at a step where it
     * does not, so O(endBy − from) instead of O((endBy − from) · Te).
     */
    int earliestStart(int i, int n, int from, int endBy) {
        int te = instance.te(i, n);
        int limit = Math.min(endBy, instance.steps());
        int first = Math.max(0, from);
        if (first + te > limit) {
            return -1;
        }
        long cpu = instance.rq(i, 0);
        long ram = instance.rq(i, 1);
        long[] cpuLeft = freeCpu[n];
        long[] ramLeft = freeRam[n];
        int run = 0;
        for (int t = first; t < limit; t++) {
            if (cpuLeft[t] >= cpu && ramLeft[t] >= ram) {
                if (++run == te) {
                    return t - te + 1;
                }
            } else {
                run = 0;
                if (t + 1 + te > limit) {
                    return -1;
                }
            }
        }
        return -1;
    }

    /** Places every pinned task; pins were checked consistent by {@link Instance}. */
    void placePins() {
        for (int i = 0; i < instance.taskCount(); i++) {
            if (instance.isPinned(i)) {
                place(i, instance.pinNode(i), instance.pinStart(i));
            }
        }
    }

    Schedule toSchedule() {
        return toSchedule(instance, node, start);
    }

    /** The schedule of per-task nodes and starts (node −1: not scheduled). */
    static Schedule toSchedule(Instance instance, int[] node, int[] start) {
        Map<String, Assignment> out = new TreeMap<>();
        for (int i = 0; i < node.length; i++) {
            if (node[i] >= 0) {
                out.put(instance.task(i).id(), new Assignment(instance.nodes().get(node[i]).id(), start[i]));
            }
        }
        return new Schedule(out);
    }
}
