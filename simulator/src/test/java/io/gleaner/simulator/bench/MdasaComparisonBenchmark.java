package io.gleaner.simulator.bench;

import io.gleaner.classifier.estimate.Phase;
import io.gleaner.classifier.estimate.WorkRates;
import io.gleaner.planner.core.Admission;
import io.gleaner.planner.core.InputPlacement;
import io.gleaner.planner.core.Job;
import io.gleaner.planner.core.PhaseTasks;
import io.gleaner.planner.core.Placement;
import io.gleaner.planner.core.PlacementPolicy;
import io.gleaner.planner.core.TaskKind;
import io.gleaner.planner.core.mdasa.DeadlineAwarePolicy;
import io.gleaner.planner.core.mdasa.EdfPolicy;
import io.gleaner.planner.core.mdasa.MdasaSettings;
import io.gleaner.simulator.ClusterPresets;
import io.gleaner.simulator.core.ClusterSpec;
import io.gleaner.simulator.core.InProcessPlannerLink;
import io.gleaner.simulator.core.NodeSpec;
import io.gleaner.simulator.core.OwnerForecasts;
import io.gleaner.simulator.core.OwnerLoad;
import io.gleaner.simulator.core.PlannerLink;
import io.gleaner.simulator.core.RecordedAnswers;
import io.gleaner.simulator.core.Round;
import io.gleaner.simulator.core.Simulation;
import io.gleaner.simulator.core.SimulationSettings;
import io.gleaner.simulator.core.SimulatorFixtures;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * Seed 002 §4.4's comparison (Tables 4.3–4.4) in kind: MDASA, NDASA, event- and epoch-based EDF on the first n
 * SWIM FB-2009 jobs on a cluster preset without owners (the thesis assumes no background load, §1.4), each job's
 * deadline drawn as the thesis draws it: uniform in [T_min, 3 T_min] after its submission, T_min its time with one
 * map wave and one reduce wave (here at the slowest node's per-core speed, plus one heartbeat per phase). One line
 * per policy: deadlines missed, tardiness, jobs admitted, the slot time reserved (MDASA, NDASA) and the slot time the
 * attempts held; then MDASA's and NDASA's reserved slot time over the jobs both admitted. Numbers only, never
 * pass/fail; results and their reading in docs/results/2026-11-28-mdasa.md.
 *
 * <p>Run: {@code mvn -o -q -pl simulator -am test-compile dependency:build-classpath
 * -Dmdep.outputFile=target/cp.txt -Dmdep.includeScope=test}, then {@code java -cp
 * simulator/target/test-classes:simulator/target/classes:$(cat simulator/target/cp.txt)
 * io.gleaner.simulator.bench.MdasaComparisonBenchmark [jobs=1000] [seed=2009] [epoch-s=60] [cluster=coshh-table3]}.
 */
public final class MdasaComparisonBenchmark {

    /**
     * A phase starts at the first heartbeat after it may: the thesis's CloudSim has no heartbeat, so T_min counts one
     * period per phase, or a tiny job's goal would pass before any node asks for work.
     */
    private static final Duration HEARTBEAT = SimulationSettings.DEFAULT_HEARTBEAT_PERIOD;

    private MdasaComparisonBenchmark() {
    }

    public static void main(String[] args) {
        int n = 1000;
        long seed = 2009;
        long epochSeconds = 60;
        var cluster = ClusterPresets.preset(ClusterPresets.DEFAULT);
        for (var arg : args) {
            var kv = arg.split("=", 2);
            switch (kv[0]) {
                case "jobs" -> n = Integer.parseInt(kv[1]);
                case "seed" -> seed = Long.parseLong(kv[1]);
                case "epoch-s" -> epochSeconds = Long.parseLong(kv[1]);
                case "cluster" -> cluster = ClusterPresets.resolve(kv[1]);
                default -> throw new IllegalArgumentException("unknown argument " + arg);
            }
        }
        var jobs = withDeadlines(SimulatorFixtures.fb2009(n), cluster, seed);
        var settings = MdasaSettings.defaults();
        var epoch = settings.withEdfEpoch(Duration.ofSeconds(epochSeconds));
        System.out.printf(Locale.ROOT, "%d FB-2009 jobs on %s (%d slots), seed %d, deadlines U[T_min, 3 T_min]%n", n,
                cluster.name(), cluster.nodes().stream().mapToInt(NodeSpec::slots).sum(), seed);
        System.out.println("policy,jobs,late,late_share,mean_tardiness_s,admitted,late_admitted,reserved_slot_h,"
                + "attempt_slot_h,makespan_h,wall_s,refusals");
        var mdasa = run("mdasa", () -> DeadlineAwarePolicy.mdasa(settings), jobs, cluster, seed);
        var ndasa = run("ndasa", () -> DeadlineAwarePolicy.ndasa(settings), jobs, cluster, seed);
        run("evedf", () -> new EdfPolicy(settings), jobs, cluster, seed);
        run("epedf-" + epochSeconds + "s", () -> new EdfPolicy(epoch), jobs, cluster, seed);
        var both = new TreeSet<>(mdasa.keySet());
        both.retainAll(ndasa.keySet());
        double m = both.stream().mapToDouble(mdasa::get).sum() / 3.6e6;
        double d = both.stream().mapToDouble(ndasa::get).sum() / 3.6e6;
        System.out.printf(Locale.ROOT, "jobs both admitted: %d; reserved slot-h mdasa %.1f, ndasa %.1f: mdasa %.1f%% "
                + "less%n", both.size(), m, d, 100 * (1 - m / d));
    }

    /** Seed 002 §4.4: "The job deadline is uniformly distributed in the interval [T_min, 3 * T_min]". */
    static List<Job> withDeadlines(List<Job> jobs, ClusterSpec cluster, long seed) {
        double slowest = cluster.nodes().stream().mapToDouble(NodeSpec::speedGflops).min().orElseThrow();
        var random = Simulation.generator(seed);
        var result = new ArrayList<Job>();
        for (var job : jobs) {
            double tMin = taskMillis(job, TaskKind.MAP, slowest) + taskMillis(job, TaskKind.REDUCE, slowest)
                    + phases(job) * HEARTBEAT.toMillis();
            double factor = 1 + 2 * random.nextDouble();
            var deadline = job.submitTime().plusMillis((long) Math.ceil(factor * tMin));
            result.add(job.withDeadline(Optional.of(deadline)));
        }
        return result;
    }

    private static int phases(Job job) {
        return (job.count(TaskKind.MAP) > 0 ? 1 : 0) + (job.count(TaskKind.REDUCE) > 0 ? 1 : 0);
    }

    private static double taskMillis(Job job, TaskKind kind, double speedGflops) {
        var group = job.group(kind);
        if (group.isEmpty()) {
            return 0;
        }
        PhaseTasks g = group.get();
        var phase = kind == TaskKind.MAP ? Phase.MAP : Phase.REDUCE;
        var rates = new WorkRates(g.flopPerByte(), g.flopPerByte(), g.demand().cpus(),
                WorkRates.DEFAULTS.shuffleBitsPerSecond());
        return rates.taskMillis(phase, g.bytesPerTask(), speedGflops);
    }

    /** Runs one policy, prints its line, and returns the slot time it reserved per admitted job (empty for EDF). */
    private static Map<String, Double> run(String name, Supplier<PlacementPolicy> make, List<Job> jobs,
                                           ClusterSpec cluster,
                            long seed) {
        long started = System.nanoTime();
        var policy = make.get();
        var answers = new RecordedAnswers(policy);
        var link = new HeldSlotTime(InProcessPlannerLink.of(answers, OwnerForecasts.withoutWarmUp()));
        var report = new Simulation(cluster, jobs, OwnerLoad.NONE, List.of(), link, SimulationSettings.withSeed(seed),
                p -> { }).run();
        var d = report.deadlines();
        var deadlines = new HashMap<String, Instant>();
        jobs.forEach(j -> deadlines.put(j.jobId(), j.deadline().orElseThrow()));
        String admitted = "";
        String lateAdmitted = "";
        String reserved = "";
        var reservedByJob = answers.reserved();
        var accepted = answers.admissions().stream().filter(Admission::accepted).map(Admission::jobId)
                .collect(Collectors.toSet());
        var refusals = new TreeMap<String, Integer>();
        answers.admissions().stream().filter(a -> !a.accepted())
                .forEach(a -> refusals.merge(a.reason().orElseThrow().split(":| ", 2)[0], 1, Integer::sum));
        if (policy instanceof DeadlineAwarePolicy dasa) {
            for (var id : accepted) {
                dasa.reservedSlotMillis(id).ifPresent(millis -> reservedByJob.put(id, millis));
            }
            admitted = Integer.toString(reservedByJob.size());
            var onTime = report.completions().stream()
                    .filter(c -> accepted.contains(c.jobId()))
                    .filter(c -> !c.finishTime().isAfter(deadlines.get(c.jobId()))).count();
            lateAdmitted = Long.toString(accepted.size() - onTime);
            reserved = String.format(Locale.ROOT, "%.1f",
                    reservedByJob.values().stream().mapToDouble(Double::doubleValue).sum() / 3.6e6);
        }
        System.out.printf(Locale.ROOT, "%s,%d,%d,%.4f,%.1f,%s,%s,%s,%.1f,%.2f,%.0f,%s%n", name, d.jobs(), d.late(),
                d.lateShare(), d.meanTardiness().toMillis() / 1000.0, admitted, lateAdmitted, reserved,
                link.slotMillis / 3.6e6, report.completion().makespan().toMillis() / 3.6e6,
                (System.nanoTime() - started) / 1e9, refusals.toString().replace(',', ';'));
        return reservedByJob;
    }

    /** The link, adding up the slot time every ended attempt held (start to end). */
    private static final class HeldSlotTime implements PlannerLink {
        private final PlannerLink link;
        private double slotMillis;

        HeldSlotTime(PlannerLink link) {
            this.link = link;
        }

        @Override
        public List<Placement> round(Round round) {
            for (var report : round.reports()) {
                report.startTime().ifPresent(start -> slotMillis += Duration.between(start,
                        report.outcome().time()).toMillis());
            }
            return link.round(round);
        }

        @Override
        public List<InputPlacement> takeDataPlacements() {
            return link.takeDataPlacements();
        }

        @Override
        public OptionalLong cpuNanos() {
            return link.cpuNanos();
        }
    }
}
