package io.gleaner.deploy.cli;

import io.gleaner.deploy.demo.DemoRun;
import io.gleaner.deploy.demo.DemoSettings;
import io.gleaner.ingest.replay.TraceTime;
import io.gleaner.ingest.swim.SwimJobRule;
import io.gleaner.ingest.swim.SwimTraceReader;
import io.gleaner.ingest.trace.LineTraceReader;
import io.gleaner.ingest.trace.TraceInput;
import io.gleaner.ingest.trace.TraceRow;
import io.gleaner.planner.core.Checked;
import io.gleaner.planner.core.Job;
import io.gleaner.planner.core.NodeLiveness;
import io.gleaner.planner.core.PolicyName;
import io.gleaner.planner.core.cells.CellMap;
import io.gleaner.planner.core.salamander.PlanTimeline;
import io.gleaner.planner.events.EventMapping;
import io.gleaner.qos.core.QosSettings;
import io.gleaner.schemas.Topics;
import io.gleaner.schemas.avro.JobSubmitted;
import io.gleaner.simulator.ClusterPresets;
import io.gleaner.simulator.core.ClusterSpec;
import io.gleaner.simulator.core.SimulationSettings;
import io.gleaner.simulator.evaluate.Controllers;
import io.gleaner.simulator.evaluate.Evaluation;
import io.gleaner.simulator.evaluate.EvaluationProgress;
import io.gleaner.simulator.evaluate.EvaluationSpec;
import io.gleaner.simulator.evaluate.PolicyRun;
import io.gleaner.simulator.report.EvaluationDescription;
import io.gleaner.simulator.report.HtmlReport;
import io.gleaner.simulator.report.MetricTable;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import java.util.stream.LongStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code gleaner evaluate}: one trace on one simulated cluster under several policies and seeds, side by side. */
@Command(name = "evaluate", mixinStandardHelpOptions = true,
        description = {"Compare placement policies: run one SWIM job trace on one simulated cluster under every "
                + "policy, once per seed, in-process and in virtual time (no Kafka), and report every metric per "
                + "policy, as the mean over the seeds and as a ratio to the first policy, the baseline.",
                "Writes <out>/metrics.csv (one row per policy and metric: mean, stddev, min, max, ratio), "
                        + "<out>/runs.csv (one row per run and seed, one column per metric) and <out>/index.html (the "
                        + "table and charts in one self-contained page: completion-time CDF, running attempts and "
                        + "spare capacity over time, relaunched and remote shares, per-user shares), then prints the "
                        + "table. Shows progress on the error stream while it runs.",
                "The same options give the same numbers on every run."})
final class EvaluateCommand implements Callable<Integer> {

    private static final Logger log = LoggerFactory.getLogger(EvaluateCommand.class);

    /** The name of the bundled trace for {@code --trace}. */
    static final String FB_2009 = "fb2009";

    /** Files the command writes into {@code --out}. */
    static final String METRICS_CSV = "metrics.csv";
    static final String RUNS_CSV = "runs.csv";
    static final String INDEX_HTML = "index.html";

    /** Trace rows rejected beyond this many are counted in the report but not listed one by one. */
    private static final int LISTED_REJECTIONS = 5;

    /** The progress line is redrawn at most this often, and at the start and end of every run. */
    private static final Duration REDRAW_EVERY = Duration.ofMillis(200);
    /** Width of a printed plan's timeline. */
    private static final int PLAN_COLUMNS = 96;

    @Option(names = "--trace", defaultValue = FB_2009, paramLabel = "fb2009|PATH",
            description = "The SWIM job trace: fb2009, the bundled Facebook 2009 day (5,894 jobs), or a SWIM file "
                    + "(plain or gzip) or classpath:<resource> (default: ${DEFAULT-VALUE}).")
    String trace;

    @Option(names = "--jobs", paramLabel = "N",
            description = "Run only the first N jobs of the trace (default: all).")
    Integer jobs;

    @Option(names = "--cluster", defaultValue = ClusterPresets.DEFAULT, paramLabel = "PRESET|FILE",
            description = "The simulated cluster: a preset name or a YAML file (default: ${DEFAULT-VALUE}, the six "
                    + "resources of COSHH Table 3).")
    String cluster;

    @Option(names = "--policies", defaultValue = "fifo", paramLabel = "P[,P...]",
            completionCandidates = PolicyNames.class,
            description = "The policies to compare, comma-separated, in report order; the first is the baseline "
                    + "that ratios are taken to. Known: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
    String policies;

    @Option(names = "--seeds", defaultValue = "1", paramLabel = "N",
            description = "Run every policy on N seeds, S to S+N-1 with S from --seed; with N > 1 the table shows "
                    + "the mean and [min..max] over them (default: ${DEFAULT-VALUE}).")
    int seeds;

    @Option(names = "--seed", defaultValue = "0", paramLabel = "S",
            description = "The first seed. A seed decides where the simulated chunk replicas lie and "
                    + "which owners' VMs land on which node (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--out", defaultValue = "evaluation", paramLabel = "DIR",
            description = "Directory for " + METRICS_CSV + ", " + RUNS_CSV + " and " + INDEX_HTML
                    + "; created if missing, the three files replaced (default: ${DEFAULT-VALUE}).")
    Path out;

    @Mixin
    WorkloadOptions workloadOptions;

    @Option(names = "--qos", defaultValue = SimulationSettings.NO_QOS, paramLabel = "none|salamander|cuckoo|own",
            description = "The QoS controller the simulated nodes obey, ticked every 100 ms of event time: none, "
                    + "the node only kills attempts itself when the owners' RAM overflows it; salamander, "
                    + "Salamander's Algorithm 3 (throttle CPU, kill latest-scheduled on RAM); cuckoo, kill on any "
                    + "violation; own, each policy with its own stack's (cuckoo under cuckoo's, every other policy "
                    + "under salamander's), the comparison of Salamander's paper. With a controller, nodes offer the "
                    + "planner what the owners leave less the --safety-margin, and the node's own OOM kill stays as "
                    + "the last resort; the table counts both kinds of kill. The controller runs in the simulator, "
                    + "in-process or beside the Kafka stages with --through-kafka (default: ${DEFAULT-VALUE}).")
    String qos;

    @Option(names = "--safety-margin", paramLabel = "S", defaultValue = "" + QosSettings.DEFAULT_SAFETY_MARGIN,
            description = "S(m) of Salamander's Eq. 1 for CPU and RAM, in [0, 1): the share of each node the QoS "
                    + "controller keeps from the tasks and the in-process forecasts take off the spare capacity "
                    + "(default: ${DEFAULT-VALUE}; in-process runs only).")
    double safetyMargin;

    @Option(names = "--chunk-mb", paramLabel = "MB", defaultValue = "128",
            description = "Input bytes per map task (one chunk), in MiB: a job's maps are its input over this, "
                    + "rounded up (default: ${DEFAULT-VALUE}; in-process runs only).")
    long chunkMb;

    @Option(names = "--no-data-placement",
            description = "Keep every job's input where its submission says it is: COSHH and Cuckoo do not place "
                    + "new input (gleaner.planner.place-data=false; in-process runs only).")
    boolean noDataPlacement;

    @Mixin
    LoadFactorOption loadFactor;

    @Mixin
    DeadlineFactorOption deadlineFactor;

    @Mixin
    LocalityDelayOption localityDelay;

    @Mixin
    SalamanderRepairOption salamanderRepair;

    @Mixin
    CellsOptions cells;

    @Mixin
    NodeFailureOptions nodeFailures;

    @Mixin
    ForecasterModelOption forecasterModel;

    @Option(names = "--plan-at", paramLabel = "TIME",
            description = "Also print the salamander policy's plan as it stood at TIME of the first seed's run, one "
                    + "line per node of its tasks over the window, with the jobs it rejected and why: an instant "
                    + "(2009-05-01T02:00:00Z) or a duration after the first job's submission (90s, 2h, 1h30m, PT2H). "
                    + "In-process; needs salamander among --policies (default: no plan printed).")
    String planAt;

    @Option(names = "--through-kafka",
            description = "Run every (policy, seed) through Kafka instead, as gleaner demo does: the planner (and "
                    + "the forecaster) as Kafka Streams applications on a broker, the simulator in lockstep with them, "
                    + "each run under topic prefix <topic-prefix>eval<i>. Much slower; the numbers equal the "
                    + "in-process ones, except the planner's CPU per decision, which only in-process runs measure. "
                    + "--locality-delay-ms, --salamander-repair-move-limit, --forecaster-model and "
                    + "--forecaster-miss-escalation apply to in-process runs only.")
    boolean throughKafka;

    @Mixin
    KafkaOptions kafka;

    @Mixin
    RegistryOptions registry;

    @Option(names = "--data-dir", defaultValue = "gleaner-data", paramLabel = "DIR",
            description = "With --through-kafka and no --bootstrap-servers: the embedded broker's log goes to "
                    + "<data-dir>/evaluate, emptied first (default: ${DEFAULT-VALUE}).")
    Path dataDir;

    @Spec
    CommandSpec spec;

    /** The policies' names, for picocli's ${COMPLETION-CANDIDATES}. */
    static final class PolicyNames implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return Arrays.stream(PolicyName.values()).map(PolicyName::configValue).iterator();
        }
    }

    /** The workload as read: the jobs, and the rows that did not become one. */
    private record Workload(List<Job> jobs, List<String> rejections) {
    }

    @Override
    public Integer call() throws IOException {
        var policyNames = policies();
        if (seeds < 1) {
            throw usage("--seeds must be >= 1, was " + seeds);
        }
        CellMap cellMap;
        try {
            cellMap = cells.cellMap();
        } catch (IllegalArgumentException e) {
            throw usage(e.getMessage());
        }
        if (throughKafka && cellMap.cells() != 1) {
            throw usage("--cells runs in-process only with evaluate; the Kafka planner's cells run under gleaner run "
                    + "and bench-scale (docs/cells.md)");
        }
        if (jobs != null && jobs < 1) {
            throw usage("--jobs must be >= 1, was " + jobs);
        }
        if (Files.exists(out) && !Files.isDirectory(out)) {
            throw usage("--out " + out + " is a file, not a directory");
        }
        var controllers = controllers();
        if (!(safetyMargin >= 0 && safetyMargin < 1)) {
            throw usage("--safety-margin must be in [0, 1), was " + safetyMargin);
        }
        if (chunkMb < 1 || chunkMb > Long.MAX_VALUE >> 20) {
            throw usage("--chunk-mb must be a whole number of MiB >= 1, was " + chunkMb);
        }
        if (throughKafka && (safetyMargin != QosSettings.DEFAULT_SAFETY_MARGIN || chunkMb != 128 || noDataPlacement
                || localityDelay.given().isPresent() || salamanderRepair.given().isPresent()
                || forecasterModel.given().isPresent()
                || forecasterModel.reaction().isPresent() || loadFactor.given())) {
            throw usage("--safety-margin, --chunk-mb, --no-data-placement, --locality-delay-ms, "
                    + "--salamander-repair-move-limit, --forecaster-model, "
                    + "--forecaster-miss-escalation and --load-factor run in-process only; the Kafka stages take their "
                    + "defaults");
        }
        var planTime = planAt == null ? Optional.<TraceTime>empty() : Optional.of(planTime(policyNames));
        var clusterSpec = cluster();
        var failures = nodeFailures.failures(clusterSpec);
        var users = workloadOptions.users(spec);
        var workload = workload(users.assignment(), clusterSpec);
        var seedList = LongStream.range(seed, seed + seeds).boxed().toList();
        var evaluation = new EvaluationSpec(workload.jobs(), clusterSpec,
                workloadOptions.owners(spec, clusterSpec, workload.jobs(), seed), users.pools(), policyNames,
                seedList, controllers, safetyMargin, !noDataPlacement, localityDelay.orDefault(),
                forecasterModel.orDefault(), forecasterModel.reaction(), failures, salamanderRepair.orDefault());

        // Charts are drawn off screen: never look for a display, whatever DISPLAY says.
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
        var err = spec.commandLine().getErr();
        var progress = new Progress(err, policyNames.size() * seeds, workload.jobs().size());
        var runs = throughKafka
                ? throughKafka(evaluation, users, progress::report)
                : Evaluation.run(evaluation, cellMap, progress::report);
        var wallTimes = progress.finish();

        var table = MetricTable.of(runs);
        var notes = new ArrayList<>(notes(workload));
        notes.add(0, workloadOptions.describe(users));
        notes.add(1, qosNote(controllers));
        if (failures.any()) {
            notes.add(2, "Node failures: " + failures.describe() + "; a failed node does not come back, and the "
                    + "planner relaunches its attempts once it has been silent for the node timeout ("
                    + NodeLiveness.DEFAULT_NODE_TIMEOUT_MS + " ms).");
        }
        var description = new EvaluationDescription(trace, workload.jobs().size(), cluster, notes, wallTimes);
        Files.createDirectories(out);
        var written = List.of(write(METRICS_CSV, table.metricsCsv()), write(RUNS_CSV, table.runsCsv()),
                write(INDEX_HTML, HtmlReport.render(description, table)));
        print(spec.commandLine().getOut(), workload, clusterSpec, controllers, table, notes, wallTimes, written);
        if (planTime.isPresent()) {
            var firstSubmit = workload.jobs().stream().map(Job::submitTime).min(Instant::compareTo).orElseThrow();
            var plan = Evaluation.salamanderPlan(evaluation, planTime.get().resolve(firstSubmit));
            spec.commandLine().getOut().printf("%nsalamander's plan, seed %d:%n%s", seed, PlanTimeline.render(plan,
                    PLAN_COLUMNS));
        }
        return 0;
    }

    private TraceTime planTime(List<PolicyName> policyNames) {
        if (!policyNames.contains(PolicyName.SALAMANDER)) {
            throw usage("--plan-at needs salamander among --policies");
        }
        if (throughKafka) {
            throw usage("--plan-at runs in-process only");
        }
        try {
            return TraceTime.parse(planAt);
        } catch (IllegalArgumentException e) {
            throw usage("--plan-at: " + e.getMessage());
        }
    }

    private Controllers controllers() {
        try {
            return Controllers.parse(qos);
        } catch (IllegalArgumentException e) {
            throw usage("--qos: " + e.getMessage());
        }
    }

    private String qosNote(Controllers controllers) {
        var margin = Math.round(safetyMargin * 1000) / 10.0 + "%";
        if (controllers.ownStack()) {
            return "QoS controllers: each policy its own stack's (cuckoo: cuckoo, others: salamander; period 100 ms, "
                    + "safety margins " + margin + "); node OOM kills are the ones the nodes still made themselves.";
        }
        return controllers.all().map(mode -> "QoS controller: " + mode.configValue() + " (period 100 ms, safety "
                + "margins " + margin + "); node OOM kills are the ones the nodes still made themselves.")
                .orElse("QoS controller: none (nodes kill attempts only when the owners' RAM overflows them).");
    }

    private List<PolicyName> policies() {
        return PolicyList.parse(policies, spec.commandLine());
    }

    /**
     * The evaluation through Kafka: each run is a demo run (planner and forecaster apps, lockstep simulator) on its
     * own topics, on the embedded broker or the one given.
     */
    private List<PolicyRun> throughKafka(EvaluationSpec evaluation, WorkloadOptions.Users users,
                                         Consumer<EvaluationProgress> progress) {
        var embedded = new EmbeddedOptions();
        embedded.dataDir = dataDir.resolve("evaluate");
        embedded.fresh = true;
        var runs = new ArrayList<PolicyRun>();
        int total = evaluation.policies().size() * evaluation.seeds().size();
        try (var environment = KafkaEnvironment.withRegistry(kafka, embedded, registry)) {
            for (var policy : evaluation.policies()) {
                for (long runSeed : evaluation.seeds()) {
                    int index = runs.size();
                    var topics = Topics.withPrefix(kafka.topics().prefix() + "eval" + index + ".");
                    var settings = new DemoSettings(evaluation.jobs().size(), runSeed, cluster, traceLocation(),
                            policy, SimulationSettings.DEFAULT_HEARTBEAT_PERIOD, DemoSettings.DEFAULT_COMMIT_INTERVAL_MS,
                            users.assignment(), users.pools(), (clusterSpec, jobs) -> evaluation.owners(),
                            evaluation.qos().of(policy)).withFailures(evaluation.failures());
                    var outcome = new DemoRun(environment.bootstrapServers(), environment.clientProperties(), topics,
                            environment.registryConfig(), environment.registryClient(),
                            embedded.dataDir.resolve("state-" + index))
                            .run(settings, p -> progress.accept(new EvaluationProgress(index, total,
                                    policy.configValue(), runSeed, p)));
                    runs.add(new PolicyRun(policy.configValue(), outcome.report()));
                }
            }
        }
        return List.copyOf(runs);
    }

    private String traceLocation() {
        return FB_2009.equalsIgnoreCase(trace) ? SwimTraceReader.FB_2009 : trace;
    }

    private ClusterSpec cluster() {
        try {
            return ClusterPresets.resolve(cluster);
        } catch (IllegalArgumentException | UncheckedIOException e) {
            throw usage("--cluster: " + e.getMessage());
        }
    }

    /** The first --jobs jobs of the trace; rows that do not parse or do not make a job are logged and counted. */
    private Workload workload(UnaryOperator<Job> assignment, ClusterSpec clusterSpec) {
        var location = traceLocation();
        if (!location.startsWith(TraceInput.CLASSPATH_PREFIX) && !Files.isRegularFile(Path.of(location))) {
            throw usage("--trace '" + trace + "' is neither " + FB_2009 + " nor a file");
        }
        var parsedJobs = new ArrayList<Job>();
        var rejections = new ArrayList<String>();
        long limit = jobs == null ? LineTraceReader.NO_LIMIT : jobs;
        var rule = SwimJobRule.defaults().withChunkBytes(chunkMb << 20);
        try (var rows = SwimTraceReader.open(location, rule, limit)) {
            while (rows.hasNext()) {
                var row = rows.next();
                if (row instanceof TraceRow.Parsed<JobSubmitted> parsed) {
                    var job = EventMapping.job(parsed.value());
                    if (job instanceof Checked.Valid<Job> valid) {
                        parsedJobs.add(assignment.apply(valid.value()));
                    } else if (job instanceof Checked.Invalid<Job> invalid) {
                        rejections.add("line " + parsed.line() + ": " + invalid.reason());
                    }
                } else if (row instanceof TraceRow.Rejected<JobSubmitted> rejected) {
                    rejections.add("line " + rejected.line() + ": " + rejected.reason());
                }
            }
        } catch (IOException | UncheckedIOException e) {
            throw usage("--trace " + trace + " cannot be read: " + e.getMessage());
        }
        rejections.forEach(r -> log.warn("trace {} {}: not evaluated", trace, r));
        if (parsedJobs.isEmpty()) {
            throw usage("--trace " + trace + " has no job that parses");
        }
        var loaded = loadFactor.apply(spec, parsedJobs);
        return new Workload(deadlineFactor.apply(spec, loaded, seed, clusterSpec), List.copyOf(rejections));
    }

    private static List<String> notes(Workload workload) {
        var rejections = workload.rejections();
        if (rejections.isEmpty()) {
            return List.of();
        }
        var listed = String.join("; ", rejections.subList(0, Math.min(LISTED_REJECTIONS, rejections.size())));
        return List.of(rejections.size() + " trace row(s) did not make a job and were left out: " + listed
                + (rejections.size() > LISTED_REJECTIONS ? "; ..." : "") + ".");
    }

    private Path write(String name, String content) throws IOException {
        return Files.writeString(out.resolve(name), content, StandardCharsets.UTF_8);
    }

    private void print(PrintWriter printer, Workload workload, ClusterSpec clusterSpec, Controllers controllers,
                       MetricTable table, List<String> notes, List<Duration> wallTimes, List<Path> written) {
        printer.println();
        printer.printf(Locale.ROOT, "Gleaner evaluation: %d jobs of %s on %s (%d nodes), policies %s, seeds %s, "
                        + "qos %s, chunks of %d MiB, safety margin %s%n",
                workload.jobs().size(), trace, clusterSpec.name(), clusterSpec.nodes().size(),
                String.join(",", table.policies()), seeds == 1 ? Long.toString(seed) : seed + ".." + (seed + seeds - 1),
                controllers.configValue(), chunkMb, safetyMargin);
        var cellMap = cells.cellMap();
        if (cellMap.cells() > 1) {
            printer.printf(Locale.ROOT, "planner cells: %d, by %s%n", cellMap.cells(), cellMap.by().configValue());
        }
        if (loadFactor.given()) {
            printer.printf(Locale.ROOT, "load factor: x%s (inter-arrival times divided by it)%n", loadFactor.factor);
        }
        if (deadlineFactor.range != null) {
            printer.printf(Locale.ROOT, "deadlines: submission + %s x stand-alone time (seed %d)%n",
                    deadlineFactor.range, seed);
        }
        if (noDataPlacement) {
            printer.println("data placement: off (every job's input stays where its submission says)");
        }
        localityDelay.given().ifPresent(delay -> printer.printf(Locale.ROOT,
                "fair policy's locality delay: %d ms%n", delay.toMillis()));
        salamanderRepair.given().ifPresent(moves -> printer.printf(Locale.ROOT,
                "salamander's repair move limit: %d moves per repaired plan%n", moves));
        notes.forEach(printer::println);
        for (int i = 0; i < table.runs().size(); i++) {
            var run = table.runs().get(i);
            var report = run.report();
            printer.printf(Locale.ROOT, "run %s seed %d: virtual end %s, %d rounds, %d of %d jobs completed, "
                            + "wall %.1f s%n", run.policy(), run.seed(), report.endTime(), report.rounds(),
                    report.jobsCompleted(), report.jobsSubmitted(), wallTimes.get(i).toMillis() / 1000.0);
        }
        printer.println();
        printer.print(table.text());
        printer.println();
        written.forEach(path -> printer.println("wrote " + path));
        printer.flush();
    }

    private CommandLine.ParameterException usage(String message) {
        return new CommandLine.ParameterException(spec.commandLine(), message);
    }

    /**
     * The progress bar over all runs, and the wall time of each run, told apart by the run index of the progress.
     * {@link Evaluation#run} reports after every round, not when a run starts, so a run's wall time is measured from
     * the first round of that run (the command's start for the first) to the first round of the next (the end of
     * the evaluation for the last): close, and only ever shown as overhead.
     */
    private static final class Progress {

        private final ProgressBar bar;
        private final int jobsPerRun;
        private final long[] starts;
        private final long redrawNanos = REDRAW_EVERY.toNanos();
        private int current;
        private long lastDrawn = Long.MIN_VALUE;

        Progress(PrintWriter err, int runs, int jobsPerRun) {
            this.bar = new ProgressBar(err, "jobs over all runs", (long) runs * jobsPerRun);
            this.jobsPerRun = jobsPerRun;
            this.starts = new long[runs + 1];
            this.starts[0] = System.nanoTime();
        }

        void report(EvaluationProgress p) {
            long now = System.nanoTime();
            boolean newRun = p.run() > current;
            // A run that reported nothing (no round) starts and ends when the next one starts.
            while (p.run() > current) {
                starts[++current] = now;
            }
            var within = p.within();
            boolean runDone = within.jobsCompleted() == within.jobsTotal();
            if (!newRun && !runDone && now - lastDrawn < redrawNanos) {
                return;
            }
            lastDrawn = now;
            bar.update((long) p.run() * jobsPerRun + within.jobsCompleted(), String.format(Locale.ROOT,
                    "run %d/%d: %s seed %d, %d/%d jobs, virtual time %s", p.run() + 1, p.runs(), p.policy(),
                    p.seed(), within.jobsCompleted(), within.jobsTotal(), within.virtualTime()));
        }

        /** Ends the bar; the wall time of each run, in run order. */
        List<Duration> finish() {
            long now = System.nanoTime();
            while (current < starts.length - 1) {
                starts[++current] = now;
            }
            bar.finish();
            var walls = new ArrayList<Duration>();
            for (int i = 0; i + 1 < starts.length; i++) {
                walls.add(Duration.ofNanos(starts[i + 1] - starts[i]));
            }
            return List.copyOf(walls);
        }
    }
}
