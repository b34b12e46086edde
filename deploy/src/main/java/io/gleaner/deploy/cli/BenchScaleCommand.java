package io.gleaner.deploy.cli;

import io.gleaner.classifier.ClassifierApp;
import io.gleaner.deploy.demo.DemoRun;
import io.gleaner.deploy.executorbench.ExecutorBench;
import io.gleaner.deploy.executorbench.ExecutorBenchSettings;
import io.gleaner.deploy.scalebench.GroupOffsets;
import io.gleaner.deploy.scalebench.ScaleInterval;
import io.gleaner.deploy.scalebench.ScaleReading;
import io.gleaner.deploy.scalebench.UtilizationFeed;
import io.gleaner.forecaster.ForecasterApp;
import io.gleaner.planner.PlannerConfig;
import io.gleaner.qos.QosApp;
import io.gleaner.runtime.StageApp;
import io.gleaner.runtime.StageSettings;
import io.gleaner.schemas.avro.UtilizationSample;
import io.gleaner.schemas.serde.AvroSerializer;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code gleaner bench-scale}: the stages at many nodes through Kafka, with {@link ExecutorBench}'s nodes and jobs.
 * Beside {@code bench-executor} rather than under a {@code bench} parent, so that {@code gleaner bench-executor} keeps
 * working as documented.
 */
@Command(name = "bench-scale", mixinStandardHelpOptions = true,
        description = {"Run the stages at --nodes simulated nodes through Kafka and print, every --report-every and "
                + "for the whole measured time: heartbeats per second, heartbeat-to-placement latency p50/p99/max "
                + "(the time from sending the heartbeat a placement answers to receiving it, read_committed), "
                + "placements per second, the process's CPU per placement and in cores, the heap in use, the "
                + "machine's load average, and for each stage the records per second it commits and its consumer "
                + "lag (end offsets minus its group's committed offsets, read with the Admin client).",
                "The nodes are bench-executor's (one producer and one scheduler thread for all of them, not a "
                        + "thread each): each heartbeats every --heartbeat-ms with what its fake attempts leave "
                        + "free; --jobs seeded jobs go in evenly over warm-up and duration. With forecaster or qos "
                        + "among --stages each node also sends its CPU and memory use every --sample-ms.",
                "Without --bootstrap-servers an embedded broker and registry start in this process (use "
                        + "--fresh), and the CPU and heap figures include them and the nodes. The stages run "
                        + "in-process as gleaner run starts them; the planner as --instances Kafka Streams "
                        + "instances of one application id. See docs/scale.md."})
final class BenchScaleCommand implements Callable<Integer> {

    /** The nodes' and tasks' shape: bench-executor's defaults, so that the two benches' figures compare. */
    private static final double NODE_CPUS = 4;
    private static final long NODE_MEMORY_BYTES = 16L << 30;
    private static final int NODE_SLOTS = 4;
    private static final double TASK_CPUS = 1;
    private static final long TASK_MEMORY_BYTES = 2L << 30;
    private static final Duration TASK_MIN = Duration.ofMillis(500);
    private static final Duration TASK_MAX = Duration.ofMillis(2000);
    private static final int MAX_MAPS = 20;
    private static final int MAX_REDUCES = 4;

    @Mixin
    KafkaOptions kafka;

    @Mixin
    EmbeddedOptions embedded;

    @Mixin
    RegistryOptions registry;

    @Mixin
    PlannerOptions planner;

    @Mixin
    ForecasterOptions forecaster;

    @Mixin
    ForecasterModelOption forecasterModel;

    @Mixin
    ClassifierOptions classifier;

    @Mixin
    QosOptions qos;

    @Mixin
    EventTimeOption eventTimes;

    @Option(names = "--nodes", defaultValue = "1000", description = "Simulated nodes (default: ${DEFAULT-VALUE}).")
    int nodes;

    @Option(names = "--instances", defaultValue = "1",
            description = "Planner instances: Kafka Streams instances of one application id in this process, each "
                    + "with its own instance id and state directory. With one cell one of them is active and the "
                    + "others idle or standbys (default: ${DEFAULT-VALUE}).")
    int instances;

    @Option(names = "--stages", split = ",", defaultValue = "planner", paramLabel = "STAGE[,STAGE...]",
            description = "Stages to run in-process: ${COMPLETION-CANDIDATES}; a stage left out may run elsewhere "
                    + "against --bootstrap-servers, its lag is then not shown (default: ${DEFAULT-VALUE}).")
    List<RunCommand.Stage> stages;

    @Option(names = "--heartbeat-ms", defaultValue = "3000", paramLabel = "MS",
            description = "Each node's heartbeat period (default: ${DEFAULT-VALUE}).")
    long heartbeatMs;

    @Option(names = "--sample-ms", defaultValue = "60000", paramLabel = "MS",
            description = "Each node's utilization period, when forecaster or qos runs: a CPU and a memory sample "
                    + "(default: ${DEFAULT-VALUE}).")
    long sampleMs;

    @Option(names = "--warm-up", defaultValue = "PT10S", paramLabel = "DURATION",
            description = "Time before measuring, ISO-8601; its placements are not counted (default: "
                    + "${DEFAULT-VALUE}).")
    Duration warmUp;

    @Option(names = "--duration", defaultValue = "PT60S", paramLabel = "DURATION",
            description = "Measured time after the warm-up, ISO-8601 (default: ${DEFAULT-VALUE}).")
    Duration duration;

    @Option(names = "--report-every", defaultValue = "PT10S", paramLabel = "DURATION",
            description = "How often a line of figures is printed, ISO-8601 (default: ${DEFAULT-VALUE}).")
    Duration reportEvery;

    @Option(names = "--jobs", defaultValue = "1000",
            description = "Synthetic jobs submitted evenly over warm-up and duration, each 1..20 maps and 0..4 "
                    + "reduces of 1 core and 2 GiB running 0.5..2 s (default: ${DEFAULT-VALUE}).")
    int jobs;

    @Option(names = "--seed", defaultValue = "0", description = "Seed of job sizes, attempt times and samples "
            + "(default: ${DEFAULT-VALUE}).")
    long seed;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        ExecutorBenchSettings settings;
        try {
            if (instances < 1 || sampleMs < 1 || reportEvery.toMillis() < 1) {
                throw new IllegalArgumentException("--instances, --sample-ms and --report-every must be positive, "
                        + "were " + instances + ", " + sampleMs + ", " + reportEvery);
            }
            settings = new ExecutorBenchSettings(nodes, Duration.ofMillis(heartbeatMs), warmUp, duration, jobs, seed,
                    NODE_CPUS, NODE_MEMORY_BYTES, NODE_SLOTS, TASK_CPUS, TASK_MEMORY_BYTES, TASK_MIN, TASK_MAX,
                    MAX_MAPS, MAX_REDUCES);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        var out = spec.commandLine().getOut();
        var runtime = Runtime.getRuntime();
        out.printf(Locale.ROOT, "machine: %d cores, Java %s (%s), max heap %d MiB, %s %s, load average %.2f%n",
                runtime.availableProcessors(), Runtime.version(), System.getProperty("java.vm.name"),
                runtime.maxMemory() >> 20, System.getProperty("os.name"), System.getProperty("os.arch"),
                ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
        boolean samples = stages.contains(RunCommand.Stage.forecaster) || stages.contains(RunCommand.Stage.qos);
        out.printf(Locale.ROOT, "settings: nodes=%d cells=%d instances=%d stages=%s heartbeat-ms=%d sample-ms=%s "
                        + "warm-up=%s duration=%s jobs=%d seed=%d%n", nodes,
                PlannerConfig.from(planner.properties()).cells().cells(), instances,
                stages.stream().map(Enum::name).collect(Collectors.joining(",")), heartbeatMs,
                samples ? String.valueOf(sampleMs) : "none", warmUp, duration, jobs, seed);
        out.printf(Locale.ROOT, "kafka: %s, planner policy %s%n", kafka.bootstrapServers().orElse("embedded broker"),
                PlannerConfig.from(planner.properties()).policy().configValue());
        out.flush();
        try (var environment = KafkaEnvironment.withRegistry(kafka, embedded, registry)) {
            RunCommand.createCatalogueTopics(environment, kafka);
            var groups = new LinkedHashMap<String, String>();
            var apps = new ArrayList<StageApp>();
            try {
                build(environment, apps, groups);
                apps.forEach(StageApp::start);
                for (var app : apps) {
                    DemoRun.awaitRunning("stage", app::state);
                }
                measure(environment, settings, groups, samples, out);
            } finally {
                for (int i = apps.size() - 1; i >= 0; i--) {
                    apps.get(i).close();
                }
            }
        }
        return 0;
    }

    /**
     * The stages as {@code gleaner run} builds them, into {@code apps}, and each stage's consumer group (its
     * application id) into {@code groups}; the planner {@link #instances} times.
     */
    private void build(KafkaEnvironment environment, List<StageApp> apps, Map<String, String> groups) {
        UnaryOperator<StageSettings> stage = s -> eventTimes.applyTo(s)
                .withClientProperties(environment.clientProperties());
        if (stages.contains(RunCommand.Stage.planner)) {
            for (int i = 0; i < instances; i++) {
                var instance = "bench-planner-" + i;
                var app = RunCommand.planner(planner, s -> eventTimes.applyTo(s.withInstanceId(instance)
                        .withStateDir(s.stateDir().resolve(instance))), environment, kafka, embedded);
                apps.add(app);
            }
            groups.put("planner", planner.config(environment.bootstrapServers(), kafka.topicPrefix,
                    environment.registryConfig(), embedded.dataDir).stage().applicationId());
        }
        if (stages.contains(RunCommand.Stage.forecaster)) {
            var config = forecaster.config(environment.bootstrapServers(), kafka.topicPrefix,
                    environment.registryConfig(), embedded.dataDir).withStage(stage);
            var reacting = forecasterModel.reaction().map(config.settings()::withReaction);
            apps.add(new ForecasterApp(reacting.map(config::withSettings).orElse(config),
                    environment.registryClient(), forecasterModel.orDefault()));
            groups.put("forecaster", config.stage().applicationId());
        }
        if (stages.contains(RunCommand.Stage.classifier)) {
            var config = classifier.config(environment.bootstrapServers(), kafka.topicPrefix,
                    environment.registryConfig(), embedded.dataDir).withStage(stage);
            apps.add(new ClassifierApp(config, environment.registryClient()));
            groups.put("classifier", config.stage().applicationId());
        }
        if (stages.contains(RunCommand.Stage.qos)) {
            var config = qos.config(environment.bootstrapServers(), kafka.topicPrefix, environment.registryConfig(),
                    embedded.dataDir).withStage(stage);
            apps.add(new QosApp(config, environment.registryClient()));
            groups.put("qos", config.stage().applicationId());
        }
    }

    /** Runs the nodes (and their samples) while a scheduler prints a line every {@link #reportEvery}. */
    private void measure(KafkaEnvironment environment, ExecutorBenchSettings settings, Map<String, String> groups,
                         boolean samples, PrintWriter out) throws Exception {
        var bench = new ExecutorBench(settings, kafka.topics(), environment.clientConfig(),
                environment.registryClient(), InstantSource.system());
        var reporter = Executors.newSingleThreadScheduledExecutor(r -> new Thread(r, "bench-scale-report"));
        try (var admin = Admin.create(environment.clientConfig());
             var producer = new KafkaProducer<>(environment.clientConfig(Map.of(
                     ProducerConfig.CLIENT_ID_CONFIG, "gleaner-bench-scale-utilization")),
                     new StringSerializer(), new ByteArraySerializer());
             var feed = new UtilizationFeed(producer, kafka.topics().nodesUtilization().name(),
                     new AvroSerializer<>(UtilizationSample.class, environment.registryClient()),
                     ExecutorBench::nodeId, nodes, Duration.ofMillis(sampleMs), seed, InstantSource.system())) {
            var offsets = new GroupOffsets(admin);
            var start = read(bench, offsets, groups, 0);
            var last = new AtomicReference<>(start);
            var measuredFrom = new AtomicReference<ScaleReading>();
            var peakHeap = new long[] {start.heapBytes()};
            var maxLag = new LinkedHashMap<String, Long>();
            out.printf(Locale.ROOT, "every %s (the first %s is warm-up, its latencies not counted):%n", reportEvery,
                    warmUp);
            out.flush();
            reporter.scheduleAtFixedRate(() -> {
                try {
                    var previous = last.get();
                    var now = read(bench, offsets, groups, previous.progress().latencies());
                    var interval = ScaleInterval.between(previous, now);
                    last.set(now);
                    if (measuredFrom.get() == null && now.nanos() - start.nanos() >= warmUp.toNanos()) {
                        measuredFrom.set(now);
                    }
                    peakHeap[0] = Math.max(peakHeap[0], now.heapBytes());
                    interval.lag().forEach((group, lag) -> maxLag.merge(group, lag, Math::max));
                    long seconds = (now.nanos() - start.nanos()) / 1_000_000_000L;
                    out.println(line(String.format(Locale.ROOT, "%4d s", seconds), interval));
                    out.flush();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } catch (RuntimeException e) {
                    out.println("  reading failed: " + e.getMessage());
                    out.flush();
                }
            }, reportEvery.toMillis(), reportEvery.toMillis(), TimeUnit.MILLISECONDS);
            if (samples) {
                feed.start();
            }
            var result = bench.run();
            reporter.shutdown();
            reporter.awaitTermination(30, TimeUnit.SECONDS);
            var end = read(bench, offsets, groups, 0);
            var from = Optional.ofNullable(measuredFrom.get()).orElse(start);
            var whole = ScaleInterval.between(from, end);
            BenchExecutorCommand.print(out, result);
            if (samples) {
                out.printf(Locale.ROOT, "utilization samples sent: %d (x%d records)%n", feed.sent(),
                        UtilizationFeed.METRICS.size());
            }
            out.println(line("measured", whole));
            out.printf(Locale.ROOT, "peak heap %d MiB; max lag %s%n", Math.max(peakHeap[0], end.heapBytes()) >> 20,
                    maxLag);
            out.flush();
        } finally {
            reporter.shutdownNow();
        }
    }

    private ScaleReading read(ExecutorBench bench, GroupOffsets offsets, Map<String, String> groups, int fromLatency)
            throws InterruptedException {
        var positions = new LinkedHashMap<String, GroupOffsets.Position>();
        for (var group : groups.entrySet()) {
            positions.put(group.getKey(), offsets.position(group.getValue()));
        }
        var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        return new ScaleReading(System.nanoTime(), os.getProcessCpuTime(), streamsCpuNanos(),
                ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed(), os.getSystemLoadAverage(),
                bench.progress(fromLatency), positions);
    }

    /**
     * The CPU time of this JVM's Kafka Streams threads (stream and global threads, by the names Kafka Streams gives
     * them), live ones only: the stages' own work, without the broker's, the registry's and the simulated nodes'.
     */
    private static long streamsCpuNanos() {
        var threads = ManagementFactory.getThreadMXBean();
        long total = 0;
        for (var info : threads.getThreadInfo(threads.getAllThreadIds())) {
            if (info != null && info.getThreadName().contains("StreamThread-")) {
                total += Math.max(0, threads.getThreadCpuTime(info.getThreadId()));
            }
        }
        return total;
    }

    private static String line(String label, ScaleInterval interval) {
        var latency = interval.latency();
        var stages = new TreeSet<>(interval.lag().keySet()).stream()
                .map(stage -> String.format(Locale.ROOT, "%s %.0f/s lag %d", stage,
                        interval.committedPerSecond().get(stage), interval.lag().get(stage)))
                .collect(Collectors.joining(", "));
        return String.format(Locale.ROOT, "%s: heartbeats/s=%.0f placements/s=%.1f latency ms p50=%.1f p99=%.1f "
                        + "max=%.1f (n=%d) cpu/placement=%.2f ms cpu=%.2f cores streams=%.2f cores "
                        + "(%.3f ms/heartbeat) heap=%d MiB load=%.2f | %s",
                label, interval.heartbeatsPerSecond(), interval.placementsPerSecond(), latency.p50Ms(),
                latency.p99Ms(), latency.maxMs(), latency.count(), interval.cpuMsPerPlacement(), interval.cpuCores(),
                interval.streamsCores(), interval.streamsCpuMsPerHeartbeat(), interval.heapBytes() >> 20,
                interval.loadAverage(), stages);
    }
}
