package io.gleaner.planner.salamander;

import java.util.Map;
import java.util.TreeMap;

/**
 * A mutable partial schedule for the solvers: each task's node and start, and the load it puts on each node, metric
 * and step, so that Eq. 6 is tested per candidate placement instead of over the whole schedule.
 */
final class Occupancy {

    final Instance instance;
    final int[] node;
    final int[] start;
    private final long[][][] used;
    private final int[] endCount;
    private int scheduled;

    Occupancy(Instance instance) {
        this.instance = instance;
        int tasks = instance.taskCount();
        node = new int[tasks];
        start = new int[tasks];
        java.util.Arrays.fill(node, -1);
        used = new long[instance.nodeCount()][2][instance.steps()];
        endCount = new int[instance.steps() + 1];
    }

    Occupancy copy() {
        var c = new Occupancy(instance);
        System.arraycopy(node, 0, c.node, 0, node.length);
        System.arraycopy(start, 0, c.start, 0, start.length);
        for (int n = 0; n < used.length; n++) {
            for (int m = 0; m < 2; m++) {
                System.arraycopy(used[n][m], 0, c.used[n][m], 0, used[n][m].length);
            }
        }
        System.arraycopy(endCount, 0, c.endCount, 0, endCount.length);
        c.scheduled = scheduled;
        return c;
    }

    /** Eq. 4 and Eq. 6 for task i on node n from step s, given the tasks already placed. */
    boolean fits(int i, int n, int s) {
        int end = s + instance.te(i, n);
        if (s < 0 || end > instance.steps()) {
            return false;
        }
        long cpu = instance.rq(i, 0);
        long ram = instance.rq(i, 1);
        long[] usedCpu = used[n][0];
        long[] usedRam = used[n][1];
        for (int t = s; t < end; t++) {
            if (usedCpu[t] + cpu > instance.spareAt(n, 0, t) || usedRam[t] + ram > instance.spareAt(n, 1, t)) {
                return false;
            }
        }
        return true;
    }

    void place(int i, int n, int s) {
        node[i] = n;
        start[i] = s;
        int end = s + instance.te(i, n);
        long cpu = instance.rq(i, 0);
        long ram = instance.rq(i, 1);
        for (int t = s; t < end; t++) {
            used[n][0][t] += cpu;
            used[n][1][t] += ram;
        }
        endCount[end]++;
        scheduled++;
    }

    void remove(int i) {
        int n = node[i];
        int s = start[i];
        int end = s + instance.te(i, n);
        long cpu = instance.rq(i, 0);
        long ram = instance.rq(i, 1);
        for (int t = s; t < end; t++) {
            used[n][0][t] -= cpu;
            used[n][1][t] -= ram;
        }
        endCount[end]--;
        scheduled--;
        node[i] = -1;
        start[i] = -1;
    }

    boolean isPlaced(int i) {
        return node[i] >= 0;
    }

    int end(int i) {
        return start[i] + instance.te(i, node[i]);
    }

    /** The latest end over the job's placed maps (0 when none): a reduce's earliest start, Eq. 5. */
    int mapsEnd(int job) {
        int e = 0;
        for (int m : instance.jobMaps(job)) {
            if (node[m] >= 0) {
                e = Math.max(e, end(m));
            }
        }
        return e;
    }

    /** The earliest start over the job's placed reduces ({@code steps} when none): a map's latest end, Eq. 5. */
    int reducesStart(int job) {
        int s = instance.steps();
        for (int r : instance.jobReduces(job)) {
            if (node[r] >= 0) {
                s = Math.min(s, start[r]);
            }
        }
        return s;
    }

    Objective objective() {
        int makespan = 0;
        for (int t = endCount.length - 1; t > 0; t--) {
            if (endCount[t] > 0) {
                makespan = t;
                break;
            }
        }
        return new Objective(scheduled, makespan);
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
        Map<String, Assignment> out = new TreeMap<>();
        for (int i = 0; i < node.length; i++) {
            if (node[i] >= 0) {
                out.put(instance.task(i).id(), new Assignment(instance.nodes().get(node[i]).id(), start[i]));
            }
        }
        return new Schedule(out);
    }
}
