package io.gleaner.deploy.cli;

import io.gleaner.deploy.demo.DemoRun;
import io.gleaner.deploy.demo.DemoSettings;
import io.gleaner.ingest.swim.SwimJobRule;
import io.gleaner.ingest.swim.SwimTraceReader;
import io.gleaner.planner.core.PolicyName;
import io.gleaner.qos.core.QosMode;
import io.gleaner.simulator.ClusterPresets;
import io.gleaner.simulator.core.ClusterSpec;
import io.gleaner.simulator.core.SimulationSettings;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code gleaner demo}: real jobs through a real Kafka to placement events, on a simulated cluster. */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = {"Run the first jobs of the Facebook 2009 SWIM trace through Gleaner end to end: an embedded "
                + "Kafka broker and schema registry, the planner (COSHH by default, publishing its job classes and "
                + "plans), the forecaster and the classifier (job profiles) as Kafka Streams applications, and a "
                + "simulated heterogeneous cluster that consumes the placements in lockstep, in event time. Prints "
                + "what happened: jobs, tasks, decisions, completion times, makespan, records per topic, wall time.",
                "The same --jobs and --seed give the same numbers on every run.",
                "The embedded broker starts empty in <data-dir>/demo on every demo run. With --bootstrap-servers the "
                        + "demo refuses topics that already hold jobs: use a new --topic-prefix."})
final class DemoCommand implements Callable<Integer> {

    @Mixin
    KafkaOptions kafka;

    @Mixin
    RegistryOptions registry;

    @Mixin
    HttpOptions http;

    @Option(names = "--data-dir", defaultValue = "gleaner-data",
            description = "The embedded broker's log goes to <data-dir>/demo, emptied first (default: ${DEFAULT-VALUE}).")
    java.nio.file.Path dataDir;

    @Option(names = "--broker-port", defaultValue = "0",
            description = "Client port of the embedded broker; 0 picks a free one (default: ${DEFAULT-VALUE}).")
    int brokerPort;

    @Option(names = "--jobs", defaultValue = "" + DemoSettings.DEFAULT_JOBS, paramLabel = "N",
            description = "Run the first N jobs of the trace (default: ${DEFAULT-VALUE}).")
    int jobs;

    @Option(names = "--seed", defaultValue = "" + DemoSettings.DEFAULT_SEED, paramLabel = "S",
            description = "Seed of the simulation: where chunk replicas are placed (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--cluster", defaultValue = ClusterPresets.DEFAULT, paramLabel = "PRESET|FILE",
            description = "Simulated cluster: a preset name or a YAML file (default: ${DEFAULT-VALUE}, the six "
                    + "resources of COSHH Table 3).")
    String cluster;

    @Option(names = "--trace", defaultValue = SwimTraceReader.FB_2009, paramLabel = "PATH",
            description = "SWIM job trace, a path or classpath:<resource> (default: the bundled FB-2009 trace).")
    String trace;

    @Option(names = "--policy", defaultValue = "coshh",
            description = "Placement policy: fifo, fair, coshh (with the --users' pools), salamander (plans every "
                    + "queued task over the owners' forecast spare capacity, moves chunks to their planned node, "
                    + "answers each job on jobs.admissions), cuckoo, johnson or balanced-pools (the queue as a batch in "
                    + "makespan order), mdasa, ndasa, edf, adaptive, ras or reverse-adaptive (to each job's deadline, "
                    + "where it has one) "
                    + "(default: ${DEFAULT-VALUE}).")
    String policy;

    @Option(names = "--qos", defaultValue = "salamander", paramLabel = "none|salamander|cuckoo",
            description = "The QoS controller: salamander (throttle CPU, kill on RAM; Salamander's Algorithm 3) or "
                    + "cuckoo (kill on any violation) runs as the QoS stage, publishing on qos.actions, and the "
                    + "simulated nodes obey the same controller; none runs neither (default: ${DEFAULT-VALUE}).")
    String qos;

    @Option(names = "--heartbeat-period-ms", defaultValue = "3000", paramLabel = "MS",
            description = "Event time between heartbeat rounds of the simulated nodes (default: ${DEFAULT-VALUE}).")
    long heartbeatPeriodMs;

    @Option(names = "--commit-interval-ms", defaultValue = "" + DemoSettings.DEFAULT_COMMIT_INTERVAL_MS,
            paramLabel = "MS",
            description = "The planner's commit interval; each lockstep round waits for one commit, so this bounds "
                    + "the demo's speed (default: ${DEFAULT-VALUE}; Kafka's exactly-once default is 100).")
    long commitIntervalMs;

    @Mixin
    WorkloadOptions workloadOptions;

    @Mixin
    NodeFailureOptions nodeFailures;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        long started = System.nanoTime();
        var users = workloadOptions.users(spec);
        workloadOptions.check(spec);
        Optional<QosMode> controller;
        try {
            controller = SimulationSettings.parseQos(qos);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--qos: " + e.getMessage());
        }
        var settings = new DemoSettings(jobs, seed, cluster, trace, PolicyName.parse(policy),
                Duration.ofMillis(heartbeatPeriodMs), commitIntervalMs, users.assignment(), users.pools(),
                (clusterSpec, trace) -> workloadOptions.owners(spec, clusterSpec, trace, seed), controller)
                .withFailures(nodeFailures.failures(checkClusterAndTrace()));
        var embedded = new EmbeddedOptions();
        embedded.dataDir = dataDir.resolve("demo");
        embedded.fresh = true;
        embedded.brokerPort = brokerPort;
        var out = spec.commandLine().getOut();
        try (var environment = KafkaEnvironment.withRegistry(kafka, embedded, registry);
             var view = http.serve(environment, kafka.topics(), out)) {
            out.println("bootstrap.servers=" + environment.bootstrapServers());
            out.println("schema.registry.url=" + environment.registryConfig().urls().get(0));
            out.flush();
            var bar = new ProgressBar(spec.commandLine().getErr(), "jobs", jobs);
            var outcome = new DemoRun(environment.bootstrapServers(), environment.clientProperties(), kafka.topics(),
                    environment.registryConfig(), environment.registryClient(), embedded.dataDir.resolve("state"))
                    .run(settings, progress -> bar.update(progress.jobsCompleted(),
                            "round " + progress.rounds() + ", event time " + progress.virtualTime()));
            bar.finish();
            print(out, settings, outcome, Duration.ofNanos(System.nanoTime() - started));
            http.holdUntilStopped(out);
            return outcome.report().jobsUnfinished() == 0 ? 0 : 2;
        }
    }

    /**
     * Refuses, before the broker starts, a --cluster that is neither a preset nor a YAML file that parses, and a
     * --trace that is missing or whose first rows hold no SWIM job; the cluster otherwise.
     */
    private ClusterSpec checkClusterAndTrace() {
        ClusterSpec resolved;
        try {
            resolved = ClusterPresets.resolve(cluster);
        } catch (IllegalArgumentException | UncheckedIOException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--cluster: " + e.getMessage()
                    + (e.getCause() instanceof IOException io ? ": " + io.getMessage() : ""));
        }
        if (!TraceFiles.exists(trace)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--trace: no such file: " + trace);
        }
        try {
            TraceFiles.checkParses(SwimTraceReader.open(trace, SwimJobRule.defaults(), jobs), "a SWIM job");
        } catch (IOException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--trace: cannot read " + trace + ": "
                    + e.getMessage());
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--trace: " + e.getMessage());
        }
        return resolved;
    }

    private void print(PrintWriter out, DemoSettings settings, DemoRun.Outcome outcome, Duration wall) {
        var topics = kafka.topics();
        var report = outcome.report();
        out.println();
        out.printf(Locale.ROOT, "Gleaner demo: first %d jobs of %s on %s, policy %s, seed %d%n", settings.jobs(),
                settings.trace(), report.cluster(), settings.policy().configValue(), settings.seed());
        out.println(workloadOptions.describe(workloadOptions.users(spec)));
        if (settings.failures().any()) {
            out.println("node failures: " + settings.failures().describe());
        }
        out.println(report.summary());
        out.printf(Locale.ROOT, "trace rows dead-lettered: %d%n", outcome.deadLetteredRows());
        out.println();
        out.printf(Locale.ROOT, "%-32s %10s%n", "topic", "records");
        outcome.recordsByTopic().forEach((topic, records) -> out.printf(Locale.ROOT, "%-32s %10d%n", topic, records));
        long plannerIn = outcome.records(topics.jobsSubmitted().name())
                + outcome.records(topics.nodesHeartbeats().name()) + outcome.records(topics.tasksReports().name());
        long plannerOut = outcome.records(topics.placements().name());
        double lockstepSeconds = outcome.lockstepWallTime().toMillis() / 1000.0;
        out.println();
        out.printf(Locale.ROOT, "planner: %d records in, %d placements out in %.1f s of lockstep: %.0f records/s, "
                        + "%.1f ms per round%n", plannerIn, plannerOut, lockstepSeconds,
                (plannerIn + plannerOut) / lockstepSeconds, 1000 * lockstepSeconds / Math.max(1, report.rounds()));
        out.printf(Locale.ROOT, "classifier: %d job profiles published on %s%n",
                outcome.records(topics.jobsProfiles().name()), topics.jobsProfiles().name());
        out.printf(Locale.ROOT, "wall time: %.1f s%n", wall.toMillis() / 1000.0);
        out.flush();
    }
}
