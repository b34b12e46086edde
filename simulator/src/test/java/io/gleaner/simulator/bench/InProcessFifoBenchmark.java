package io.gleaner.simulator.bench;

import io.gleaner.planner.core.PolicyName;
import io.gleaner.simulator.ClusterPresets;
import io.gleaner.simulator.core.InProcessPlannerLink;
import io.gleaner.simulator.core.Simulation;
import io.gleaner.simulator.core.SimulationSettings;
import io.gleaner.simulator.core.SimulatorFixtures;

/**
 * Wall time of the in-process FIFO run of the first n SWIM FB-2009 jobs on a cluster preset (default
 * {@code coshh-table3}; {@code cluster=<preset or YAML path>} before the counts picks another), seed 2009: one line per run with the time, rounds, decisions and the decision digest.
 * Numbers only, never pass/fail; a whole run is minutes long on the old planner, so this is a plain main rather than
 * JMH. Each n runs {@code runs} times in one JVM: the first includes class loading and JIT compilation.
 *
 * <p>Run: {@code mvn -o -q -pl simulator -am test-compile dependency:build-classpath
 * -Dmdep.outputFile=target/cp.txt -Dmdep.includeScope=test}, then {@code java -cp
 * simulator/target/test-classes:simulator/target/classes:$(cat simulator/target/cp.txt)
 * io.gleaner.simulator.bench.InProcessFifoBenchmark [runs=1] [cluster=coshh-table3] 500 1000 5894}.
 */
public final class InProcessFifoBenchmark {

    private InProcessFifoBenchmark() {
    }

    public static void main(String[] args) {
        int runs = 1;
        var cluster = ClusterPresets.preset(ClusterPresets.DEFAULT);
        for (var arg : args) {
            if (arg.startsWith("cluster=")) {
                cluster = ClusterPresets.resolve(arg.substring("cluster=".length()));
                continue;
            }
            if (arg.startsWith("runs=")) {
                runs = Integer.parseInt(arg.substring("runs=".length()));
                continue;
            }
            int n = Integer.parseInt(arg);
            var jobs = SimulatorFixtures.fb2009(n);
            for (int run = 1; run <= runs; run++) {
                long began = System.nanoTime();
                var report = new Simulation(cluster, jobs, InProcessPlannerLink.of(PolicyName.FIFO),
                        SimulationSettings.withSeed(2009)).run();
                long millis = (System.nanoTime() - began) / 1_000_000;
                System.out.printf("n=%d run=%d jobs=%d wall_ms=%d rounds=%d decisions=%d completed=%d digest=%s%n",
                        n, run, jobs.size(), millis, report.rounds(), report.counts().decisions(), report.jobsCompleted(),
                        report.decisionDigest());
            }
        }
    }
}
