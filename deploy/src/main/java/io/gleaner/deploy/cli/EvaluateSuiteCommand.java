package io.gleaner.deploy.cli;

import io.gleaner.planner.core.PolicyName;
import io.gleaner.qos.core.QosSettings;
import io.gleaner.simulator.ClusterPresets;
import io.gleaner.simulator.core.ClusterSpec;
import io.gleaner.simulator.evaluate.Controllers;
import io.gleaner.simulator.evaluate.EvaluationSpec;
import io.gleaner.simulator.suite.Suite;
import io.gleaner.simulator.suite.SuiteSpec;
import io.gleaner.simulator.suite.SuiteTable;
import io.gleaner.simulator.suite.SuiteWorkload;
import io.gleaner.simulator.suite.WorkloadCatalog;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import io.gleaner.planner.core.Job;
import java.util.concurrent.Callable;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code gleaner evaluate-suite}: policies x workloads x load factors x seeds x clusters, as ratios to a baseline. */
@Command(name = "evaluate-suite", mixinStandardHelpOptions = true,
        description = {"Compare placement policies across a suite of workloads, so that a planner tuned on one "
                + "trace is also seen on others: every policy on every workload at every load factor on every "
                + "cluster, once per seed, in-process (what gleaner evaluate runs for one trace), then the table of "
                + "each policy's mean job completion time as a ratio to the baseline's on the same seed: the mean "
                + "over the seeds and its spread (min-max), with each part's geometric mean and worst ratio.",
                "Workloads: fb2009 (the bundled FB-2009 day), google2011 (the bundled Google 2011 jobs, 482 at most) "
                        + "and synthetic-<seed> (SWIM-like, drawn from the FB-2009 day with that seed). The suite has "
                        + "two parts, fixed by the names: TUNING is fb2009 and synthetic seeds 0-99, the workloads "
                        + "planners may be tuned on; REPORT is google2011 and synthetic seeds 100 and up, to be "
                        + "reported on and never tuned on (docs/simulator.md#suite-bench).",
                "Writes <results-dir>/<today>-suite-<name>.md headed by the exact command, and prints it."})
final class EvaluateSuiteCommand implements Callable<Integer> {

    /** The part of the suite {@code --part} selects. */
    enum PartChoice { TUNE, REPORT, ALL }

    @Option(names = "--workloads", defaultValue = "fb2009,synthetic-0,google2011,synthetic-100", split = ",",
            paramLabel = "W",
            description = "The workloads: fb2009, google2011, synthetic-<seed> (default: ${DEFAULT-VALUE}).")
    List<String> workloads;

    @Option(names = "--part", defaultValue = "all", paramLabel = "tune|report|all",
            description = "Run only the workloads of one part: tune (fb2009, synthetic-0..99), report (google2011, "
                    + "synthetic-100 and up), or all (default: ${DEFAULT-VALUE}).")
    String part;

    @Option(names = "--loads", defaultValue = "0.5,1,2,4", split = ",", paramLabel = "X",
            description = "Load factors: each workload's inter-arrival times divided by X, so 2 is twice the "
                    + "arrival rate (default: ${DEFAULT-VALUE}).")
    List<Double> loads;

    @Option(names = "--jobs", defaultValue = "200", paramLabel = "N",
            description = "Jobs per workload, its first N (default: ${DEFAULT-VALUE}).")
    int jobs;

    @Option(names = "--policies", defaultValue = "fifo,fair,coshh,cuckoo", paramLabel = "P[,P...]",
            completionCandidates = EvaluateCommand.PolicyNames.class,
            description = "The policies, comma-separated. Known: ${COMPLETION-CANDIDATES}. The default leaves "
                    + "salamander out: it spends some 10-18 times Cuckoo's planner CPU per decision "
                    + "(docs/results/2026-11-28-salamander-fast.md), so its runs would take most of a suite's time; "
                    + "add it with a small --jobs (default: ${DEFAULT-VALUE}).")
    String policies;

    @Option(names = "--baseline", defaultValue = "fair", paramLabel = "P",
            description = "The policy ratios are taken to; it must be among --policies (default: ${DEFAULT-VALUE}).")
    String baseline;

    @Option(names = "--clusters", defaultValue = ClusterPresets.DEFAULT, split = ",", paramLabel = "C",
            description = "The simulated clusters: presets or YAML files (default: ${DEFAULT-VALUE}).")
    List<String> clusters;

    @Option(names = "--seeds", defaultValue = "2", paramLabel = "N",
            description = "Run every cell on N seeds, S to S+N-1 (default: ${DEFAULT-VALUE}).")
    int seeds;

    @Option(names = "--seed", defaultValue = "0", paramLabel = "S",
            description = "The first seed: where chunk replicas lie and which owners' VMs land on which node; not "
                    + "the seed of a synthetic workload, which is in its name (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--qos", defaultValue = "none", paramLabel = "none|salamander|cuckoo|own",
            description = "The QoS controller the simulated nodes obey, as for gleaner evaluate "
                    + "(default: ${DEFAULT-VALUE}).")
    String qos;

    @Mixin
    WorkloadOptions workloadOptions;

    @Mixin
    DeadlineFactorOption deadlineFactor;

    @Option(names = "--name", defaultValue = "default", paramLabel = "NAME",
            description = "Names the results file <today>-suite-<NAME>.md (default: ${DEFAULT-VALUE}).")
    String name;

    @Option(names = "--results-dir", defaultValue = "docs/results", paramLabel = "DIR",
            description = "Where the results file goes; created if missing (default: ${DEFAULT-VALUE}).")
    Path resultsDir;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        if (!name.matches("[A-Za-z0-9._-]+")) {
            throw usage("--name may hold letters, digits, '.', '_' and '-' only, was '" + name + "'");
        }
        var controllers = controllers();
        var suite = suiteSpec();
        var users = workloadOptions.users(spec);
        workloadOptions.check(spec);
        deadlineFactor.bounds(spec);
        var err = spec.commandLine().getErr();
        long started = System.nanoTime();
        var runs = Suite.run(suite, new WorkloadCatalog(), (cluster, jobs) -> evaluation(suite, cluster,
                deadlineFactor.apply(spec, jobs.stream().map(users.assignment()).toList(), seed, cluster), users,
                controllers),
                step -> {
                    err.printf(Locale.ROOT, "[%d/%d] %s on %s at x%s: %d jobs x %d policies x %d seeds%n",
                            step.done() + 1, step.total(), step.workload().name(), step.cluster(), step.load(),
                            step.jobs(), suite.policies().size(), suite.seeds().size());
                    err.flush();
                });
        var wall = Duration.ofNanos(System.nanoTime() - started);
        var table = SuiteTable.of(runs, suite.baseline().configValue());
        var today = LocalDate.now(ZoneOffset.UTC);
        var report = report(today, suite, table, workloadOptions.describe(users), controllers, wall);
        Files.createDirectories(resultsDir);
        var file = Files.writeString(resultsDir.resolve(today + "-suite-" + name + ".md"), report,
                StandardCharsets.UTF_8);
        var out = spec.commandLine().getOut();
        out.print(report);
        out.println();
        out.println("wrote " + file);
        out.flush();
        return 0;
    }

    private EvaluationSpec evaluation(SuiteSpec suite, ClusterSpec cluster, List<Job> jobs,
                                      WorkloadOptions.Users users, Controllers controllers) {
        return new EvaluationSpec(jobs, cluster, workloadOptions.owners(spec, cluster, jobs, seed), users.pools(),
                suite.policies(), suite.seeds(), controllers, QosSettings.DEFAULT_SAFETY_MARGIN);
    }

    private SuiteSpec suiteSpec() {
        if (jobs < 1) {
            throw usage("--jobs must be >= 1, was " + jobs);
        }
        if (seeds < 1) {
            throw usage("--seeds must be >= 1, was " + seeds);
        }
        var choice = parse("--part", part, text -> PartChoice.valueOf(text.trim().toUpperCase(Locale.ROOT)));
        var chosen = new ArrayList<SuiteWorkload>();
        for (var text : new LinkedHashSet<>(workloads)) {
            var workload = parse("--workloads", text, SuiteWorkload::parse);
            if (choice == PartChoice.ALL || workload.part().name().equals(choice.name())) {
                chosen.add(workload);
            }
        }
        if (chosen.isEmpty()) {
            throw usage("--workloads " + String.join(",", workloads) + " has none in part " + part);
        }
        var policyNames = PolicyList.parse(policies, spec.commandLine());
        var base = parse("--baseline", baseline, PolicyName::parse);
        if (!policyNames.contains(base)) {
            throw usage("--baseline " + baseline + " is not among --policies " + policies);
        }
        var clusterSpecs = clusters.stream().map(c -> parse("--clusters", c, ClusterPresets::resolve)).toList();
        try {
            return new SuiteSpec(chosen, List.copyOf(new LinkedHashSet<>(loads)), clusterSpecs,
                    policyNames, base, LongStream.range(seed, seed + seeds).boxed().toList(), jobs);
        } catch (IllegalArgumentException e) {
            throw usage(e.getMessage());
        }
    }

    private Controllers controllers() {
        return parse("--qos", qos, Controllers::parse);
    }

    private String report(LocalDate today, SuiteSpec suite, SuiteTable table, String workloadNote,
                          Controllers controllers, Duration wall) {
        var policyNames = suite.policies().stream().map(PolicyName::configValue).collect(Collectors.joining(","));
        var names = suite.workloads().stream().collect(Collectors.groupingBy(SuiteWorkload::part,
                Collectors.mapping(SuiteWorkload::name, Collectors.joining(", "))));
        var out = new StringBuilder();
        out.append("# Suite bench: ").append(name).append(" (").append(today).append(")\n\n");
        out.append("```\n").append(command()).append("\n```\n\n");
        out.append(String.format(Locale.ROOT, "Machine: %d cores, Java %s, %s %s; wall time %.0f s for %d runs.%n%n",
                Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"),
                System.getProperty("os.name"), System.getProperty("os.arch"), wall.toMillis() / 1000.0,
                suite.runs()));
        out.append("Parts (docs/simulator.md#suite-bench): **tuning** = fb2009 and synthetic seeds 0-99, **report** = "
                + "google2011 and synthetic seeds 100 and up; tune only on the first. This run: tuning ")
                .append(names.getOrDefault(SuiteWorkload.Part.TUNE, "none")).append("; report ")
                .append(names.getOrDefault(SuiteWorkload.Part.REPORT, "none")).append(".\n\n");
        out.append("Policies ").append(policyNames).append(", baseline ").append(table.baseline())
                .append("; clusters ").append(suite.clusters().stream().map(ClusterSpec::name)
                        .collect(Collectors.joining(", ")))
                .append("; seeds ").append(suite.seeds().stream().map(String::valueOf)
                        .collect(Collectors.joining(", ")))
                .append("; the first ").append(suite.jobs()).append(" jobs of each workload; QoS ")
                .append(controllers.configValue()).append(".\n").append(workloadNote).append(".\n\n");
        out.append("Each cell: the policy's mean job completion time over the baseline's on the same workload, load, "
                + "cluster and seed; the mean over the seeds, then (min-max). Below 1 is faster than ")
                .append(table.baseline()).append(". * marks a cell where a run left jobs unfinished.\n\n");
        out.append(table.markdown());
        table.goalsMarkdown().ifPresent(goals -> out.append("\nDeadlines: submission + ").append(deadlineFactor.range)
                .append(" x each job's stand-alone time on the cluster (seed ").append(seed).append("). Each cell: "
                        + "the share of jobs that met their goal, and the p95 of their tardiness (0 for a job on "
                        + "time); the mean over the seeds (docs/simulator.md#deadlines).\n\n").append(goals));
        return out.toString();
    }

    /** The command as given, to reproduce the file: the parse result's arguments start with the command's name. */
    private String command() {
        var args = spec.commandLine().getParseResult().originalArgs().stream()
                .map(a -> a.matches("[A-Za-z0-9._,:/=@+-]+") ? a : "'" + a.replace("'", "'\\''") + "'")
                .collect(Collectors.joining(" "));
        return "gleaner " + args;
    }

    private <T> T parse(String option, String text, Function<String, T> parser) {
        try {
            return parser.apply(text);
        } catch (IllegalArgumentException | UncheckedIOException e) {
            throw usage(option + ": " + e.getMessage());
        }
    }

    private CommandLine.ParameterException usage(String message) {
        return new CommandLine.ParameterException(spec.commandLine(), message);
    }
}
