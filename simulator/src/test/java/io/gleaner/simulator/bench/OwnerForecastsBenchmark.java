package io.gleaner.simulator.bench;

import io.gleaner.forecaster.Forecasters;
import io.gleaner.forecaster.core.Baselines;
import io.gleaner.forecaster.core.Forecaster;
import io.gleaner.forecaster.core.QrSettings;
import io.gleaner.forecaster.core.QuantileRegressionForecaster;
import io.gleaner.planner.core.CapacityOutlook.Resource;
import io.gleaner.planner.core.Job;
import io.gleaner.planner.core.PlacementPolicy;
import io.gleaner.planner.core.PolicyName;
import io.gleaner.planner.core.fifo.FifoPolicy;
import io.gleaner.simulator.ClusterPresets;
import io.gleaner.simulator.core.ClusterSpec;
import io.gleaner.simulator.core.InProcessPlannerLink;
import io.gleaner.simulator.core.NodeSpec;
import io.gleaner.simulator.core.OwnerForecastSettings;
import io.gleaner.simulator.core.OwnerForecasts;
import io.gleaner.simulator.core.OwnerLoad;
import io.gleaner.simulator.core.Simulation;
import io.gleaner.simulator.core.SimulationSettings;
import io.gleaner.simulator.core.SimulatorFixtures;
import io.gleaner.simulator.core.Utilization;
import io.gleaner.simulator.owners.OwnerTraceSettings;
import io.gleaner.simulator.owners.OwnerTraces;
import io.gleaner.simulator.owners.TraceOwnerSource;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * CPU cost of one refit of every series of a cluster by {@link OwnerForecasts}: the bundled owners' week on
 * {@code coshh-table10-42} (42 nodes × CPU and memory = 84 series), warmed up on {@code warm-up} days of history
 * (7 fills the window), then every series read once at the first round, which runs the refits that are due. Per
 * learner: wall time of those refits, best and median of {@code runs} (the first includes JIT compilation). Then the
 * cost of feeding a day of rounds, and with {@code jobs=N} whole runs of the first N FB-2009 jobs on that cluster
 * with FIFO not reading and reading the forecasts. Numbers, never pass/fail.
 *
 * <p>Run: {@code mvn -o -q -pl simulator -am test-compile dependency:build-classpath
 * -Dmdep.outputFile=target/cp.txt -Dmdep.includeScope=test}, then {@code java -cp
 * simulator/target/test-classes:simulator/target/classes:$(cat simulator/target/cp.txt)
 * io.gleaner.simulator.bench.OwnerForecastsBenchmark [runs=5] [warm-up=7] [nodes=42] [jobs=0]}.
 */
public final class OwnerForecastsBenchmark {

    private OwnerForecastsBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int runs = 5;
        int warmUpDays = 7;
        int nodes = 42;
        int jobs = 0;
        for (var arg : args) {
            if (arg.startsWith("runs=")) {
                runs = Integer.parseInt(arg.substring("runs=".length()));
            } else if (arg.startsWith("warm-up=")) {
                warmUpDays = Integer.parseInt(arg.substring("warm-up=".length()));
            } else if (arg.startsWith("jobs=")) {
                jobs = Integer.parseInt(arg.substring("jobs=".length()));
            } else if (arg.startsWith("nodes=")) {
                nodes = Integer.parseInt(arg.substring("nodes=".length()));
            } else {
                throw new IllegalArgumentException("unknown argument " + arg);
            }
        }
        var cluster = ClusterPresets.preset("coshh-table10-" + nodes);
        var start = Instant.parse("2009-10-01T00:00:00Z");
        var owners = OwnerTraces.bundled(cluster, OwnerTraceSettings.of(0, start))
                .ownerLoad(Duration.ofDays(1), Duration.ofDays(warmUpDays));
        var settings = OwnerForecastSettings.defaults().withWarmUp(Duration.ofDays(warmUpDays));
        var firstRound = firstRound(cluster.nodes(), owners, start.plusSeconds(3));
        List<Forecaster> learners = List.of(Forecasters.standard(), Baselines.maxLastDay(),
                new QuantileRegressionForecaster(QrSettings.defaults()), Baselines.seasonalQuantile(10));
        System.out.printf("%d nodes, %d series, %d days of warm-up, %d runs%n", nodes, 2 * nodes, warmUpDays, runs);
        for (var learner : learners) {
            var millis = new ArrayList<Double>();
            long refits = 0;
            for (int run = 0; run < runs; run++) {
                var forecasts = new OwnerForecasts(learner, settings, owners);
                forecasts.observe(firstRound);
                long began = System.nanoTime();
                for (var node : cluster.nodes()) {
                    for (var resource : Resource.values()) {
                        forecasts.spare(node.nodeId(), resource, start.plusSeconds(3));
                    }
                }
                millis.add((System.nanoTime() - began) / 1e6);
                refits = forecasts.refits();
            }
            var sorted = millis.stream().sorted().toList();
            System.out.printf("%-18s refits=%d first=%.1f ms best=%.1f ms median=%.1f ms (%.2f ms per series)%n",
                    learner.name(), refits, millis.get(0), sorted.get(0), sorted.get(sorted.size() / 2),
                    sorted.get(sorted.size() / 2) / refits);
        }
        observeCost(cluster.nodes(), start, runs);
        if (jobs > 0) {
            wholeRuns(cluster, jobs);
        }
    }

    /**
     * Wall time of in-process runs of the first {@code n} FB-2009 jobs on the cluster with the bundled owners (seed
     * 2009), FIFO placing: FIFO alone (forecasts fed, never read), then FIFO reading every node's CPU and memory spare
     * at every heartbeat, as a policy planning on forecasts would, with the default learner and with max-24h.
     */
    private static void wholeRuns(ClusterSpec cluster, int n) {
        var jobs = SimulatorFixtures.fb2009(n);
        var first = jobs.stream().map(Job::submitTime).min(Instant::compareTo).orElseThrow();
        var owners = new TraceOwnerSource(OwnerTraces.BUNDLED, cluster, OwnerTraceSettings.of(2009, first),
                Duration.ofDays(40)).forSeed(2009);
        var settings = SimulationSettings.withSeed(2009);
        for (var mode : List.of("fifo", "reading qr|sq+h", "reading max-24h")) {
            OwnerForecasts forecasts;
            InProcessPlannerLink link;
            if (mode.equals("fifo")) {
                link = InProcessPlannerLink.of(PolicyName.FIFO, List.of(), 2009, owners);
                forecasts = link.forecasts().orElseThrow();
            } else {
                var learner = mode.endsWith("max-24h") ? Baselines.maxLastDay() : Forecasters.standard();
                forecasts = new OwnerForecasts(learner, OwnerForecastSettings.defaults(), owners);
                var fifo = new FifoPolicy();
                var nodes = cluster.nodes();
                PlacementPolicy reading = (state, now) -> {
                    for (var node : nodes) {
                        state.outlook().spare(node.nodeId(), Resource.CPU, now);
                        state.outlook().spare(node.nodeId(), Resource.MEMORY, now);
                    }
                    return fifo.place(state, now);
                };
                link = InProcessPlannerLink.of(reading, forecasts);
            }
            long began = System.nanoTime();
            var report = new Simulation(cluster, jobs, owners, List.of(), link, settings, p -> { }).run();
            long millis = (System.nanoTime() - began) / 1_000_000;
            System.out.printf("%-16s jobs=%d wall_ms=%d rounds=%d simulated_h=%.1f refits=%d planner_cpu_ms=%d "
                    + "digest=%s%n", mode, n, millis, report.rounds(),
                    Duration.between(first, report.endTime()).toSeconds() / 3600.0, forecasts.refits(),
                    report.plannerCpuNanos().orElse(0) / 1_000_000, report.decisionDigest().substring(0, 12));
        }
    }

    /**
     * What every in-process run pays whether or not its policy reads forecasts: learning the samples of a day of
     * rounds every 3 s (each node's REGULAR and EPHEMERAL CPU and memory, as the simulator reports them), no refit.
     */
    private static void observeCost(List<NodeSpec> nodes, Instant start, int runs) {
        int rounds = 24 * 60 * 20;
        for (int run = 0; run < runs; run++) {
            var forecasts = new OwnerForecasts(Forecasters.standard(), OwnerForecastSettings.defaults());
            long nanos = 0;
            for (int r = 0; r < rounds; r++) {
                var time = start.plusSeconds(3L * (r + 1));
                var samples = new ArrayList<Utilization>(nodes.size() * 4);
                for (var node : nodes) {
                    double use = (r % 100) / 100.0;
                    for (var metric : Utilization.Metric.values()) {
                        samples.add(new Utilization(node.nodeId(), time, metric, Utilization.Source.REGULAR, use));
                        samples.add(new Utilization(node.nodeId(), time, metric, Utilization.Source.EPHEMERAL, use));
                    }
                }
                long began = System.nanoTime();
                forecasts.observe(samples);
                nanos += System.nanoTime() - began;
            }
            System.out.printf("observe: %d rounds of %d nodes in %.1f ms (%.2f us per round)%n", rounds, nodes.size(),
                    nanos / 1e6, nanos / 1e3 / rounds);
        }
    }

    /** The owners' use of every node at {@code time}, as the simulator reports it in a round. */
    private static List<Utilization> firstRound(List<NodeSpec> nodes, OwnerLoad owners, Instant time) {
        var samples = new ArrayList<Utilization>();
        for (var node : nodes) {
            var first = owners.of(node.nodeId()).get(0);
            samples.add(new Utilization(node.nodeId(), time, Utilization.Metric.CPU, Utilization.Source.REGULAR,
                    Math.min(1, first.cpu())));
            samples.add(new Utilization(node.nodeId(), time, Utilization.Metric.MEMORY, Utilization.Source.REGULAR,
                    Math.min(1, first.memory())));
        }
        return samples;
    }
}
