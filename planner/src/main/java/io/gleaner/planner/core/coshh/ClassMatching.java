package io.gleaner.planner.core.coshh;

import com.google.ortools.Loader;
import com.google.ortools.linearsolver.MPConstraint;
import com.google.ortools.linearsolver.MPSolver;
import com.google.ortools.linearsolver.MPVariable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.function.IntToDoubleFunction;

/**
 * The matching of job classes to resources of COSHH section 3.2 (Rasooli and Down): the linear program
 * <pre>
 *   max λ  s.t.  Σ_j µ_ij δ_ij ≥ λ α_i  for every class i      (1), the demand rows
 *                Σ_i δ_ij ≤ 1           for every resource j   (2), the capacity rows
 *                δ_ij ≥ 0                                      (3)
 * </pre>
 * solved with GLOP (OR-Tools' simplex) by column generation, and the suggested classes SC_j = {i : δ_ij > tolerance}
 * of each resource. α_i is the arrival rate of class i and µ_ij its execution rate on resource j (both in jobs per
 * second); δ_ij is the share of resource j given to class i and λ the factor by which every arrival rate can grow with
 * the system still stable. The same class solves the primary and the secondary LP (COSHH Eqs. 1-3 and 4-6).
 *
 * <p><b>Merged columns.</b> CpuMemory whose µ columns are proportional (nodes of one type, or of one hardware with
 * different slot counts or core speeds when rates scale with them) are merged into one column g. Write resource j of
 * g as µ_·j = w_j µ_·r, r the first resource of g (w_r = 1), and let n_g = Σ_{j∈g} w_j; the merged column has µ_·r
 * and capacity n_g ({@code Σ_i δ_ig ≤ n_g}), and the merged optimum is split evenly, δ_ij = δ_ig / n_g for each j in
 * g. This is exact: the split meets (1) with the same λ (Σ_{j∈g} µ_ij δ_ig / n_g = µ_ir δ_ig Σ_j w_j / n_g =
 * µ_ir δ_ig) and (2) (Σ_i δ_ig / n_g ≤ 1); conversely any solution of the full LP gives the merged one δ_ig =
 * Σ_{j∈g} w_j δ_ij with the same λ and Σ_i δ_ig ≤ Σ_j w_j = n_g. So both LPs have the same optimal λ, and the split is
 * one of the full LP's optimal δ (the one giving every member the same shares). Identical columns are the case
 * w_j = 1, n_g = the number of resources. Columns are compared after dividing each by its largest entry, to 40
 * binary digits (about 12 decimal ones), so columns proportional up to rounding merge; what a merge then ignores is
 * below 1e-12 of a rate. A zero rate only matches a zero rate, so no member of a merged column is suggested a class it
 * cannot run. {@code ClassMatchingTest} checks the merged λ against the unmerged LP.
 *
 * <p><b>Column generation.</b> The LP has F × G δ variables for G merged columns: 100,000 for 100 classes on 1,000
 * nodes whose columns are not proportional. Few of them are non-zero at an optimum (a basis has at most F + G), so
 * the master LP starts with each column's 8 relatively fastest classes (largest µ_ig / max_g µ_ig) and each class's 8
 * fastest columns, and after each solve prices every missing δ_ig with the master's duals: its reduced gain is
 * r_ig π_i − σ_g, with r_ig its demand coefficient, π_i the dual of class i's demand row and σ_g that of column g's
 * capacity row. Each column adds its missing pair of largest positive gain. When no pair has one, the master's duals
 * are feasible for the whole LP's dual, so the master's optimum is the whole LP's (the reduced-cost test of the
 * revised simplex method, applied to the columns left out). Pairs are never removed, so the loop ends.
 * {@code ClassMatchingTest} checks λ against ojAlgo's simplex on the whole LP. GLOP on the whole LP of 100 classes ×
 * 1,000 non-proportional columns takes about 0.9 s, ojAlgo 56's simplex about 30 s; column generation a few
 * hundred milliseconds ({@code CoshhQueueingBenchmark}).
 *
 * <p><b>Limits.</b> Every master solve runs to its optimum by default, so that the same classes and nodes give the
 * same suggested sets on every run and machine (GLOP is single-threaded and deterministic). {@link
 * Settings#iterationLimit()} stops a master reproducibly; {@link Settings#timeLimitMillis()} (default 10 minutes) only
 * guards against a solver that hangs, since a stop on wall time would depend on the machine's load. When a master is
 * stopped by either, the better of its feasible point and the previous master's optimum, both feasible for the whole
 * LP, comes back as {@link Outcome#FEASIBLE}.
 *
 * <p><b>Edge cases.</b> With no classes (F = 0) the matching is empty: every SC_j is empty and λ, which no row
 * bounds, is reported as {@code +∞}. A class with α_i = 0 has no arrivals to serve: its row (1) holds for any δ, so
 * the LP is indifferent to it; it is left out of the LP, gets δ_i· = 0 and is suggested nowhere (the router's
 * fall-back, COSHH Algorithm 2, still serves any job queued in it), and is listed by
 * {@link Matching#withoutArrivals()}. A class with α_i &gt; 0 and µ_ij = 0 on every resource cannot be served
 * anywhere: as printed, its row forces λ = 0, and with λ = 0 every feasible δ is optimal, so the LP would suggest
 * nothing useful for the other classes. It is therefore also left out, gets δ_i· = 0, and is listed by
 * {@link Matching#unservable()}; λ is then the capacity of the servable classes. If no class is left, λ is
 * {@code +∞}. A δ_ij whose µ_ij = 0 is fixed at 0 (it would only use capacity), which changes no optimal λ.
 *
 * <p><b>Tolerance.</b> SC_j holds the classes with δ_ij &gt; {@link Settings#tolerance()} (default 1e-6): δ is a
 * share of one resource, GLOP meets its rows to about 1e-9, and a millionth of a node is no allocation.
 *
 * <p><b>Scaling.</b> Execution rates of one workload span many orders of magnitude, so each demand row is divided by
 * the class's largest µ_ij (its coefficients become µ_ij / max_j µ_ij in (0, 1]) and λ is solved in units of
 * M / Σ_i ρ_i, with ρ_i = α_i / max_j µ_ij, the λ at which every class's load on its fastest resource would fill the
 * M resources. Neither changes the optimum.
 */
public final class ClassMatching {

    /** How a solve ended; only {@link #OPTIMAL} and {@link #FEASIBLE} carry a usable λ and δ. */
    public enum Outcome {
        /** The optimum. */
        OPTIMAL,
        /** A feasible, possibly not optimal, solution (the solver stopped at a time or iteration limit). */
        FEASIBLE,
        /** The solver found no feasible point (cannot happen for this LP: δ = 0, λ = 0 is feasible). */
        INFEASIBLE,
        /** The solver found λ unbounded (cannot happen once classes without arrivals are left out). */
        UNBOUNDED,
        /** The solver failed or gave up without a feasible point. */
        FAILED;

        /** Whether λ and δ can be used. */
        public boolean usable() {
            return this == OPTIMAL || this == FEASIBLE;
        }

        static Outcome of(MPSolver.ResultStatus status) {
            return switch (status) {
                case OPTIMAL -> OPTIMAL;
                case FEASIBLE -> FEASIBLE;
                case INFEASIBLE -> INFEASIBLE;
                case UNBOUNDED -> UNBOUNDED;
                default -> FAILED;
            };
        }
    }

    /**
     * Settings of the solve.
     *
     * @param tolerance the δ above which a class is suggested for a resource (SC_j), in [0, 1)
     * @param timeLimitMillis the wall time each GLOP solve may take, &gt; 0: a guard against a hung solver only
     * @param iterationLimit the simplex iterations each GLOP solve may take, &gt; 0: a reproducible stop
     * @param mergeProportionalColumns whether resources with proportional µ columns are merged (exact, see the
     *     class doc)
     */
    public record Settings(double tolerance, long timeLimitMillis, int iterationLimit,
            boolean mergeProportionalColumns) {

        /** Tolerance 1e-6, 10 minutes (a guard only), 1,000,000 iterations, proportional columns merged. */
        public static final Settings DEFAULTS = new Settings(1e-6, 600_000, 1_000_000, true);

        public Settings {
            if (!(tolerance >= 0 && tolerance < 1)) {
                throw new IllegalArgumentException("tolerance must be in [0, 1), was " + tolerance);
            }
            if (timeLimitMillis <= 0) {
                throw new IllegalArgumentException("timeLimitMillis must be > 0, was " + timeLimitMillis);
            }
            if (iterationLimit <= 0) {
                throw new IllegalArgumentException("iterationLimit must be > 0, was " + iterationLimit);
            }
        }

        /** These settings with merging on or off. */
        Settings withMergeProportionalColumns(boolean merge) {
            return new Settings(tolerance, timeLimitMillis, iterationLimit, merge);
        }
    }

    static {
        try {
            Loader.loadNativeLibraries();
        } catch (UnsatisfiedLinkError | RuntimeException e) {
            // Say what needs the library and which platforms have one: the bare error names neither.
            throw new IllegalStateException("COSHH's LP needs OR-Tools' native library, which does not load on "
                    + System.getProperty("os.name") + " " + System.getProperty("os.arch")
                    + " (OR-Tools ships Linux, macOS and Windows on x86-64, Linux and macOS on arm64): " + e, e);
        }
    }

    private final Settings settings;

    /** A matcher with the given settings. */
    public ClassMatching(Settings settings) {
        if (settings == null) {
            throw new IllegalArgumentException("settings must not be null");
        }
        this.settings = settings;
    }

    /** A matcher with {@link Settings#DEFAULTS}. */
    public ClassMatching() {
        this(Settings.DEFAULTS);
    }

    /**
     * Solves the LP for F = {@code alpha.length} classes on M = {@code mu[0].length} resources (M = 0 when F = 0).
     *
     * @throws IllegalArgumentException if a rate is negative, NaN or infinite, or µ is not F × M
     */
    public Matching solve(double[] alpha, double[][] mu) {
        if (mu == null) {
            throw new IllegalArgumentException("mu must not be null");
        }
        return solve(alpha, mu, mu.length == 0 || mu[0] == null ? 0 : mu[0].length);
    }

    /**
     * Solves the LP for F = {@code alpha.length} classes on {@code resources} = M resources; µ must be F × M.
     * COSHH section 3.2, Eqs. 1-3 (and 4-6 for the secondary classification).
     *
     * @throws IllegalArgumentException if a rate is negative, NaN or infinite, or µ is not F × M
     */
    public Matching solve(double[] alpha, double[][] mu, int resources) {
        validate(alpha, mu, resources);
        int f = alpha.length;
        int m = resources;
        var withoutArrivals = new ArrayList<Integer>();
        var unservable = new ArrayList<Integer>();
        var active = new ArrayList<Integer>();
        for (int i = 0; i < f; i++) {
            if (alpha[i] == 0) {
                withoutArrivals.add(i);
            } else if (max(mu[i]) == 0) {
                unservable.add(i);
            } else {
                active.add(i);
            }
        }
        if (active.isEmpty()) {
            return new Matching(Outcome.OPTIMAL, Double.POSITIVE_INFINITY, new double[f][m], m, settings.tolerance(),
                    withoutArrivals, unservable, 0, 0);
        }
        var columns = Columns.of(mu, active, m, settings.mergeProportionalColumns());
        Outcome outcome;
        Solution best = null;
        try (var lp = new Lp(alpha, mu, active, columns, m, settings)) {
            lp.addInitialPairs();
            while ((outcome = lp.solve()) == Outcome.OPTIMAL) {
                best = lp.solution();
                if (lp.addPricedPairs() == 0) {
                    break;
                }
            }
            if (outcome == Outcome.FEASIBLE) {
                var stopped = lp.solution();
                best = best == null || stopped.lambda() > best.lambda() ? stopped : best;
            }
        }
        if (outcome != Outcome.OPTIMAL && best != null) {
            // A master stopped by a limit: its point, or the last optimal master's, is feasible for the whole LP.
            outcome = Outcome.FEASIBLE;
        }
        double[][] delta = new double[f][m];
        if (best == null) {
            return new Matching(outcome, Double.NaN, delta, m, settings.tolerance(), withoutArrivals, unservable,
                    columns.count(), 0);
        }
        for (int a = 0; a < active.size(); a++) {
            for (int g = 0; g < columns.count(); g++) {
                // Split evenly over the merged column's members (see the class doc).
                double share = best.shares()[a][g] / columns.capacity(g);
                for (int j : columns.members(g)) {
                    delta[active.get(a)][j] = share;
                }
            }
        }
        return new Matching(outcome, best.lambda(), delta, m, settings.tolerance(), withoutArrivals, unservable,
                columns.count(), best.masters());
    }

    /** A master's λ and δ per (active class, merged column), 0 where not in the master; the masters solved so far. */
    private record Solution(double lambda, double[][] shares, int masters) {
    }

    /**
     * The LP in GLOP, grown by column generation: variable λ (in units of {@link #lambdaUnit}), one demand row per
     * active class and one capacity row per merged column, and δ_ag only for the pairs added so far.
     */
    private static final class Lp implements AutoCloseable {
        /** Initial pairs: each column's K relatively fastest classes and each class's K fastest columns. */
        private static final int INITIAL_PER_LINE = 8;
        /** A pair is priced in when its reduced gain exceeds the column's dual by this relative margin. */
        private static final double PRICING_MARGIN = 1e-9;

        final MPSolver solver;
        final Columns columns;
        /** µ_ig / max_j µ_ij of active class a on column g: the scaled demand-row coefficient. */
        final double[][] relative;
        /** λ = (value of the λ variable) × lambdaUnit: M / Σ_i ρ_i, ρ_i = α_i / max_j µ_ij. */
        final double lambdaUnit;
        final MPVariable lambda;
        final MPConstraint[] demand;
        final MPConstraint[] capacity;
        /** δ_ag once added, else null. */
        final MPVariable[][] delta;
        int masters;

        Lp(double[] alpha, double[][] mu, List<Integer> active, Columns columns, int resources, Settings settings) {
            this.solver = MPSolver.createSolver("GLOP");
            if (solver == null) {
                throw new IllegalStateException("OR-Tools has no GLOP solver on this platform");
            }
            solver.setTimeLimit(settings.timeLimitMillis());
            solver.setSolverSpecificParametersAsString("max_number_of_iterations: " + settings.iterationLimit());
            this.columns = columns;
            int f = active.size();
            int g = columns.count();
            this.relative = new double[f][g];
            double[] fastest = new double[f];
            double rhoSum = 0;
            for (int a = 0; a < f; a++) {
                int i = active.get(a);
                fastest[a] = max(mu[i]);
                rhoSum += alpha[i] / fastest[a];
                for (int c = 0; c < g; c++) {
                    relative[a][c] = mu[i][columns.first(c)] / fastest[a];
                }
            }
            this.lambdaUnit = resources / rhoSum;
            this.lambda = solver.makeNumVar(0, Double.POSITIVE_INFINITY, "lambda");
            solver.objective().setCoefficient(lambda, 1);
            solver.objective().setMaximization();
            // Eq. 1 (or 4), scaled by 1 / max_j µ_ij: Σ_g µ_ig δ_ig - α_i λ ≥ 0.
            this.demand = new MPConstraint[f];
            for (int a = 0; a < f; a++) {
                int i = active.get(a);
                demand[a] = solver.makeConstraint(0, Double.POSITIVE_INFINITY, "demand[class=" + i + "]");
                demand[a].setCoefficient(lambda, -alpha[i] / fastest[a] * lambdaUnit);
            }
            // Eq. 2 (or 5): Σ_i δ_ig ≤ n_g, the sum of the merged column's weights.
            this.capacity = new MPConstraint[g];
            for (int c = 0; c < g; c++) {
                capacity[c] = solver.makeConstraint(Double.NEGATIVE_INFINITY, columns.capacity(c),
                        "capacity[column=" + c + "]");
            }
            this.delta = new MPVariable[f][g];
        }

        Outcome solve() {
            masters++;
            return Outcome.of(solver.solve());
        }

        /** The master's solution, read out of the solver. */
        Solution solution() {
            double[][] shares = new double[delta.length][columns.count()];
            for (int a = 0; a < delta.length; a++) {
                for (int c = 0; c < columns.count(); c++) {
                    shares[a][c] = delta[a][c] == null ? 0 : Math.max(0, delta[a][c].solutionValue());
                }
            }
            return new Solution(lambda.solutionValue() * lambdaUnit, shares, masters);
        }

        /** Adds δ_ag unless it is in already or µ_ag = 0 (δ fixed at 0: it would only use capacity). */
        boolean add(int a, int c) {
            if (delta[a][c] != null || relative[a][c] == 0) {
                return false;
            }
            MPVariable v = solver.makeNumVar(0, Double.POSITIVE_INFINITY, "delta[" + a + "," + c + "]");
            demand[a].setCoefficient(v, relative[a][c]);
            capacity[c].setCoefficient(v, 1);
            delta[a][c] = v;
            return true;
        }

        /** The pairs to start from: every class and every column gets some, the likely optimal ones first. */
        void addInitialPairs() {
            int f = relative.length;
            int g = columns.count();
            for (int c = 0; c < g; c++) {
                final int column = c;
                for (int a : top(f, a -> relative[a][column])) {
                    add(a, c);
                }
            }
            for (int a = 0; a < f; a++) {
                final int row = a;
                for (int c : top(g, c -> relative[row][c])) {
                    add(a, c);
                }
            }
        }

        /**
         * Prices every missing pair with the master's duals and adds, for each column, the one that would raise λ
         * most. The reduced gain of δ_ag is r_ag π_a − σ_g (r_ag its demand coefficient, π_a and σ_g the duals of its
         * two rows, taken by magnitude since the solver signs them by row sense): positive means the master's optimum
         * is not the LP's. Returns how many were added; none means the master's optimum is optimal for the whole LP.
         */
        int addPricedPairs() {
            int f = relative.length;
            double[] pi = new double[f];
            for (int a = 0; a < f; a++) {
                pi[a] = Math.abs(demand[a].dualValue());
            }
            double[] sigma = new double[columns.count()];
            for (int c = 0; c < columns.count(); c++) {
                sigma[c] = Math.abs(capacity[c].dualValue());
            }
            // Only now add: the solver forgets its duals once the model changes.
            int added = 0;
            for (int c = 0; c < columns.count(); c++) {
                int best = -1;
                double bestGain = sigma[c] * (1 + PRICING_MARGIN);
                for (int a = 0; a < f; a++) {
                    double gain = relative[a][c] * pi[a];
                    if (delta[a][c] == null && gain > bestGain) {
                        best = a;
                        bestGain = gain;
                    }
                }
                if (best >= 0 && add(best, c)) {
                    added++;
                }
            }
            return added;
        }

        @Override
        public void close() {
            solver.delete();
        }
    }

    /** The indices of the {@link Lp#INITIAL_PER_LINE} largest keys among {@code 0..n-1}, ties by lower index. */
    private static int[] top(int n, IntToDoubleFunction key) {
        int k = Math.min(Lp.INITIAL_PER_LINE, n);
        int[] best = new int[k];
        int size = 0;
        for (int x = 0; x < n; x++) {
            double v = key.applyAsDouble(x);
            int at = size;
            while (at > 0 && key.applyAsDouble(best[at - 1]) < v) {
                at--;
            }
            if (at < k) {
                System.arraycopy(best, at, best, at + 1, Math.min(size, k - 1) - at);
                best[at] = x;
                size = Math.min(size + 1, k);
            }
        }
        return best;
    }

    /**
     * The resources grouped by proportional µ column (over the classes in the LP), in order of first appearance, with
     * each group's capacity n_g = Σ_j w_j, w_j = (largest µ of j) / (largest µ of the group's first resource).
     */
    private record Columns(List<int[]> groups, double[] capacities) {

        /** Normalised entries are compared to this many binary digits. */
        private static final double RESOLUTION = 0x1p40;
        /** The shape entry of a class whose rate on the resource is 0 (normalised entries are never negative). */
        private static final long CANNOT_RUN = -1;

        static Columns of(double[][] mu, List<Integer> active, int resources, boolean merge) {
            var groups = new ArrayList<int[]>();
            if (!merge) {
                for (int j = 0; j < resources; j++) {
                    groups.add(new int[] {j});
                }
                double[] ones = new double[resources];
                Arrays.fill(ones, 1);
                return new Columns(groups, ones);
            }
            double[] largest = new double[resources];
            var byShape = new HashMap<ColumnShape, List<Integer>>();
            var order = new ArrayList<List<Integer>>();
            for (int j = 0; j < resources; j++) {
                for (int i : active) {
                    largest[j] = Math.max(largest[j], mu[i][j]);
                }
                long[] shape = new long[active.size()];
                for (int a = 0; a < active.size(); a++) {
                    // A class the resource cannot run at all keeps its own mark: a merged column must not suggest a
                    // class to a member that cannot run it, however small the rate of the column's first resource.
                    double rate = mu[active.get(a)][j];
                    shape[a] = rate == 0 ? CANNOT_RUN : Math.round(rate / largest[j] * RESOLUTION);
                }
                byShape.computeIfAbsent(new ColumnShape(shape), key -> {
                    var list = new ArrayList<Integer>();
                    order.add(list);
                    return list;
                }).add(j);
            }
            double[] capacities = new double[order.size()];
            for (int g = 0; g < order.size(); g++) {
                int[] members = order.get(g).stream().mapToInt(Integer::intValue).toArray();
                groups.add(members);
                double unit = largest[members[0]];
                for (int j : members) {
                    capacities[g] += unit == 0 ? 1 : largest[j] / unit;
                }
            }
            return new Columns(groups, capacities);
        }

        int count() {
            return groups.size();
        }

        double capacity(int g) {
            return capacities[g];
        }

        int first(int g) {
            return groups.get(g)[0];
        }

        int[] members(int g) {
            return groups.get(g);
        }
    }

    /** A µ column divided by its largest entry, rounded to {@link Columns#RESOLUTION}, compared by value. */
    private record ColumnShape(long[] values) {
        @Override
        public boolean equals(Object o) {
            return o instanceof ColumnShape other && Arrays.equals(values, other.values);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(values);
        }

        @Override
        public String toString() {
            return Arrays.toString(values);
        }
    }

    private static void validate(double[] alpha, double[][] mu, int resources) {
        if (alpha == null) {
            throw new IllegalArgumentException("alpha must not be null");
        }
        if (mu == null) {
            throw new IllegalArgumentException("mu must not be null");
        }
        if (resources < 0) {
            throw new IllegalArgumentException("resources must be >= 0, was " + resources);
        }
        if (mu.length != alpha.length) {
            throw new IllegalArgumentException("mu must have one row per class (" + alpha.length + "), had "
                    + mu.length);
        }
        for (int i = 0; i < alpha.length; i++) {
            if (!(alpha[i] >= 0) || Double.isInfinite(alpha[i])) {
                throw new IllegalArgumentException("alpha[" + i + "] must be finite and >= 0, was " + alpha[i]);
            }
            if (mu[i] == null || mu[i].length != resources) {
                throw new IllegalArgumentException("mu[" + i + "] must have " + resources + " resources, had "
                        + (mu[i] == null ? "null" : mu[i].length));
            }
            for (int j = 0; j < resources; j++) {
                double v = mu[i][j];
                if (!(v >= 0) || Double.isInfinite(v)) {
                    throw new IllegalArgumentException("mu[" + i + "][" + j + "] must be finite and >= 0, was " + v);
                }
            }
        }
    }

    private static double max(double[] values) {
        double max = 0;
        for (double v : values) {
            max = Math.max(max, v);
        }
        return max;
    }

    /**
     * A solved matching: λ, δ (F × M) and the suggested classes SC_j of each resource (class indices, ascending).
     * When the outcome is not {@link Outcome#usable() usable}, λ is NaN, δ is all zero and every SC_j is empty.
     */
    public static final class Matching {
        private final Outcome outcome;
        private final double lambda;
        private final double[][] delta;
        private final List<List<Integer>> suggested;
        private final List<Integer> withoutArrivals;
        private final List<Integer> unservable;
        private final int columns;
        private final int masters;

        Matching(Outcome outcome, double lambda, double[][] delta, int m, double tolerance,
                List<Integer> withoutArrivals, List<Integer> unservable, int columns, int masters) {
            this.outcome = outcome;
            this.lambda = lambda;
            this.delta = delta;
            this.withoutArrivals = List.copyOf(withoutArrivals);
            this.unservable = List.copyOf(unservable);
            this.columns = columns;
            this.masters = masters;
            var sc = new ArrayList<List<Integer>>(m);
            for (int j = 0; j < m; j++) {
                var classes = new ArrayList<Integer>();
                for (int i = 0; i < delta.length; i++) {
                    if (delta[i][j] > tolerance) {
                        classes.add(i);
                    }
                }
                sc.add(List.copyOf(classes));
            }
            this.suggested = List.copyOf(sc);
        }

        /** How the solve ended. */
        public Outcome outcome() {
            return outcome;
        }

        /** The optimal λ; +∞ when no class is in the LP, NaN when the outcome is not usable. */
        public double lambda() {
            return lambda;
        }

        /** F, the number of classes. */
        public int classes() {
            return delta.length;
        }

        /** M, the number of resources. */
        public int resources() {
            return suggested.size();
        }

        /** δ_ij, the share of resource j given to class i. */
        double delta(int i, int j) {
            return delta[i][j];
        }

        /** A copy of δ, F × M. */
        double[][] delta() {
            double[][] copy = new double[delta.length][];
            for (int i = 0; i < delta.length; i++) {
                copy[i] = delta[i].clone();
            }
            return copy;
        }

        /** SC_j: the classes with δ_ij above the tolerance, ascending. */
        public List<Integer> suggested(int j) {
            return suggested.get(j);
        }

        /** The classes with α_i = 0, left out of the LP (δ_i· = 0). */
        List<Integer> withoutArrivals() {
            return withoutArrivals;
        }

        /** The classes with α_i &gt; 0 and every µ_ij = 0, left out of the LP (δ_i· = 0). */
        List<Integer> unservable() {
            return unservable;
        }

        /** The number of µ columns the LP had after merging proportional ones (0 when no LP was solved). */
        public int columns() {
            return columns;
        }

        /** How many master LPs column generation solved: 1 when the starting pairs held an optimum. */
        int masters() {
            return masters;
        }

        @Override
        public String toString() {
            return "Matching[outcome=" + outcome + ", lambda=" + lambda + ", classes=" + delta.length
                    + ", resources=" + suggested.size() + ", columns=" + columns + ", masters=" + masters + "]";
        }
    }
}
