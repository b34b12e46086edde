package io.gleaner.simulator.evaluate;

import io.gleaner.planner.core.Job;
import io.gleaner.planner.core.PolicyName;
import io.gleaner.planner.core.TaskKind;
import io.gleaner.planner.core.policies.Policies;
import io.gleaner.qos.core.QosSettings;
import io.gleaner.simulator.ClusterPresets;
import io.gleaner.simulator.core.Deadlines;
import io.gleaner.simulator.core.InProcessPlannerLink;
import io.gleaner.simulator.core.OwnerForecastSettings;
import io.gleaner.simulator.core.Simulation;
import io.gleaner.simulator.core.SimulationSettings;
import io.gleaner.simulator.core.StandAloneTime;
import io.gleaner.simulator.owners.OwnerTraceSettings;
import io.gleaner.simulator.owners.OwnerTraces;
import io.gleaner.simulator.owners.TraceOwnerSource;
import io.gleaner.simulator.suite.SuiteWorkload;
import io.gleaner.simulator.suite.WorkloadCatalog;
import io.gleaner.simulator.workload.DeadlineAssignment;
import io.gleaner.simulator.workload.UserAssignment;
import io.gleaner.simulator.workload.Workloads;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A diagnostic, not a test: the first jobs of FB-2009 on a cluster with goals as {@code gleaner evaluate
 * --deadline-factor LOW..HIGH --qos own} gives them, once per policy, through {@link JobTraces.RecordingLink}. Prints
 * each policy's goals met and its wait before the first attempt, then the jobs late under the second policy and on
 * time under the first: submitted, goal, first attempt started, finished (docs/results/2026-11-28-deadline-policies.md,
 * second session).
 *
 * <p>Run: {@code mvn -B -o -q test-compile -pl simulator -am}, package the CLI, then {@code java -cp
 * "simulator/target/test-classes:deploy/target/lib/*" io.gleaner.simulator.evaluate.DeadlineTraces 1000 pc1 1.5 3
 * fair ras} (jobs, cluster, factor range, then the policies). {@code -Drows=N} limits the rows (25).
 */
public final class DeadlineTraces {

    private DeadlineTraces() {
    }

    public static void main(String[] args) {
        int count = Integer.parseInt(args[0]);
        var cluster = ClusterPresets.preset(args[1]);
        double low = Double.parseDouble(args[2]);
        double high = Double.parseDouble(args[3]);
        var policies = List.of(args).subList(4, args.length).stream().map(PolicyName::parse).toList();
        long seed = 0;
        var users = Workloads.preset(Workloads.COSHH_FACEBOOK);
        var assignment = new DeadlineAssignment(low, high, seed, cluster, SimulationSettings.DEFAULT_HEARTBEAT_PERIOD);
        var jobs = new WorkloadCatalog().jobs(SuiteWorkload.parse(SuiteWorkload.FB_2009), count).stream()
                .map(UserAssignment.of(users)::assign).map(assignment::assign).toList();
        var standAlone = new StandAloneTime(cluster, SimulationSettings.DEFAULT_HEARTBEAT_PERIOD);
        double least = Deadlines.MEASURABLE_ROUNDS * SimulationSettings.DEFAULT_HEARTBEAT_PERIOD.toMillis();
        System.out.printf(Locale.ROOT, "jobs of %d+ rounds: %d of %d%n", Deadlines.MEASURABLE_ROUNDS,
                jobs.stream().filter(j -> standAlone.millis(j) >= least).count(), jobs.size());
        var first = jobs.stream().map(Job::submitTime).min(Instant::compareTo).orElseThrow();
        var last = jobs.stream().map(Job::submitTime).max(Instant::compareTo).orElseThrow();
        var owners = new TraceOwnerSource(OwnerTraces.BUNDLED, cluster, OwnerTraceSettings.of(seed, first),
                Duration.between(first, last).plus(Duration.ofDays(30)), OwnerForecastSettings.DEFAULT_WARM_UP,
                Duration.ofDays(1));
        var spec = new EvaluationSpec(jobs, cluster, owners, users.pools(), policies, List.of(seed),
                Controllers.parse(Controllers.OWN), QosSettings.DEFAULT_SAFETY_MARGIN);
        var runs = new ArrayList<Map<String, JobTraces.JobTrace>>();
        for (var policy : policies) {
            var setup = new RunSetup(spec, policy, seed);
            var link = new JobTraces.RecordingLink(InProcessPlannerLink.of(
                    Policies.create(policy, setup.policySettings()), setup.forecasts()));
            new Simulation(cluster, jobs, owners.forSeed(seed), users.pools(), link, spec.settings(policy, seed),
                    p -> { }).run();
            runs.add(link.jobs);
            var traces = link.jobs.values();
            long met = traces.stream().filter(t -> t.finish != null && !t.finish.isAfter(t.job.deadline().get()))
                    .count();
            var waits = traces.stream().mapToDouble(JobTraces.JobTrace::waitSeconds).sorted().toArray();
            var completions = traces.stream().mapToDouble(JobTraces.JobTrace::completionSeconds).sorted().toArray();
            System.out.printf(Locale.ROOT, "%s: goals met %d of %d; wait p50 %.1f s p90 %.1f s max %.1f s;"
                            + " completion p50 %.1f s%n", policy.configValue(), met, traces.size(),
                    waits[waits.length / 2], waits[waits.length * 9 / 10], waits[waits.length - 1],
                    completions[completions.length / 2]);
        }
        long at = first.toEpochMilli() + Long.getLong("at", -1) * 1000;
        for (int i = 0; at >= first.toEpochMilli() && i < runs.size(); i++) {
            System.out.printf(Locale.ROOT, "%s: attempts running %d s after the first submission%n",
                    policies.get(i).configValue(), (at - first.toEpochMilli()) / 1000);
            for (var trace : runs.get(i).values()) {
                var held = trace.attempts.stream().filter(a -> a[0] <= at && at < a[1]).toList();
                if (!held.isEmpty()) {
                    long zero = first.toEpochMilli();
                    System.out.printf(Locale.ROOT, "  %-10s maps %5d reduces %4d submitted %8.1f goal %8.1f: %d"
                                    + " attempts (%d reduces), started %.0f..%.0f, ending %.0f..%.0f%n",
                            trace.job.jobId(), trace.job.count(TaskKind.MAP), trace.job.count(TaskKind.REDUCE),
                            since(first, trace.job.submitTime()), since(first, trace.job.deadline().get()),
                            held.size(), held.stream().filter(a -> a[2] == 1).count(),
                            (held.stream().mapToLong(a -> a[0]).min().getAsLong() - zero) / 1e3,
                            (held.stream().mapToLong(a -> a[0]).max().getAsLong() - zero) / 1e3,
                            (held.stream().mapToLong(a -> a[1]).min().getAsLong() - zero) / 1e3,
                            (held.stream().mapToLong(a -> a[1]).max().getAsLong() - zero) / 1e3);
                }
            }
        }
        if (runs.size() < 2) {
            return;
        }
        var base = runs.get(0);
        var other = runs.get(1);
        System.out.printf(Locale.ROOT, "%-12s %5s %4s %8s %8s | %8s %8s | %8s %8s%n", "job", "maps", "red",
                "submit", "goal", "start", "finish", "start", "finish");
        base.values().stream()
                .filter(a -> {
                    var b = other.get(a.job.jobId());
                    var goal = a.job.deadline().get();
                    return a.finish != null && !a.finish.isAfter(goal) && (b.finish == null || b.finish.isAfter(goal));
                })
                .sorted(Comparator.comparing((JobTraces.JobTrace t) -> t.job.submitTime()))
                .limit(Integer.getInteger("rows", 25))
                .forEach(a -> {
                    var b = other.get(a.job.jobId());
                    System.out.printf(Locale.ROOT, "%-12s %5d %4d %8.1f %8.1f | %8.1f %8.1f | %8.1f %8.1f%n",
                            a.job.jobId(), a.job.count(TaskKind.MAP), a.job.count(TaskKind.REDUCE),
                            since(first, a.job.submitTime()), since(first, a.job.deadline().get()),
                            since(first, a.firstStart), since(first, a.finish), since(first, b.firstStart),
                            since(first, b.finish));
                });
    }

    private static double since(Instant first, Instant at) {
        return at == null ? Double.NaN : Duration.between(first, at).toMillis() / 1e3;
    }
}
