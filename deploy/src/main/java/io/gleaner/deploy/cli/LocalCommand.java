package io.gleaner.deploy.cli;

import io.gleaner.agent.Agent;
import io.gleaner.agent.AgentSettings;
import io.gleaner.agent.host.NodeShare;
import io.gleaner.agent.host.ProcFs;
import io.gleaner.deploy.demo.DemoRun;
import io.gleaner.deploy.local.WordCountJob;
import io.gleaner.qos.QosApp;
import io.gleaner.runtime.StageApp;
import io.gleaner.schemas.avro.JobEventType;
import io.gleaner.schemas.avro.JobSubmitted;
import io.gleaner.schemas.avro.TaskReport;
import io.gleaner.schemas.avro.TaskState;
import io.gleaner.schemas.serde.AvroSerializer;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.function.Predicate;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code gleaner local}: Gleaner and N node agents on this machine, running a real word count. */
@Command(name = "local", mixinStandardHelpOptions = true,
        description = {"Start the embedded broker and registry, the planner (and, with --qos stage, the QoS "
                + "stage), and --agents node agents in this JVM, each on an equal slice of this machine's cores "
                + "and RAM; submit the word count of examples/wordcount (maps count their chunk of a bundled "
                + "public-domain text, reduces merge the counts, each a Java single-file program run as a process); "
                + "print where each attempt ran and the job's result; exit 0 when the result equals the count "
                + "computed in this JVM. See docs/agent.md."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:the job succeeded and its output is correct",
                "1:the job failed, timed out or its output is wrong (the difference on stdout), or an error",
                "2:bad options (with the usage)"})
final class LocalCommand implements Callable<Integer> {

    @Mixin
    KafkaOptions kafka;

    @Mixin
    EmbeddedOptions embedded;

    @Mixin
    HttpOptions http;

    @Mixin
    RegistryOptions registry;

    @Mixin
    PlannerOptions planner;

    @Mixin
    EventTimeOption eventTimes;

    @Mixin
    AgentOptions agent;

    @Mixin
    QosOptions qos;

    @Option(names = "--agents", defaultValue = "3", description = "Node agents to start (default: ${DEFAULT-VALUE}).")
    int agents;

    @Option(names = "--maps", defaultValue = "4", description = "Map tasks (default: ${DEFAULT-VALUE}).")
    int maps;

    @Option(names = "--reduces", defaultValue = "2", description = "Reduce tasks (default: ${DEFAULT-VALUE}).")
    int reduces;

    @Option(names = "--task-cpus", defaultValue = "0.25",
            description = "Cores each task holds (default: ${DEFAULT-VALUE}).")
    double taskCpus;

    @Option(names = "--task-memory", defaultValue = "256MiB", paramLabel = "SIZE",
            description = "RAM each task holds (default: ${DEFAULT-VALUE}).")
    String taskMemory;

    @Option(names = "--timeout", defaultValue = "PT3M", paramLabel = "DURATION",
            description = "Longest wait for the job, ISO-8601 (default: ${DEFAULT-VALUE}).")
    Duration timeout;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (agents < 1) {
            throw new ParameterException(spec.commandLine(), "--agents must be >= 1, was " + agents);
        }
        long taskBytes;
        WordCountJob wordCount;
        try {
            taskBytes = AgentOptions.bytes("--task-memory", taskMemory);
            wordCount = WordCountJob.prepare(embedded.dataDir.resolve("wordcount"), maps, reduces);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        var out = spec.commandLine().getOut();
        try (var environment = KafkaEnvironment.withRegistry(kafka, embedded, registry);
             var view = http.serve(environment, kafka.topics(), out)) {
            RunCommand.createCatalogueTopics(environment, kafka);
            var stages = new ArrayList<StageApp>();
            var running = new ArrayList<Agent>();
            try {
                var plannerApp = RunCommand.planner(planner, eventTimes::applyTo, environment, kafka, embedded);
                stages.add(plannerApp);
                var qosConfig = qos.config(environment.bootstrapServers(), kafka.topicPrefix,
                        environment.registryConfig(), embedded.dataDir)
                        .withStage(s -> s.withClientProperties(environment.clientProperties()));
                // Built before any agent starts, so that a bad setting costs nothing.
                var settings = new ArrayList<AgentSettings>();
                int cores = Runtime.getRuntime().availableProcessors();
                long memory = ProcFs.system().memory().totalBytes();
                for (int i = 1; i <= agents; i++) {
                    settings.add(agent.settings("local-" + i, (double) cores / agents, memory / agents, qosConfig));
                }
                if (settings.get(0).qos() == AgentSettings.Qos.STAGE) {
                    stages.add(new QosApp(qosConfig.withStage(eventTimes::applyTo), environment.registryClient()));
                }
                stages.forEach(StageApp::start);
                DemoRun.awaitRunning("planner", plannerApp::state);
                // One share: the agents count one another's attempts as Gleaner's, not as the owners'.
                var share = new NodeShare();
                for (var s : settings) {
                    var started = Agent.start(s, kafka.topics(), environment.clientConfig(),
                            environment.registryClient(), share, InstantSource.system());
                    running.add(started);
                    AgentCommand.printStart(out, s, started);
                }
                return run(environment, wordCount, taskBytes);
            } finally {
                for (var a : running) {
                    a.close();
                }
                for (int i = stages.size() - 1; i >= 0; i--) {
                    stages.get(i).close();
                }
            }
        }
    }

    private int run(KafkaEnvironment environment, WordCountJob wordCount, long taskBytes) {
        var out = spec.commandLine().getOut();
        var topics = kafka.topics();
        var now = Instant.now();
        var jobId = "wordcount-" + now.toEpochMilli();
        var java = ProcessHandle.current().info().command().orElse("java");
        var job = wordCount.job(jobId, now, java, taskCpus, taskBytes);
        var err = spec.commandLine().getErr();
        Predicate<String> ours = jobId::equals;
        try (var reports = new CommittedReader<>(environment, topics.tasksReports(), err);
             var events = new CommittedReader<>(environment, topics.jobsEvents(), err);
             var producer = new KafkaProducer<>(environment.clientConfig(),
                     new StringSerializer(), new ByteArraySerializer())) {
            reports.assign(reports.partitions(), false);
            events.assign(events.partitions(), false);
            var serializer = new AvroSerializer<>(JobSubmitted.class, environment.registryClient());
            producer.send(new ProducerRecord<>(topics.jobsSubmitted().name(), null, now.toEpochMilli(), jobId,
                    serializer.serialize(topics.jobsSubmitted().name(), job)));
            producer.flush();
            out.printf(Locale.ROOT, "submitted %s: %d maps, %d reduces over %s%n", jobId, maps, reduces,
                    WordCountJob.class.getSimpleName());
            out.flush();
            var launched = new HashMap<String, TaskReport>();
            var nodesUsed = new TreeMap<String, Integer>();
            long deadline = System.nanoTime() + timeout.toNanos();
            while (System.nanoTime() < deadline) {
                reports.poll(ours).forEach(report -> print(report, launched, nodesUsed));
                for (var event : events.poll(ours)) {
                    if (event.getType() == JobEventType.SUCCEEDED) {
                        // The last attempts' reports were committed before the event that they completed the job.
                        var end = reports.endOffsets();
                        while (!reports.reached(end)) {
                            reports.poll(ours).forEach(report -> print(report, launched, nodesUsed));
                        }
                        return check(wordCount, jobId, nodesUsed);
                    }
                    if (event.getType() == JobEventType.FAILED || event.getType() == JobEventType.REJECTED) {
                        out.printf(Locale.ROOT, "job %s %s: %s%n", jobId, event.getType(), event.getReason());
                        return 1;
                    }
                }
            }
            out.printf(Locale.ROOT, "job %s did not end within %s%n", jobId, timeout);
            return 1;
        }
    }

    private void print(TaskReport report, Map<String, TaskReport> launched, Map<String, Integer> nodesUsed) {
        var out = spec.commandLine().getOut();
        var id = report.getDecisionId();
        if (report.getState() == TaskState.LAUNCHED) {
            launched.put(id, report);
            return;
        }
        var start = launched.remove(id);
        double seconds = start == null ? 0
                : Duration.between(start.getTime(), report.getTime()).toMillis() / 1000.0;
        if (report.getState() == TaskState.SUCCEEDED) {
            nodesUsed.merge(report.getNodeId(), 1, Integer::sum);
        }
        out.printf(Locale.ROOT, "attempt %-40s on %-8s %-9s %5.1f s%s%n", id, report.getNodeId(),
                report.getState(), seconds, report.getReason() == null ? "" : "  " + report.getReason());
        out.flush();
    }

    private int check(WordCountJob wordCount, String jobId, Map<String, Integer> nodesUsed) {
        var out = spec.commandLine().getOut();
        var expected = wordCount.expected();
        var result = wordCount.result(jobId);
        long words = result.values().stream().mapToLong(Long::longValue).sum();
        out.printf(Locale.ROOT, "job %s SUCCEEDED; succeeded attempts by node: %s%n", jobId, nodesUsed);
        out.printf(Locale.ROOT, "result: %d words, %d distinct; most frequent: %s%n", words, result.size(),
                String.join(", ", WordCountJob.top(result, 8)));
        out.printf(Locale.ROOT, "output: %s%n", embedded.dataDir.resolve("wordcount").resolve("output")
                .resolve(jobId).toAbsolutePath());
        if (result.equals(expected)) {
            out.println("the output equals the count computed in the JVM");
            out.flush();
            return 0;
        }
        var differing = new TreeSet<String>(expected.keySet());
        differing.addAll(result.keySet());
        differing.removeIf(word -> expected.get(word) != null && expected.get(word).equals(result.get(word)));
        out.printf(Locale.ROOT, "the output differs from the count computed in the JVM on %d words: %s%n",
                differing.size(), differing.stream().limit(20).map(w -> w + " expected " + expected.get(w)
                        + " got " + result.get(w)).toList());
        out.flush();
        return 1;
    }
}
