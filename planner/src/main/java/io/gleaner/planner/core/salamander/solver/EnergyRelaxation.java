package io.gleaner.planner.core.salamander.solver;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;

/**
 * The relaxations behind {@link ObjectiveBound}'s energy bound: can a set of tasks fit into the nodes' spare capacity
 * before a makespan M? Both drop Eq. 5's precedence except as a window per task (a reduce starts no earlier than its
 * maps' earliest ends; a map ends early enough for its job's reduces to run before M), and let a task be split over
 * its options (a fractional assignment). Every schedule with makespan ≤ M gives an integral, hence fractional,
 * solution, so a relaxation with none proves that no schedule ends by M.
 *
 * <p>Symbols (one line each): a(i, n) = Rq(i, CPU) · Te(i, n) and r(i, n) = Rq(i, RAM) · Te(i, n), what task i takes
 * from node n in core-steps and RAM-steps; A(n, m, t), the spare capacity of Eq. 1 less the pinned tasks' load;
 * B(n, M) = Σ_{t &lt; M} A(n, CPU, t) and R(n, M) = Σ_{t &lt; M} A(n, RAM, t).
 * <ul>
 * <li><b>Per node</b> ({@link #certify}): Eq. 6 summed over the steps [0, M): Σ_i x(i, n) · a(i, n) ≤ B(n, M) and
 * Σ_i x(i, n) · r(i, n) ≤ R(n, M), where x(i, n) ≥ 0, Σ_n x(i, n) = 1, and x(i, n) = 0 unless i can run on n alone
 * inside its window.
 * <li><b>Per node and step</b> ({@link #certifyByStep}): Eq. 6 as it stands, one row per node, metric and step, over a
 * fractional choice of (node, start) per task among the runs where it fits alone inside its window: the Lagrangian
 * relaxation of the time-indexed model's capacity rows ({@link TimeIndexedMip}). Stronger when the horizon is short;
 * its cost grows with M, so it is used only below {@link #STEP_WORK_LIMIT}.
 * </ul>
 *
 * <p>Infeasibility is proven by a certificate, never by trusting a solver: prices λ, μ ≥ 0 on the capacity rows with
 * <pre>Σ_i min over i's options of (the priced resources the option uses)  &gt;  Σ (price · capacity)</pre>
 * (price every row, add them up, and bound each task's share from below by its cheapest option: a feasible x would
 * make the left side at most the right). Any prices that satisfy the inequality are a valid proof, so how they are
 * found affects only how tight the bound is, not whether it holds: we try the plain area bounds (uniform CPU prices,
 * uniform RAM prices, both), then a supergradient ascent on the Lagrangian dual where each row's price rises with its
 * overload under a soft assignment (each task spread over its options within a few percent of its cheapest, cooling
 * over the run). Tasks with identical requirements, times, windows and tails are one class.
 */
final class EnergyRelaxation {

    /** Ascent steps per makespan probed. */
    static final int ITERATIONS = 300;

    /** The per-step relaxation runs when classes · nodes · M is at most this (about a tenth of a second a probe). */
    static final long STEP_WORK_LIMIT = 400_000;

    /** Relative slack a certificate must clear, far above the rounding error of the double sums. */
    private static final double TOLERANCE = 1e-9;

    /** Per-node prices proving the per-node relaxation infeasible at a makespan, with the inequality's two sides. */
    record Certificate(int makespan, double[] lambda, double[] mu, double demand, double capacity) {
    }

    private final int nodes;
    private final AloneFit fit;
    private final int[] count;
    private final long[] cpu;
    private final long[] ram;
    private final int[] tail;
    private final int[] earliestStart;
    private final int[][] te;
    private final int[][] earliestEnd;
    private final long[][] cpuPrefix;
    private final long[][] ramPrefix;

    /**
     * @param tasks the unpinned tasks to fit
     * @param earliestStart per task index, the earliest start its job allows (0 for a map)
     * @param tail per task index, the steps its job still needs after it ends
     * @param earliestEnd per task index and node, {@link AloneFit#earliestEnd} from its earliest start
     */
    EnergyRelaxation(Instance instance, List<Integer> tasks, int[] earliestStart, int[] tail, int[][] earliestEnd,
            AloneFit fit) {
        nodes = instance.nodeCount();
        this.fit = fit;
        int steps = instance.steps();
        var classes = new LinkedHashMap<ClassKey, int[]>();
        for (int i : tasks) {
            long[] key = new long[4 + 2 * nodes];
            key[0] = instance.rq(i, 0);
            key[1] = instance.rq(i, 1);
            key[2] = tail[i];
            key[3] = earliestStart[i];
            for (int n = 0; n < nodes; n++) {
                key[4 + n] = instance.te(i, n);
                key[4 + nodes + n] = earliestEnd[i][n];
            }
            classes.computeIfAbsent(new ClassKey(key), k -> new int[1])[0]++;
        }
        int c = classes.size();
        count = new int[c];
        cpu = new long[c];
        ram = new long[c];
        this.tail = new int[c];
        this.earliestStart = new int[c];
        te = new int[c][nodes];
        this.earliestEnd = new int[c][nodes];
        int k = 0;
        for (var e : classes.entrySet()) {
            long[] key = e.getKey().values;
            count[k] = e.getValue()[0];
            cpu[k] = key[0];
            ram[k] = key[1];
            this.tail[k] = (int) key[2];
            this.earliestStart[k] = (int) key[3];
            for (int n = 0; n < nodes; n++) {
                te[k][n] = (int) key[4 + n];
                this.earliestEnd[k][n] = (int) key[4 + nodes + n];
            }
            k++;
        }
        cpuPrefix = new long[nodes][steps + 1];
        ramPrefix = new long[nodes][steps + 1];
        for (int n = 0; n < nodes; n++) {
            for (int t = 0; t < steps; t++) {
                cpuPrefix[n][t + 1] = cpuPrefix[n][t] + fit.residual[n][0][t];
                ramPrefix[n][t + 1] = ramPrefix[n][t] + fit.residual[n][1][t];
            }
        }
    }

    /** Number of task classes. */
    int classes() {
        return count.length;
    }

    /** Whether class c may use node n in the per-node relaxation at makespan M. */
    private boolean allowed(int c, int n, int makespan) {
        int end = earliestEnd[c][n];
        return end >= 0 && end <= makespan - tail[c];
    }

    /** A class with no node at all at makespan M (then no schedule ends by M). */
    private boolean someClassStranded(int makespan) {
        for (int c = 0; c < count.length; c++) {
            boolean any = false;
            for (int n = 0; n < nodes && !any; n++) {
                any = allowed(c, n, makespan);
            }
            if (!any) {
                return true;
            }
        }
        return false;
    }

    /**
     * Searches a certificate that the per-node relaxation at makespan M is infeasible.
     *
     * @return the certificate, or null when none was found (it may still be infeasible)
     */
    Certificate certify(int makespan) {
        if (count.length == 0) {
            return null;
        }
        if (someClassStranded(makespan)) {
            // no x at all: zero prices and an "infinite" demand record it
            return new Certificate(makespan, new double[nodes], new double[nodes], Double.POSITIVE_INFINITY, 0);
        }
        double[] b = new double[nodes];
        double[] r = new double[nodes];
        for (int n = 0; n < nodes; n++) {
            b[n] = cpuPrefix[n][makespan];
            r[n] = ramPrefix[n][makespan];
        }
        var prices = new Prices(nodes, 1, b, r);
        for (int start = 0; start < 3; start++) {
            prices.uniform(start);
            var certificate = evaluate(makespan, prices, b, r);
            if (certificate != null) {
                return certificate;
            }
        }
        prices.uniform(2);
        double[] weight = new double[nodes];
        for (int it = 0; it < ITERATIONS; it++) {
            double temperature = temperature(it);
            prices.clearLoads();
            for (int c = 0; c < count.length; c++) {
                double best = Double.POSITIVE_INFINITY;
                for (int n = 0; n < nodes; n++) {
                    if (allowed(c, n, makespan)) {
                        best = Math.min(best, cost(prices, c, n));
                    }
                }
                double scale = best > 0 ? best * temperature : Double.MIN_NORMAL;
                double sum = 0;
                for (int n = 0; n < nodes; n++) {
                    weight[n] = allowed(c, n, makespan) ? Math.exp(-(cost(prices, c, n) - best) / scale) : 0;
                    sum += weight[n];
                }
                for (int n = 0; n < nodes; n++) {
                    if (weight[n] > 0) {
                        double share = count[c] * weight[n] / sum;
                        prices.loadCpu[n][0] += share * cpu[c] * te[c][n];
                        prices.loadRam[n][0] += share * ram[c] * te[c][n];
                    }
                }
            }
            prices.ascend(it);
            var certificate = evaluate(makespan, prices, b, r);
            if (certificate != null) {
                return certificate;
            }
        }
        return null;
    }

    private double cost(Prices prices, int c, int n) {
        return (prices.cpu[n][0] * cpu[c] + prices.ram[n][0] * ram[c]) * te[c][n];
    }

    /** The per-node certificate inequality for these prices, exactly: the certificate if it holds, else null. */
    private Certificate evaluate(int makespan, Prices prices, double[] b, double[] r) {
        double demand = 0;
        for (int c = 0; c < count.length; c++) {
            double best = Double.POSITIVE_INFINITY;
            for (int n = 0; n < nodes; n++) {
                if (allowed(c, n, makespan)) {
                    best = Math.min(best, cost(prices, c, n));
                }
            }
            demand += count[c] * best;
        }
        double capacity = 0;
        double[] lambda = new double[nodes];
        double[] mu = new double[nodes];
        for (int n = 0; n < nodes; n++) {
            lambda[n] = prices.cpu[n][0];
            mu[n] = prices.ram[n][0];
            capacity += lambda[n] * b[n] + mu[n] * r[n];
        }
        return demand > capacity * (1 + TOLERANCE) ? new Certificate(makespan, lambda, mu, demand, capacity) : null;
    }

    /** Whether the per-step relaxation at makespan M is small enough to run ({@link #STEP_WORK_LIMIT}). */
    boolean stepRelaxationAffordable(int makespan) {
        return (long) count.length * nodes * makespan <= STEP_WORK_LIMIT;
    }

    /**
     * Searches a certificate that the per-step relaxation at makespan M is infeasible: prices λ(n, t), μ(n, t) with
     * Σ_i min over (n, s) of Σ_{t in [s, s + Te(i, n))} (λ(n, t) · Rq(i, CPU) + μ(n, t) · Rq(i, RAM)) greater than
     * Σ_{n, t &lt; M} (λ(n, t) · A(n, CPU, t) + μ(n, t) · A(n, RAM, t)), over the starts s where task i fits alone,
     * starts no earlier than its window and ends by M less its tail.
     *
     * @return whether a certificate was found
     */
    boolean certifyByStep(int makespan) {
        if (count.length == 0) {
            return false;
        }
        if (someClassStranded(makespan)) {
            return true;
        }
        double[][] capCpu = new double[nodes][makespan];
        double[][] capRam = new double[nodes][makespan];
        for (int n = 0; n < nodes; n++) {
            for (int t = 0; t < makespan; t++) {
                capCpu[n][t] = fit.residual[n][0][t];
                capRam[n][t] = fit.residual[n][1][t];
            }
        }
        // each class's options: per node, the allowed starts
        int[][][] starts = new int[count.length][nodes][];
        for (int c = 0; c < count.length; c++) {
            for (int n = 0; n < nodes; n++) {
                int[] run = fit.run(n, cpu[c], ram[c]);
                int last = makespan - tail[c] - te[c][n];
                int[] buffer = new int[Math.max(0, last - earliestStart[c] + 1)];
                int size = 0;
                for (int s = earliestStart[c]; s <= last; s++) {
                    if (run[s] >= te[c][n]) {
                        buffer[size++] = s;
                    }
                }
                starts[c][n] = Arrays.copyOf(buffer, size);
            }
        }
        var prices = new Prices(nodes, makespan, null, null);
        for (int start = 0; start < 3; start++) {
            prices.uniformPerStep(start, capCpu, capRam);
            if (evaluateByStep(prices, starts, capCpu, capRam, 0) > 0) {
                return true;
            }
        }
        prices.uniformPerStep(2, capCpu, capRam);
        for (int it = 0; it < ITERATIONS; it++) {
            prices.clearLoads();
            if (evaluateByStep(prices, starts, capCpu, capRam, temperature(it)) > 0) {
                return true;
            }
            prices.ascendPerStep(it, capCpu, capRam);
        }
        return evaluateByStep(prices, starts, capCpu, capRam, 0) > 0;
    }

    /**
     * The per-step certificate inequality's slack (demand − capacity, positive: a certificate) for these prices;
     * with a temperature above 0, also spreads each class over its options (soft assignment) into the loads.
     */
    private double evaluateByStep(Prices prices, int[][][] starts, double[][] capCpu, double[][] capRam,
            double temperature) {
        int makespan = capCpu.length == 0 ? 0 : capCpu[0].length;
        double[][] prefixCpu = new double[nodes][makespan + 1];
        double[][] prefixRam = new double[nodes][makespan + 1];
        double capacity = 0;
        for (int n = 0; n < nodes; n++) {
            for (int t = 0; t < makespan; t++) {
                prefixCpu[n][t + 1] = prefixCpu[n][t] + prices.cpu[n][t];
                prefixRam[n][t + 1] = prefixRam[n][t] + prices.ram[n][t];
                capacity += prices.cpu[n][t] * capCpu[n][t] + prices.ram[n][t] * capRam[n][t];
            }
        }
        double demand = 0;
        for (int c = 0; c < count.length; c++) {
            double best = Double.POSITIVE_INFINITY;
            for (int n = 0; n < nodes; n++) {
                int d = te[c][n];
                for (int s : starts[c][n]) {
                    double cost = cpu[c] * (prefixCpu[n][s + d] - prefixCpu[n][s])
                            + ram[c] * (prefixRam[n][s + d] - prefixRam[n][s]);
                    best = Math.min(best, cost);
                }
            }
            demand += count[c] * best;
            if (temperature > 0) {
                spread(c, best, temperature, prices, starts[c], prefixCpu, prefixRam);
            }
        }
        return demand > capacity * (1 + TOLERANCE) ? demand - capacity : -1;
    }

    /** Soft assignment of class c over its (node, start) options, into per-step loads (difference arrays). */
    private void spread(int c, double best, double temperature, Prices prices, int[][] starts, double[][] prefixCpu,
            double[][] prefixRam) {
        double scale = best > 0 ? best * temperature : Double.MIN_NORMAL;
        double sum = 0;
        for (int n = 0; n < nodes; n++) {
            int d = te[c][n];
            for (int s : starts[n]) {
                double cost = cpu[c] * (prefixCpu[n][s + d] - prefixCpu[n][s])
                        + ram[c] * (prefixRam[n][s + d] - prefixRam[n][s]);
                sum += Math.exp(-(cost - best) / scale);
            }
        }
        for (int n = 0; n < nodes; n++) {
            int d = te[c][n];
            for (int s : starts[n]) {
                double cost = cpu[c] * (prefixCpu[n][s + d] - prefixCpu[n][s])
                        + ram[c] * (prefixRam[n][s + d] - prefixRam[n][s]);
                double share = count[c] * Math.exp(-(cost - best) / scale) / sum;
                prices.loadCpu[n][s] += share * cpu[c];
                prices.loadRam[n][s] += share * ram[c];
                if (s + d < prices.loadCpu[n].length) {
                    prices.loadCpu[n][s + d] -= share * cpu[c];
                    prices.loadRam[n][s + d] -= share * ram[c];
                }
            }
        }
    }

    /** The soft assignment's temperature: from 20% of a class's cheapest cost down to 0.1%, geometrically. */
    private static double temperature(int it) {
        return 0.2 * Math.pow(0.001 / 0.2, it / (double) (ITERATIONS - 1));
    }

    /**
     * The prices of the capacity rows, per node and step ({@code steps} = 1 for the per-node relaxation), the loads
     * of the current soft assignment, and the multiplicative ascent step.
     */
    private static final class Prices {
        final double[][] cpu;
        final double[][] ram;
        final double[][] loadCpu;
        final double[][] loadRam;
        private final double[] capCpu;
        private final double[] capRam;

        Prices(int nodes, int steps, double[] capCpu, double[] capRam) {
            cpu = new double[nodes][steps];
            ram = new double[nodes][steps];
            loadCpu = new double[nodes][steps];
            loadRam = new double[nodes][steps];
            this.capCpu = capCpu;
            this.capRam = capRam;
        }

        void clearLoads() {
            for (double[] row : loadCpu) {
                Arrays.fill(row, 0);
            }
            for (double[] row : loadRam) {
                Arrays.fill(row, 0);
            }
        }

        /** Start 0: CPU area (uniform CPU prices, no RAM); 1: RAM area; 2: both, each normalised to its total. */
        void uniform(int start) {
            double totalCpu = Arrays.stream(capCpu).sum();
            double totalRam = Arrays.stream(capRam).sum();
            for (int n = 0; n < cpu.length; n++) {
                cpu[n][0] = start != 1 && totalCpu > 0 ? 1 / totalCpu : 0;
                ram[n][0] = start != 0 && totalRam > 0 ? 1 / totalRam : 0;
            }
        }

        void uniformPerStep(int start, double[][] capCpuByStep, double[][] capRamByStep) {
            double totalCpu = 0;
            double totalRam = 0;
            for (int n = 0; n < cpu.length; n++) {
                for (int t = 0; t < cpu[n].length; t++) {
                    totalCpu += capCpuByStep[n][t];
                    totalRam += capRamByStep[n][t];
                }
            }
            for (int n = 0; n < cpu.length; n++) {
                Arrays.fill(cpu[n], start != 1 && totalCpu > 0 ? 1 / totalCpu : 0);
                Arrays.fill(ram[n], start != 0 && totalRam > 0 ? 1 / totalRam : 0);
            }
        }

        /** Per-node ascent: each price times e^(step · overload share), then normalised to a capacity of 1. */
        void ascend(int it) {
            double step = 0.5 / Math.sqrt(1 + it);
            double norm = 0;
            for (int n = 0; n < cpu.length; n++) {
                cpu[n][0] = raise(cpu[n][0], loadCpu[n][0], capCpu[n], step);
                ram[n][0] = raise(ram[n][0], loadRam[n][0], capRam[n], step);
                norm += cpu[n][0] * capCpu[n] + ram[n][0] * capRam[n];
            }
            normalise(norm);
        }

        /** Per-step ascent; the loads are difference arrays, summed here. */
        void ascendPerStep(int it, double[][] capCpuByStep, double[][] capRamByStep) {
            double step = 0.5 / Math.sqrt(1 + it);
            double norm = 0;
            for (int n = 0; n < cpu.length; n++) {
                double runningCpu = 0;
                double runningRam = 0;
                for (int t = 0; t < cpu[n].length; t++) {
                    runningCpu += loadCpu[n][t];
                    runningRam += loadRam[n][t];
                    cpu[n][t] = raise(cpu[n][t], runningCpu, capCpuByStep[n][t], step);
                    ram[n][t] = raise(ram[n][t], runningRam, capRamByStep[n][t], step);
                    norm += cpu[n][t] * capCpuByStep[n][t] + ram[n][t] * capRamByStep[n][t];
                }
            }
            normalise(norm);
        }

        private static double raise(double price, double load, double capacity, double step) {
            double floor = 1e-12 / Math.max(1, capacity);
            double overload = Math.max(-2, Math.min(2, (load - capacity) / Math.max(1, capacity)));
            return Math.max(price, floor) * Math.exp(step * overload);
        }

        private void normalise(double norm) {
            if (norm <= 0) {
                return;
            }
            for (int n = 0; n < cpu.length; n++) {
                for (int t = 0; t < cpu[n].length; t++) {
                    cpu[n][t] /= norm;
                    ram[n][t] /= norm;
                }
            }
        }
    }

    /**
     * Task i's weight under a per-node certificate: min over the nodes it may use of λ(n) · a(i, n) + μ(n) · r(i, n).
     */
    static double weight(Instance instance, int i, int tailSteps, int[] earliestEndOfTask, Certificate certificate) {
        double best = Double.POSITIVE_INFINITY;
        for (int n = 0; n < instance.nodeCount(); n++) {
            int end = earliestEndOfTask[n];
            if (end < 0 || end > certificate.makespan() - tailSteps) {
                continue;
            }
            double cost = certificate.lambda()[n] * instance.rq(i, 0) * instance.te(i, n)
                    + certificate.mu()[n] * instance.rq(i, 1) * instance.te(i, n);
            best = Math.min(best, cost);
        }
        return best;
    }

    /** A class's defining values, compared by content. */
    private record ClassKey(long[] values) {

        @Override
        public boolean equals(Object o) {
            return o instanceof ClassKey k && Arrays.equals(values, k.values);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(values);
        }
    }
}
