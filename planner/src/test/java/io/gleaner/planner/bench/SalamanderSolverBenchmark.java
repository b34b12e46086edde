package io.gleaner.planner.bench;

import io.gleaner.planner.salamander.FirstFitDecreasing;
import io.gleaner.planner.salamander.Instance;
import io.gleaner.planner.salamander.InstanceGenerator;
import io.gleaner.planner.salamander.LateAcceptanceTabuSearch;
import io.gleaner.planner.salamander.SafetyMargin;
import io.gleaner.planner.salamander.Schedule;
import io.gleaner.planner.salamander.ScheduleChecker;
import io.gleaner.planner.salamander.SolverBudget;
import io.gleaner.planner.salamander.TimeIndexedMip;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What Salamander's solvers cost (the paper's Fig. 4a axis: 500 to 2,500 tasks). {@code ffd}: random first fit
 * decreasing (Algorithm 1) on a seeded synthetic instance of {@code tasks} tasks on 42 nodes over 480 steps of 3
 * minutes ({@link InstanceGenerator.Spec#paperScale}). The objective (scheduled tasks, makespan) of each size is
 * printed once at setup by {@link #main}, since JMH reports time only. The MIP ({@link TimeIndexedMip}) is not run
 * here at these sizes: its model has one binary per (task, node, start), about 2,500 · 42 · 470 ≈ 49 million at the
 * top size; {@link #main} runs it on the tiny sizes it can solve. Numbers only, never pass/fail.
 *
 * <p>Run: {@code mvn -o -q -pl planner -am test-compile dependency:build-classpath -Dmdep.outputFile=target/cp.txt
 * -Dmdep.includeScope=test}, then {@code java -cp planner/target/test-classes:planner/target/classes:$(cat
 * planner/target/cp.txt) org.openjdk.jmh.Main SalamanderSolverBenchmark} for the times, and {@code java -cp …
 * io.gleaner.planner.bench.SalamanderSolverBenchmark} for the objectives and the MIP table.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 5, time = 2)
public class SalamanderSolverBenchmark {

    private static final long INSTANCE_SEED = 2009;

    /** The instance, built once per trial. */
    @State(Scope.Benchmark)
    public static class Problem {

        @Param({"500", "1000", "2500"})
        int tasks;

        Instance instance;
        long seed;

        @Setup(Level.Trial)
        public void build() {
            instance = InstanceGenerator.generate(InstanceGenerator.Spec.paperScale(tasks), INSTANCE_SEED);
        }
    }

    @Benchmark
    public Schedule ffd(Problem problem) {
        return new FirstFitDecreasing().solve(problem.instance, SolverBudget.seeded(problem.seed++));
    }

    /** Prints FFD's objective and time per size, and the MIP against FFD on tiny instances. */
    public static void main(String[] args) {
        if (args.length > 0 && args[0].equals("ls")) {
            for (int tasks : new int[] {500, 1000, 2500}) {
                var spec = new InstanceGenerator.Spec(42, 480, tasks, 3, 6, 60, 120, 0.5, new SafetyMargin(0.05, 0.05));
                var instance = InstanceGenerator.generate(spec, INSTANCE_SEED);
                var ffd = ScheduleChecker.check(instance, new FirstFitDecreasing().solve(instance,
                        SolverBudget.seeded(1))).objective();
                long t0 = System.nanoTime();
                var ls = new LateAcceptanceTabuSearch().solve(instance, new SolverBudget(1, 200_000,
                        Duration.ofSeconds(30)));
                long ms = (System.nanoTime() - t0) / 1_000_000;
                var verdict = ScheduleChecker.check(instance, ls);
                System.out.printf("ls cramped tasks=%d ffd=%s ls=%s feasible=%s moves=200000 time=%d ms%n", tasks,
                        ffd, verdict.objective(), verdict.feasible(), ms);
            }
            return;
        }
        for (int tasks : new int[] {500, 1000, 2500}) {
            var instance = InstanceGenerator.generate(InstanceGenerator.Spec.paperScale(tasks), INSTANCE_SEED);
            for (long seed = 0; seed < 3; seed++) {
                long t0 = System.nanoTime();
                var schedule = new FirstFitDecreasing().solve(instance, SolverBudget.seeded(seed));
                long ms = (System.nanoTime() - t0) / 1_000_000;
                var verdict = ScheduleChecker.check(instance, schedule);
                System.out.printf("ffd tasks=%d seed=%d feasible=%s objective=%s time=%d ms%n", tasks, seed,
                        verdict.feasible(), verdict.objective(), ms);
            }
        }
        int[][] tiny = {{2, 10, 6}, {2, 12, 8}, {3, 15, 10}, {2, 12, 12}, {3, 20, 12}, {3, 20, 16}, {3, 30, 20}};
        for (int[] size : tiny) {
            for (long seed = 1; seed <= 3; seed++) {
                var instance = InstanceGenerator.generate(InstanceGenerator.Spec.tiny(size[0], size[1], size[2]), seed);
                var ffd = ScheduleChecker.check(instance, new FirstFitDecreasing().solve(instance,
                        SolverBudget.seeded(seed))).objective();
                long t0 = System.nanoTime();
                var mip = new TimeIndexedMip().solveExact(instance, new SolverBudget(seed, 10_000_000,
                        Duration.ofSeconds(60)));
                long ms = (System.nanoTime() - t0) / 1_000_000;
                var verdict = ScheduleChecker.check(instance, mip.schedule());
                System.out.printf("mip nodes=%d steps=%d tasks=%d seed=%d vars=%d rows=%d status=%s(%s) "
                        + "feasible=%s mip=%s ffd=%s time=%d ms%n", size[0], size[1], size[2], seed, mip.variables(),
                        mip.rows(), mip.status(), mip.solverState(), verdict.feasible(), verdict.objective(), ffd, ms);
            }
        }
    }
}
