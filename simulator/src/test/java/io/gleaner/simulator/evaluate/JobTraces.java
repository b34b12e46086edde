package io.gleaner.simulator.evaluate;

import io.gleaner.planner.core.Job;
import io.gleaner.planner.core.InputPlacement;
import io.gleaner.planner.core.Placement;
import io.gleaner.planner.core.PolicyName;
import io.gleaner.planner.core.TaskKind;
import io.gleaner.planner.core.TaskOutcome;
import io.gleaner.planner.core.policies.Policies;
import io.gleaner.simulator.ClusterPresets;
import io.gleaner.simulator.core.InProcessPlannerLink;
import io.gleaner.simulator.core.OwnerForecastSettings;
import io.gleaner.simulator.core.PlannerLink;
import io.gleaner.simulator.core.Round;
import io.gleaner.simulator.core.Simulation;
import io.gleaner.simulator.owners.OwnerTraceSettings;
import io.gleaner.simulator.owners.OwnerTraces;
import io.gleaner.simulator.owners.TraceOwnerSource;
import io.gleaner.simulator.suite.LoadFactor;
import io.gleaner.simulator.suite.SuiteWorkload;
import io.gleaner.simulator.suite.WorkloadCatalog;
import io.gleaner.simulator.workload.UserAssignment;
import io.gleaner.simulator.workload.Workloads;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;
import java.util.TreeMap;

/**
 * A diagnostic, not a test: one suite workload at one load, run as {@code evaluate-suite} runs it (COSHH Facebook
 * users, the bundled owners a day in, coshh-table3), once per policy, with a {@link PlannerLink} in between that
 * records, per job, its wait before its first attempt started, its attempts' slot-seconds and remote maps. Prints the
 * per-policy and per-user totals and the jobs that lost most under the second policy against the first, to explain a
 * suite row from per-job data (docs/results/2026-11-28-coshh-under-load.md, second session).
 *
 * <p>Run: {@code mvn -B -o -q test-compile -pl simulator -am}, package the CLI (its {@code deploy/target/lib} holds the
 * planner to trace, copied aside to compare two builds), then
 * {@code java -cp "simulator/target/test-classes:deploy/target/lib/*" io.gleaner.simulator.evaluate.JobTraces
 * synthetic-3 2 200 0 fair coshh} (workload, load factor, jobs, seed, then the policies; the per-job rows compare
 * the first two, most lost under the second first). {@code -Drows=N} limits the rows (25), {@code -Duser=U_3} lists
 * that user's jobs in submission order instead.
 */
public final class JobTraces {

    private JobTraces() {
    }

    /** One job in one run, from the rounds the simulator sent and the placements it got back. */
    static final class JobTrace {
        final Job job;
        Instant firstStart;
        Instant finish;
        double slotSeconds;
        double mapSlotSeconds;
        int mapAttempts;
        int remoteMaps;
        final Map<String, Integer> mapsByNode = new TreeMap<>();
        /** Each ended attempt as {start, end} in epoch millis and 1 for a reduce, 0 for a map. */
        final List<long[]> attempts = new ArrayList<>();

        JobTrace(Job job) {
            this.job = job;
        }

        double waitSeconds() {
            return firstStart == null ? Double.NaN : Duration.between(job.submitTime(), firstStart).toMillis() / 1e3;
        }

        double completionSeconds() {
            return finish == null ? Double.NaN : Duration.between(job.submitTime(), finish).toMillis() / 1e3;
        }
    }

    /** Passes every round to the planner and keeps what the reports say of each job. */
    static final class RecordingLink implements PlannerLink {
        private final PlannerLink inner;
        final Map<String, JobTrace> jobs = new LinkedHashMap<>();

        RecordingLink(PlannerLink inner) {
            this.inner = inner;
        }

        @Override
        public List<Placement> round(Round round) {
            round.submitted().forEach(job -> jobs.put(job.jobId(), new JobTrace(job)));
            for (var report : round.reports()) {
                TaskOutcome outcome = report.outcome();
                var trace = jobs.get(outcome.jobId());
                if (outcome.state() == TaskOutcome.State.LAUNCHED) {
                    continue;
                }
                var start = report.startTime().orElse(outcome.time());
                if (trace.firstStart == null || start.isBefore(trace.firstStart)) {
                    trace.firstStart = start;
                }
                trace.attempts.add(new long[] {start.toEpochMilli(), outcome.time().toEpochMilli(),
                        outcome.kind() == TaskKind.REDUCE ? 1 : 0});
                double seconds = Duration.between(start, outcome.time()).toMillis() / 1e3;
                trace.slotSeconds += seconds;
                if (outcome.kind() == TaskKind.MAP) {
                    trace.mapSlotSeconds += seconds;
                    trace.mapAttempts++;
                    trace.mapsByNode.merge(outcome.nodeId(), 1, Integer::sum);
                    if (!report.local()) {
                        trace.remoteMaps++;
                    }
                }
                if (outcome.state() == TaskOutcome.State.SUCCEEDED
                        && (trace.finish == null || outcome.time().isAfter(trace.finish))) {
                    trace.finish = outcome.time();
                }
            }
            return inner.round(round);
        }

        @Override
        public List<InputPlacement> takeDataPlacements() {
            return inner.takeDataPlacements();
        }

        @Override
        public OptionalLong cpuNanos() {
            return inner.cpuNanos();
        }
    }

    public static void main(String[] args) {
        var workload = SuiteWorkload.parse(args[0]);
        double load = Double.parseDouble(args[1]);
        int count = Integer.parseInt(args[2]);
        long seed = Long.parseLong(args[3]);
        var policies = List.of(args).subList(4, args.length).stream().map(PolicyName::parse).toList();
        var users = Workloads.preset(Workloads.COSHH_FACEBOOK);
        var jobs = LoadFactor.scale(new WorkloadCatalog().jobs(workload, count), load).stream()
                .map(UserAssignment.of(users)::assign).toList();
        var cluster = ClusterPresets.preset(ClusterPresets.DEFAULT);
        var first = jobs.stream().map(Job::submitTime).min(Instant::compareTo).orElseThrow();
        var last = jobs.stream().map(Job::submitTime).max(Instant::compareTo).orElseThrow();
        var owners = new TraceOwnerSource(OwnerTraces.BUNDLED, cluster, OwnerTraceSettings.of(seed, first),
                Duration.between(first, last).plus(Duration.ofDays(30)), OwnerForecastSettings.DEFAULT_WARM_UP,
                Duration.ofDays(1));
        var spec = new EvaluationSpec(jobs, cluster, owners, users.pools(), policies, List.of(seed));
        var runs = new ArrayList<Map<String, JobTrace>>();
        for (var policy : policies) {
            var setup = new RunSetup(spec, policy, seed);
            var link = new RecordingLink(InProcessPlannerLink.of(Policies.create(policy, setup.policySettings()),
                    setup.forecasts()));
            new Simulation(cluster, jobs, owners.forSeed(seed), users.pools(), link, spec.settings(policy, seed),
                    p -> { }).run();
            runs.add(link.jobs);
            var traces = link.jobs.values();
            System.out.printf(Locale.ROOT, "%s: mean completion %.1f s, mean wait %.1f s, slot-s %.0f (maps %.0f),"
                            + " remote maps %d of %d%n", policy.configValue(),
                    traces.stream().mapToDouble(JobTrace::completionSeconds).average().orElse(Double.NaN),
                    traces.stream().mapToDouble(JobTrace::waitSeconds).average().orElse(Double.NaN),
                    traces.stream().mapToDouble(t -> t.slotSeconds).sum(),
                    traces.stream().mapToDouble(t -> t.mapSlotSeconds).sum(),
                    traces.stream().mapToInt(t -> t.remoteMaps).sum(),
                    traces.stream().mapToInt(t -> t.mapAttempts).sum());
        }
        System.out.printf(Locale.ROOT, "%-6s %5s | per policy: mean wait, mean completion, slot-s, last finish (s from"
                + " the first submission)%n", "user", "jobs");
        var byUser = new TreeMap<String, List<String>>(Comparator.comparingInt(u -> Integer.parseInt(u.substring(2))));
        runs.get(0).values().forEach(t ->
                byUser.computeIfAbsent(t.job.user(), u -> new ArrayList<>()).add(t.job.jobId()));
        byUser.forEach((user, ids) -> {
            var line = new StringBuilder(String.format(Locale.ROOT, "%-6s %5d", user, ids.size()));
            for (var run : runs) {
                var traces = ids.stream().map(run::get).toList();
                line.append(String.format(Locale.ROOT, " | %8.0f %8.0f %8.0f %8.0f",
                        traces.stream().mapToDouble(JobTrace::waitSeconds).average().orElse(Double.NaN),
                        traces.stream().mapToDouble(JobTrace::completionSeconds).average().orElse(Double.NaN),
                        traces.stream().mapToDouble(t -> t.slotSeconds).sum(),
                        traces.stream().filter(t -> t.finish != null)
                                .mapToDouble(t -> Duration.between(first, t.finish).toMillis() / 1e3).max()
                                .orElse(Double.NaN)));
            }
            System.out.println(line);
        });
        long step = Long.getLong("timeline", 0) * 1000;
        for (int i = 0; step > 0 && i < runs.size(); i++) {
            System.out.printf(Locale.ROOT, "%s: attempts running per user every %d s from the first submission%n",
                    policies.get(i).configValue(), step / 1000);
            var traces = runs.get(i).values();
            long end = traces.stream().flatMap(t -> t.attempts.stream()).mapToLong(a -> a[1]).max().orElse(0);
            for (long t = first.toEpochMilli(); t <= end; t += step) {
                long at = t;
                var held = new TreeMap<String, Integer>(byUser.comparator());
                traces.forEach(trace -> trace.attempts.stream().filter(a -> a[0] <= at && at < a[1])
                        .forEach(a -> held.merge(trace.job.user(), 1, Integer::sum)));
                System.out.printf(Locale.ROOT, "%7d %s%n", (t - first.toEpochMilli()) / 1000, held);
            }
        }
        if (runs.size() < 2) {
            return;
        }
        var base = runs.get(0);
        var other = runs.get(1);
        System.out.printf(Locale.ROOT, "%-12s %-8s %5s %4s %10s | %9s %9s %8s %5s | %9s %9s %8s %5s %s%n", "job",
                "user", "maps", "red", "input MB", "wait", "complete", "slot-s", "rem", "wait", "complete",
                "slot-s", "rem", "map demand; maps by node (second)");
        var user = System.getProperty("user", "");
        base.values().stream()
                .filter(t -> user.isEmpty() || t.job.user().equals(user))
                .sorted(!user.isEmpty() ? Comparator.comparing((JobTrace t) -> t.job.submitTime())
                        : Comparator.comparingDouble((JobTrace t) ->
                                t.completionSeconds() - other.get(t.job.jobId()).completionSeconds()))
                .limit(Integer.getInteger("rows", 25))
                .forEach(a -> {
                    var b = other.get(a.job.jobId());
                    System.out.printf(Locale.ROOT, "%-12s %-8s %5d %4d %10.1f | %9.1f %9.1f %8.0f %5d | %9.1f %9.1f"
                                    + " %8.0f %5d %s; %s%n", a.job.jobId(), a.job.user(), a.job.count(TaskKind.MAP),
                            a.job.count(TaskKind.REDUCE), a.job.inputBytes() / 1e6, a.waitSeconds(),
                            a.completionSeconds(), a.slotSeconds, a.remoteMaps, b.waitSeconds(),
                            b.completionSeconds(), b.slotSeconds, b.remoteMaps,
                            a.job.group(TaskKind.MAP).map(g -> g.demand().toString()).orElse("-"), b.mapsByNode);
                });
    }
}
