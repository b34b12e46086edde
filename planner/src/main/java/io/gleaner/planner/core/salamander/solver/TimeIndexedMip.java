package io.gleaner.planner.core.salamander.solver;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.ojalgo.optimisation.Expression;
import org.ojalgo.optimisation.ExpressionsBasedModel;
import org.ojalgo.optimisation.Optimisation;
import org.ojalgo.optimisation.Variable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The exact strategy of Salamander §III-B2, as a time-indexed mixed-integer program on ojAlgo instead of the paper's
 * CP Optimizer model (which is commercial): the quality reference for small instances.
 *
 * <p>Variables: {@code x[i,n,s]} binary, task i runs on node n from step s, created only for
 * 0 ≤ s ≤ T − Te(i, n) so that Eq. 4 holds by construction (a pinned task has the one variable of its pin, fixed to
 * 1); {@code y[j]} binary, job j is scheduled; {@code mapsEnd[j]} in [0, T], the latest end of job j's maps;
 * {@code makespan} in [0, T].
 *
 * <p>Objective: Eqs. 2–3 are lexicographic. We solve them in one model with the weighted objective
 * {@code minimise makespan − W · Σ_j |tasks(j)| · y[j]}, W = T + 1: the makespan lies in [0, T], so one more
 * scheduled task (worth W) always outweighs any change of makespan, and among schedules with the most tasks the
 * smallest makespan wins. This is exact, not an approximation, and saves a second solve.
 */
public final class TimeIndexedMip implements ScheduleSolver {

    private static final Logger log = LoggerFactory.getLogger(TimeIndexedMip.class);

    /** How the solve ended, mapped from ojAlgo's {@link Optimisation.State} before any value is read. */
    public enum Status {
        /** Proven optimal. */
        OPTIMAL,
        /** A feasible schedule, not proven optimal (the time or iteration limit stopped the search). */
        FEASIBLE,
        /** No usable solution: the schedule holds only the pinned tasks. */
        NO_SOLUTION
    }

    /** The schedule, how the solve ended (ours and ojAlgo's state), and the model's size. */
    public record Result(Schedule schedule, Status status, Optimisation.State solverState, int variables, int rows) {
    }

    @Override
    public Schedule solve(Instance instance, SolverBudget budget) {
        return solveExact(instance, budget).schedule();
    }

    /** The model alone, every constraint family added (for tests and diagnosis). */
    static ExpressionsBasedModel model(Instance instance) {
        var build = new Build(instance);
        build.addAssignmentRows();
        build.addCapacityRows();
        build.addPrecedenceRows();
        build.addMakespanRows();
        return build.model;
    }

    /** Builds and solves the model within the budget's time limit and move limit (ojAlgo's iteration abort). */
    public Result solveExact(Instance instance, SolverBudget budget) {
        var build = new Build(instance);
        build.addAssignmentRows();
        build.addCapacityRows();
        build.addPrecedenceRows();
        build.addMakespanRows();
        var model = build.model;
        // the empty schedule (pins only) is always feasible, so INFEASIBLE from ojAlgo is a solver failure, reported
        // as NO_SOLUTION with ojAlgo's state; it happened with a time-indexed (per-step) form of the precedence rows
        // on a generated 8-task instance, which is why the aggregated mapsEnd form below is used
        model.options.time_abort = budget.timeLimit().toMillis();
        model.options.iterations_abort = (int) Math.min(Integer.MAX_VALUE, Math.max(1, budget.moveLimit()));
        var result = model.minimise();
        int variables = model.getVariables().size();
        int rows = model.getExpressions().size();
        Status status = switch (result.getState()) {
            case OPTIMAL, DISTINCT -> Status.OPTIMAL;
            case FEASIBLE, APPROXIMATE -> Status.FEASIBLE;
            default -> Status.NO_SOLUTION;
        };
        Schedule pinsOnly = new Schedule(instance.pinned());
        if (status == Status.NO_SOLUTION) {
            log.debug("MIP ended {}; keeping the pinned tasks only", result.getState());
            return new Result(pinsOnly, status, result.getState(), variables, rows);
        }
        Map<String, Assignment> out = new TreeMap<>();
        for (Cell c : build.cells) {
            if (result.doubleValue(c.index) > 0.5) {
                out.put(instance.task(c.task).id(), new Assignment(instance.nodes().get(c.node).id(), c.start));
            }
        }
        var schedule = new Schedule(out);
        var verdict = ScheduleChecker.check(instance, schedule);
        if (!verdict.feasible()) {
            log.warn("MIP ended {} but its schedule breaks {}; keeping the pinned tasks only", result.getState(),
                    verdict.violations());
            return new Result(pinsOnly, Status.NO_SOLUTION, result.getState(), variables, rows);
        }
        return new Result(schedule, status, result.getState(), variables, rows);
    }

    /** One x[i,n,s] variable and its index in the model. */
    private record Cell(int task, int node, int start, int index) {
    }

    /** The model under construction, one method per constraint family (CONVENTIONS §8). */
    private static final class Build {

        final Instance instance;
        final ExpressionsBasedModel model = new ExpressionsBasedModel();
        final List<Cell> cells = new ArrayList<>();
        final List<List<Cell>> cellsOfTask = new ArrayList<>();
        final Variable[] y;
        final Variable[] mapsEnd;
        final Variable makespan;
        private int nextIndex;

        Build(Instance instance) {
            this.instance = instance;
            int steps = instance.steps();
            for (int i = 0; i < instance.taskCount(); i++) {
                var own = new ArrayList<Cell>();
                String id = instance.task(i).id();
                if (instance.isPinned(i)) {
                    int n = instance.pinNode(i);
                    int s = instance.pinStart(i);
                    add("x[task=" + id + ",node=" + instance.nodes().get(n).id() + ",start=" + s + "]").level(1);
                    own.add(new Cell(i, n, s, nextIndex - 1));
                } else {
                    for (int n = 0; n < instance.nodeCount(); n++) {
                        for (int s = 0; s + instance.te(i, n) <= steps; s++) {
                            add("x[task=" + id + ",node=" + instance.nodes().get(n).id() + ",start=" + s + "]")
                                    .binary();
                            own.add(new Cell(i, n, s, nextIndex - 1));
                        }
                    }
                }
                cells.addAll(own);
                cellsOfTask.add(own);
            }
            double w = steps + 1;
            y = new Variable[instance.jobs().size()];
            mapsEnd = new Variable[instance.jobs().size()];
            for (int j = 0; j < y.length; j++) {
                int free = 0;
                for (int[] phase : new int[][] {instance.jobMaps(j), instance.jobReduces(j)}) {
                    for (int i : phase) {
                        free += instance.isPinned(i) ? 0 : 1;
                    }
                }
                String id = instance.jobs().get(j).id();
                y[j] = add("y[job=" + id + "]").binary().weight(-w * free);
                mapsEnd[j] = add("mapsEnd[job=" + id + "]").lower(0).upper(steps);
            }
            makespan = add("makespan").lower(0).upper(steps).weight(1);
        }

        private Variable add(String name) {
            nextIndex++;
            return model.addVariable(name);
        }

        /** Eq. 5, all or nothing: each unpinned task runs once exactly when its job is scheduled. */
        void addAssignmentRows() {
            for (int i = 0; i < instance.taskCount(); i++) {
                if (instance.isPinned(i)) {
                    continue;
                }
                Expression row = model.addExpression("assign[task=" + instance.task(i).id() + "]").level(0);
                for (Cell c : cellsOfTask.get(i)) {
                    row.set(c.index, 1);
                }
                row.set(y[instance.jobOf(i)], -1);
            }
        }

        /** Eq. 6: on node n at step t, the requirements of the tasks running then fit A(n, m, t). */
        void addCapacityRows() {
            int steps = instance.steps();
            for (int n = 0; n < instance.nodeCount(); n++) {
                List<List<Cell>> covering = new ArrayList<>();
                for (int t = 0; t < steps; t++) {
                    covering.add(new ArrayList<>());
                }
                for (Cell c : cells) {
                    if (c.node == n) {
                        for (int t = c.start; t < c.start + instance.te(c.task, n); t++) {
                            covering.get(t).add(c);
                        }
                    }
                }
                for (Metric m : Metric.values()) {
                    for (int t = 0; t < steps; t++) {
                        long a = instance.spare(n, m, t);
                        long worst = covering.get(t).stream().mapToInt(Cell::task).distinct()
                                .mapToLong(i -> instance.task(i).requirement(m)).sum();
                        if (worst <= a) {
                            continue;
                        }
                        Expression row = model.addExpression("capacity[node=" + instance.nodes().get(n).id() + ","
                                + m + ",step=" + t + "]").upper(a);
                        for (Cell c : covering.get(t)) {
                            row.set(c.index, instance.task(c.task).requirement(m));
                        }
                    }
                }
            }
        }

        /**
         * Eq. 5, reduces after maps: mapsEnd[j] ≥ end of each map, and start of each reduce ≥ mapsEnd[j]. For a job
         * with pinned maps that may be held (y[j] = 0 while its pinned maps run), the second row is relaxed by
         * T · (1 − y[j]), since its unscheduled reduces have start 0.
         */
        void addPrecedenceRows() {
            int steps = instance.steps();
            for (int j = 0; j < y.length; j++) {
                if (instance.jobMaps(j).length == 0 || instance.jobReduces(j).length == 0) {
                    continue;
                }
                String job = instance.jobs().get(j).id();
                for (int p : instance.jobMaps(j)) {
                    Expression row = model.addExpression("mapsEnd[job=" + job + ",map=" + instance.task(p).id() + "]")
                            .lower(0);
                    row.set(mapsEnd[j], 1);
                    for (Cell c : cellsOfTask.get(p)) {
                        row.set(c.index, -(c.start + instance.te(p, c.node)));
                    }
                }
                boolean holdable = instance.jobHasPins(j);
                for (int r : instance.jobReduces(j)) {
                    Expression row = model.addExpression("after[job=" + job + ",reduce=" + instance.task(r).id() + "]")
                            .lower(holdable ? -steps : 0);
                    for (Cell c : cellsOfTask.get(r)) {
                        row.set(c.index, c.start);
                    }
                    row.set(mapsEnd[j], -1);
                    if (holdable) {
                        row.set(y[j], -steps);
                    }
                }
            }
        }

        /** Eq. 3: makespan ≥ ts(i) + Te(i, n(i)) for every task. */
        void addMakespanRows() {
            for (int i = 0; i < instance.taskCount(); i++) {
                Expression row = model.addExpression("makespan[task=" + instance.task(i).id() + "]").lower(0);
                row.set(makespan, 1);
                for (Cell c : cellsOfTask.get(i)) {
                    row.set(c.index, -(c.start + instance.te(i, c.node)));
                }
            }
        }
    }
}
