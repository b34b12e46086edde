package io.gleaner.simulator.bench;

import io.gleaner.planner.core.Job;
import io.gleaner.planner.core.PolicyName;
import io.gleaner.planner.core.adaptive.AdaptiveSettings;
import io.gleaner.planner.core.policies.PolicySettings;
import io.gleaner.simulator.core.ClusterSpec;
import io.gleaner.simulator.core.InProcessPlannerLink;
import io.gleaner.simulator.core.NodeSpec;
import io.gleaner.simulator.core.OwnerLoad;
import io.gleaner.simulator.core.Simulation;
import io.gleaner.simulator.core.SimulationSettings;
import io.gleaner.simulator.core.SimulatorFixtures;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The data-affinity experiment of the 2014 thesis, section 3.5 Experiment 2 (seed 003 section 5.1), rebuilt in kind
 * on the simulator: three WordCount-like jobs (40 maps, 4 reduces) and two short Join-like jobs (8 maps, 1 reduce) on
 * 20 nodes of one map-or-reduce slot on a gigabit network, with 1 and 3 replicas per chunk, without and with goals;
 * fair with delay scheduling, basic adaptive (no delays) and adaptive with 1 and 3 delays. Prints one line per run:
 * the local share of map attempts, the goals met and the makespan. Numbers only, never pass/fail
 * (docs/results/2026-11-28-adaptive.md).
 *
 * <p>Run: {@code mvn -o -q -pl simulator -am test-compile dependency:build-classpath
 * -Dmdep.outputFile=target/cp.txt -Dmdep.includeScope=test}, then {@code java -cp
 * simulator/target/test-classes:simulator/target/classes:$(cat simulator/target/cp.txt)
 * io.gleaner.simulator.bench.AdaptiveDataAffinityExperiment [seeds=5]}.
 */
public final class AdaptiveDataAffinityExperiment {

    private AdaptiveDataAffinityExperiment() {
    }

    public static void main(String[] args) {
        int seeds = 5;
        for (var arg : args) {
            if (arg.startsWith("seeds=")) {
                seeds = Integer.parseInt(arg.substring("seeds=".length()));
            }
        }
        var nodes = new ArrayList<NodeSpec>();
        for (int i = 1; i <= 20; i++) {
            nodes.add(SimulatorFixtures.node(String.format("n%02d", i), 1, 8.0));
        }
        var cluster = new ClusterSpec("20x1-gigabit", nodes, 1_000_000_000L, ClusterSpec.DEFAULT_LINK_LATENCY);
        System.out.println("goals,replicas,policy,local_map_pct,goals_met,jobs,makespan_s");
        for (boolean goals : List.of(false, true)) {
            for (int replicas : List.of(1, 3)) {
                run(cluster, goals, replicas, "fair", PolicyName.FAIR, PolicySettings.defaults(), seeds);
                for (int delays : List.of(0, 1, 3)) {
                    var settings = PolicySettings.defaults().withAdaptive(new AdaptiveSettings(delays, "",
                            AdaptiveSettings.DEFAULT_SPEEDUP_THRESHOLD, 1.0));
                    run(cluster, goals, replicas, delays == 0 ? "adaptive-basic" : "adaptive-" + delays + "-delays",
                            PolicyName.ADAPTIVE, settings, seeds);
                }
            }
        }
    }

    private static void run(ClusterSpec cluster, boolean goals, int replicas, String name, PolicyName policy,
                            PolicySettings settings, int seeds) {
        double local = 0;
        double met = 0;
        double makespan = 0;
        int jobs = 0;
        for (long seed = 1; seed <= seeds; seed++) {
            var workload = workload(goals);
            var report = new Simulation(cluster, workload, OwnerLoad.NONE, List.of(),
                    InProcessPlannerLink.of(policy, settings),
                    SimulationSettings.withSeed(seed).withReplicas(replicas), p -> { }).run();
            local += 100 * (1 - report.counts().remoteMapShare());
            met += goals ? report.deadlines().jobs() - report.deadlines().late() : 0;
            makespan += report.metrics().stream().filter(m -> m.key().equals("makespan_s")).findFirst()
                    .orElseThrow().value();
            jobs = workload.size();
        }
        System.out.printf(Locale.ROOT, "%s,%d,%s,%.1f,%s,%d,%.0f%n", goals ? "yes" : "no", replicas, name,
                local / seeds, goals ? String.format(Locale.ROOT, "%.1f", met / seeds) : "-", jobs,
                makespan / seeds);
    }

    /**
     * The thesis's mix in kind: WordCounts first, the Joins while they run. Goals, when set, are the thesis's
     * relaxed factors over each job's time alone on the 20 slots (a 52 s map wave, a 53 s reduce wave): WordCount
     * 2 waves + 1 = about 160 s alone, goal 2.4x; Join 1 + 1 waves = about 110 s alone, goal 1.5x.
     */
    private static List<Job> workload(boolean goals) {
        var jobs = new ArrayList<Job>();
        for (int i = 0; i < 3; i++) {
            jobs.add(withGoal(SimulatorFixtures.job("wordcount-" + (i + 1), Duration.ofSeconds(10L * i), 40, 4),
                    goals ? Optional.of(Duration.ofSeconds(900)) : Optional.empty()));
        }
        for (int i = 0; i < 2; i++) {
            jobs.add(withGoal(SimulatorFixtures.job("join-" + (i + 1), Duration.ofSeconds(120 + 30L * i), 8, 1),
                    goals ? Optional.of(Duration.ofSeconds(330)) : Optional.empty()));
        }
        return jobs;
    }

    private static Job withGoal(Job job, Optional<Duration> goal) {
        return job.withDeadline(goal.map(job.submitTime()::plus));
    }
}
