package io.gleaner.planner.core.salamander.solver;

import java.util.HashMap;
import java.util.Map;

/**
 * Where a task fits on a node if it ran alone: the residual capacity (A(k, m, t) of Eq. 1 less the pinned tasks'
 * load) and, per node and demand, how many consecutive steps from each step have room for it (Eq. 6 for one task).
 * Shared by {@link ObjectiveBound} and {@link EnergyRelaxation}.
 */
final class AloneFit {

    private final Instance instance;
    private final int steps;
    final long[][][] residual;
    private final Map<Long, int[]> runs = new HashMap<>();

    /** The residual capacity of {@code instance} with its pinned tasks' load taken out. */
    AloneFit(Instance instance) {
        this.instance = instance;
        steps = instance.steps();
        int nodes = instance.nodeCount();
        residual = new long[nodes][2][steps];
        for (int n = 0; n < nodes; n++) {
            for (int m = 0; m < 2; m++) {
                for (int t = 0; t < steps; t++) {
                    residual[n][m][t] = instance.spareAt(n, m, t);
                }
            }
        }
        for (int i = 0; i < instance.taskCount(); i++) {
            if (instance.isPinned(i)) {
                int n = instance.pinNode(i);
                for (int t = instance.pinStart(i); t < instance.pinStart(i) + instance.te(i, n); t++) {
                    residual[n][0][t] -= instance.rq(i, 0);
                    residual[n][1][t] -= instance.rq(i, 1);
                }
            }
        }
    }

    /** For node n and a demand, run[t] (t ≤ T): how many consecutive steps from t have residual ≥ the demand. */
    int[] run(int n, long cpu, long ram) {
        long key = ((long) n * 1_000_003L + cpu) * 1_000_003L + ram;
        return runs.computeIfAbsent(key, k -> {
            int[] run = new int[steps + 1];
            for (int t = steps - 1; t >= 0; t--) {
                run[t] = residual[n][0][t] >= cpu && residual[n][1][t] >= ram ? run[t + 1] + 1 : 0;
            }
            return run;
        });
    }

    /** The earliest end of task i on node n, alone, starting at or after {@code from} (−1: not in the window). */
    int earliestEnd(int i, int n, int from) {
        int te = instance.te(i, n);
        int[] run = run(n, instance.rq(i, 0), instance.rq(i, 1));
        int s = from;
        while (s + te <= steps) {
            if (run[s] >= te) {
                return s + te;
            }
            s += run[s] + 1;
        }
        return -1;
    }
}
