package io.gleaner.deploy.cli;

import io.gleaner.deploy.demo.DemoRun;
import io.gleaner.deploy.executorbench.ExecutorBench;
import io.gleaner.deploy.executorbench.ExecutorBenchSettings;
import io.gleaner.planner.PlannerConfig;
import io.gleaner.runtime.StageApp;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.time.InstantSource;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.TopicPartition;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code gleaner bench-executor}: heartbeat-to-placement latency and double-booking, from the executor's side. */
@Command(name = "bench-executor", mixinStandardHelpOptions = true,
        description = {"Simulate --nodes nodes from the executor's side on real Kafka clients and measure, for every "
                + "placement, the time from sending the heartbeat it answers (its epoch) to receiving it "
                + "(read_committed), and count the placements that did not fit the node's real spare capacity when "
                + "they arrived (double-booked). Each node heartbeats every --heartbeat-ms with its running attempts "
                + "and free = capacity minus what they hold; each placement runs as a fake attempt for a seeded "
                + "time, reported LAUNCHED then SUCCEEDED; --jobs seeded jobs are submitted evenly over the run.",
                "Without --bootstrap-servers an embedded broker and registry start, and the planner stage runs "
                        + "in-process as gleaner run starts it (use --fresh). With --no-planner, a planner already "
                        + "running against that Kafka answers. Prints the machine, the settings and the numbers, in "
                        + "total and per 10 s (a latency that climbs from one to the next is a backlog); the "
                        + "placements received in the --warm-up are handled but not counted."})
final class BenchExecutorCommand implements Callable<Integer> {

    @Mixin
    KafkaOptions kafka;

    @Mixin
    EmbeddedOptions embedded;

    @Mixin
    RegistryOptions registry;

    @Mixin
    PlannerOptions planner;

    @Mixin
    EventTimeOption eventTimes;

    @Option(names = "--nodes", defaultValue = "100", description = "Simulated nodes (default: ${DEFAULT-VALUE}).")
    int nodes;

    @Option(names = "--heartbeat-ms", defaultValue = "1000", paramLabel = "MS",
            description = "Each node's heartbeat period (default: ${DEFAULT-VALUE}).")
    long heartbeatMs;

    @Option(names = "--duration", defaultValue = "PT60S", paramLabel = "DURATION",
            description = "Measured time after the warm-up, ISO-8601 (default: ${DEFAULT-VALUE}).")
    Duration duration;

    @Option(names = "--warm-up", defaultValue = "PT5S", paramLabel = "DURATION",
            description = "Time before measuring, ISO-8601 (default: ${DEFAULT-VALUE}).")
    Duration warmUp;

    @Option(names = "--jobs", defaultValue = "2000",
            description = "Jobs submitted evenly over warm-up and duration; about 0.25 per node and second keeps the "
                    + "default nodes busy (default: ${DEFAULT-VALUE}).")
    int jobs;

    @Option(names = "--seed", defaultValue = "0", description = "Seed of job sizes and attempt times "
            + "(default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--node-cpus", defaultValue = "4", description = "Cores per node (default: ${DEFAULT-VALUE}).")
    double nodeCpus;

    @Option(names = "--node-memory-gb", defaultValue = "16",
            description = "RAM per node in GiB (default: ${DEFAULT-VALUE}).")
    long nodeMemoryGb;

    @Option(names = "--node-slots", defaultValue = "4", description = "Slots per node (default: ${DEFAULT-VALUE}).")
    int nodeSlots;

    @Option(names = "--task-cpus", defaultValue = "1", description = "Cores per task (default: ${DEFAULT-VALUE}).")
    double taskCpus;

    @Option(names = "--task-memory-gb", defaultValue = "2",
            description = "RAM per task in GiB (default: ${DEFAULT-VALUE}).")
    long taskMemoryGb;

    @Option(names = "--task-min-ms", defaultValue = "500",
            description = "Shortest attempt (default: ${DEFAULT-VALUE}).")
    long taskMinMs;

    @Option(names = "--task-max-ms", defaultValue = "2000",
            description = "Longest attempt (default: ${DEFAULT-VALUE}).")
    long taskMaxMs;

    @Option(names = "--max-maps-per-job", defaultValue = "20",
            description = "Maps per job are drawn from 1..this (default: ${DEFAULT-VALUE}).")
    int maxMaps;

    @Option(names = "--max-reduces-per-job", defaultValue = "4",
            description = "Reduces per job are drawn from 0..this (default: ${DEFAULT-VALUE}).")
    int maxReduces;

    @Option(names = "--planner", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "Run the planner stage in-process (default: ${DEFAULT-VALUE}); --no-planner when one "
                    + "already runs against --bootstrap-servers with the same --topic-prefix.")
    boolean runPlanner;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        ExecutorBenchSettings settings;
        try {
            settings = new ExecutorBenchSettings(nodes, Duration.ofMillis(heartbeatMs), warmUp, duration, jobs, seed,
                    nodeCpus, nodeMemoryGb << 30, nodeSlots, taskCpus, taskMemoryGb << 30,
                    Duration.ofMillis(taskMinMs), Duration.ofMillis(taskMaxMs), maxMaps, maxReduces);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        var out = spec.commandLine().getOut();
        var runtime = Runtime.getRuntime();
        out.printf(Locale.ROOT, "machine: %d cores, Java %s (%s), max heap %d MiB, %s %s%n",
                runtime.availableProcessors(), Runtime.version(), System.getProperty("java.vm.name"),
                runtime.maxMemory() >> 20, System.getProperty("os.name"), System.getProperty("os.arch"));
        out.printf(Locale.ROOT, "settings: nodes=%d heartbeat-ms=%d warm-up=%s duration=%s jobs=%d seed=%d "
                        + "node=%s cores/%d GiB/%d slots task=%s cores/%d GiB/%d..%d ms maps=1..%d reduces=0..%d%n",
                nodes, heartbeatMs, warmUp, duration, jobs, seed, nodeCpus, nodeMemoryGb, nodeSlots, taskCpus,
                taskMemoryGb, taskMinMs, taskMaxMs, maxMaps, maxReduces);
        var plannerConfig = PlannerConfig.from(planner.properties());
        out.printf(Locale.ROOT, "kafka: %s, planner %s (policy %s, commit interval %d ms), placements read_committed "
                        + "with fetch.max.wait.ms=%d, producer linger.ms=0%n",
                kafka.bootstrapServers().orElse("embedded broker"), runPlanner ? "in-process" : "external",
                plannerConfig.policy().configValue(),
                plannerConfig.stage().commitIntervalMs(), ExecutorBench.FETCH_MAX_WAIT_MS);
        out.flush();
        try (var environment = KafkaEnvironment.withRegistry(kafka, embedded, registry)) {
            RunCommand.createCatalogueTopics(environment, kafka);
            Optional<StageApp> stage = Optional.empty();
            try {
                if (runPlanner) {
                    var app = RunCommand.planner(planner, eventTimes::applyTo, environment, kafka, embedded);
                    stage = Optional.of(app);
                    app.start();
                    DemoRun.awaitRunning("planner", app::state);
                }
                // The executor's wall clock stamps its heartbeats and reports, as a real executor's does.
                var cpuBefore = processCpuNanos();
                var wallBefore = System.nanoTime();
                var result = new ExecutorBench(settings, kafka.topics(), environment.clientConfig(),
                        environment.registryClient(), InstantSource.system()).run();
                print(spec.commandLine().getOut(), result);
                printProcess(result, Duration.ofNanos(System.nanoTime() - wallBefore),
                        Duration.ofNanos(processCpuNanos() - cpuBefore));
                printPlannerLag(environment, plannerConfig.stage().applicationId());
            } finally {
                stage.ifPresent(StageApp::close);
            }
        }
        return 0;
    }

    /** This process's CPU time: the JVM's operating-system bean, where it has one. */
    private static long processCpuNanos() {
        return ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                ? os.getProcessCpuTime() : -1;
    }

    /**
     * Rates over the whole run (warm-up included), the process's CPU per attempt (each succeeded attempt was placed
     * once; the process holds the simulated nodes, and the broker, registry and planner unless they run elsewhere)
     * and its heap at the end.
     */
    private void printProcess(ExecutorBench.Result result, Duration wall, Duration cpu) {
        var out = spec.commandLine().getOut();
        double seconds = wall.toNanos() / 1e9;
        var heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
        out.printf(Locale.ROOT, "process: %.0f heartbeats/s and %.0f attempts/s over %.1f s; CPU %.1f s (%.2f cores), "
                        + "%.3f ms per attempt; heap %d MiB used of %d MiB%n", result.heartbeatsSent() / seconds,
                result.succeeded() / seconds, seconds, cpu.toNanos() / 1e9, cpu.toNanos() / 1e9 / seconds,
                result.succeeded() == 0 ? 0.0 : cpu.toNanos() / 1e6 / result.succeeded(), heap.getUsed() >> 20,
                heap.getMax() >> 20);
        out.flush();
    }

    /** What the planner has yet to commit of its inputs at the end: a lag that stays is a planner behind. */
    private void printPlannerLag(KafkaEnvironment environment, String applicationId) throws Exception {
        var topics = kafka.topics();
        try (var admin = Admin.create(environment.clientConfig())) {
            var committed = admin.listConsumerGroupOffsets(applicationId).partitionsToOffsetAndMetadata().get();
            var lag = new StringBuilder();
            for (var topic : List.of(topics.jobsSubmitted(), topics.tasksReports(), topics.nodesHeartbeats())) {
                var partition = new TopicPartition(topic.name(), 0);
                long end = admin.listOffsets(Map.of(partition, OffsetSpec.latest())).partitionResult(partition).get()
                        .offset();
                var offset = committed.get(partition);
                lag.append(lag.isEmpty() ? "" : ", ").append(topic.name()).append('=')
                        .append(end - (offset == null ? 0 : offset.offset()));
            }
            spec.commandLine().getOut().println("planner lag at the end (records not committed): " + lag);
        }
    }

    /** The bench's totals and its windows, as bench-executor prints them (bench-scale prints them too). */
    static void print(PrintWriter out, ExecutorBench.Result result) {
        var latency = result.latency();
        out.printf(Locale.ROOT, "sent: %d heartbeats, %d jobs; %d attempts succeeded%n", result.heartbeatsSent(),
                result.jobsSubmitted(), result.succeeded());
        out.printf(Locale.ROOT, "placements (after warm-up): %d received, %d matched to their heartbeat, "
                        + "%d unmatched, %d duplicates, %d for other nodes%n", result.placementsReceived(),
                latency.count(), result.unmatched(), result.duplicates(), result.foreign());
        out.printf(Locale.ROOT, "heartbeat-to-placement ms: count=%d p50=%.1f p90=%.1f p99=%.1f max=%.1f%n",
                latency.count(), latency.p50Ms(), latency.p90Ms(), latency.p99Ms(), latency.maxMs());
        out.printf(Locale.ROOT, "double-booked placements: %d of %d%n", result.doubleBooked(),
                result.placementsReceived());
        for (var window : result.windows()) {
            var w = window.latency();
            out.printf(Locale.ROOT, "  from %3d s: count=%d p50=%.1f p99=%.1f max=%.1f double-booked=%d%n",
                    window.fromSeconds(), w.count(), w.p50Ms(), w.p99Ms(), w.maxMs(), window.doubleBooked());
        }
        out.flush();
    }
}
