package io.gleaner.deploy.bench;

import io.gleaner.agent.host.ProcFs;
import io.gleaner.deploy.registry.EmbeddedSchemaRegistry;
import io.gleaner.deploy.registry.EmbeddedSchemaRegistryConfig;
import io.gleaner.deploy.topics.CatalogueTopics;
import io.gleaner.schemas.Topics;
import io.gleaner.schemas.avro.PlacementDecision;
import io.gleaner.schemas.avro.QosAction;
import io.gleaner.schemas.avro.QosActionKind;
import io.gleaner.schemas.avro.Resources;
import io.gleaner.schemas.avro.TaskKind;
import io.gleaner.schemas.avro.TaskSpec;
import io.gleaner.schemas.serde.AvroSerializer;
import io.gleaner.schemas.serde.RegistryConfig;
import io.gleaner.schemas.serde.RestSchemaRegistryClient;
import io.gleaner.schemas.testing.TestKafka;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * The node agent's own cost and its kill latency (issue 27's goals), on this machine: {@code gleaner agent} as a
 * process of its own against an in-JVM broker and registry, given {@code attempts} placements of {@code sleep}
 * (written straight to its partition of {@code placements}, so no planner shares the machine), heartbeating and
 * sampling every {@code heartbeat-ms}, measuring the owners all the same ({@code owners=none} only keeps a busy
 * machine's other work from leaving the slice nothing to offer). Once all run it prints the agent's CPU (% of one core, from its
 * {@code /proc/<pid>/stat} over {@code seconds}) and RSS, then sends {@code kills} {@code KILL_TASK} actions one at a
 * time and prints, for each, the time from the send returning to every process of the attempt's tree being gone or
 * a zombie ({@link ProcFs#runs}). {@code jvm} is the agent JVM's options (quoted, space-separated). A benchmark,
 * not a test. Run it from the repository root:
 *
 * <pre>
 * mvn -q -B -o -pl deploy -am test-compile dependency:build-classpath \
 *     -Dmdep.outputFile=target/classpath.txt -Dmdep.includeScope=test
 * java -cp deploy/target/test-classes:deploy/target/classes:$(cat deploy/target/classpath.txt) \
 *     io.gleaner.deploy.bench.AgentBenchmark attempts=20 heartbeat-ms=1000 seconds=60 kills=5
 * </pre>
 */
public final class AgentBenchmark {

    private AgentBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        var options = new java.util.HashMap<String, String>(Map.of("attempts", "20", "heartbeat-ms", "1000",
                "seconds", "60", "kills", "5",
                "owners", "none", "jvm", "-Xmx256m"));
        for (var arg : args) {
            var kv = arg.split("=", 2);
            options.put(kv[0], kv[1]);
        }
        int attempts = Integer.parseInt(options.get("attempts"));
        int seconds = Integer.parseInt(options.get("seconds"));
        int kills = Integer.parseInt(options.get("kills"));
        var dir = Files.createTempDirectory("agent-bench");
        var topics = Topics.withPrefix("bench.agent.");
        System.out.printf(Locale.ROOT, "machine: %d cores, Java %s, %s %s%n", Runtime.getRuntime()
                .availableProcessors(), Runtime.version(), System.getProperty("os.name"), System.getProperty("os.arch"));
        try (var cluster = TestKafka.start();
             var registry = new EmbeddedSchemaRegistry(EmbeddedSchemaRegistryConfig.of(cluster.bootstrapServers())
                     .withTopic("bench.agent" + EmbeddedSchemaRegistryConfig.TOPIC_SUFFIX)).start();
             var admin = Admin.create(Map.<String, Object>of("bootstrap.servers", cluster.bootstrapServers()));
             var producer = new KafkaProducer<>(Map.<String, Object>of("bootstrap.servers",
                     cluster.bootstrapServers(), "linger.ms", 0), new StringSerializer(), new ByteArraySerializer())) {
            new CatalogueTopics(admin).create(topics, Optional.empty());
            var client = new RestSchemaRegistryClient(RegistryConfig.of(registry.url()));
            var log = dir.resolve("agent.log");
            var command = new ArrayList<String>();
            command.add(ProcessHandle.current().info().command().orElse("java"));
            command.addAll(List.of(options.get("jvm").trim().split("\\s+")));
            command.addAll(List.of("-cp", System.getProperty("java.class.path"), "io.gleaner.deploy.Main", "agent",
                    "--node-id", "bench-1", "--bootstrap-servers", cluster.bootstrapServers(),
                    "--schema-registry-url", registry.url(), "--topic-prefix", topics.prefix(),
                    "--slots", Integer.toString(attempts), "--memory", "8GiB", "--cpus", "2",
                    "--heartbeat-ms", options.get("heartbeat-ms"), "--owners", options.get("owners"), "--work-dir", dir.resolve("work").toString(),
                    "--data-dir", dir.resolve("data").toString()));
            System.out.println("agent JVM options: " + options.get("jvm"));
            var agent = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            try {
                while (!Files.readString(log).contains("QoS actions")) {
                    if (!agent.isAlive()) {
                        throw new IllegalStateException("the agent stopped:\n" + Files.readString(log));
                    }
                    LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(100));
                }
                System.out.println(Files.readString(log).lines().filter(l -> l.startsWith("agent bench-1"))
                        .reduce((a, b) -> a + "\n" + b).orElse(""));
                // After its first heartbeat: a placement must answer a heartbeat of this run.
                LockSupport.parkNanos(TimeUnit.SECONDS.toNanos(2));
                var placements = new AvroSerializer<>(PlacementDecision.class, client);
                long now = System.currentTimeMillis();
                for (int i = 0; i < attempts; i++) {
                    var id = "bench/m/" + i + "/0";
                    var decision = PlacementDecision.newBuilder().setDecisionId(id).setEpoch(now).setJobId("bench")
                            .setKind(TaskKind.MAP).setTaskIndex(i).setAttempt(0).setNodeId("bench-1")
                            .setNotBefore(Instant.ofEpochMilli(now)).setPolicy("bench").setInputBytes(0)
                            .setFlopPerByte(1).setDemand(new Resources(0.05, 16L << 20))
                            .setSpec(TaskSpec.newBuilder().setCommand(List.of("sleep", "600")).build()).build();
                    producer.send(new ProducerRecord<>(topics.placements().name(), null, now, "bench-1",
                            placements.serialize(topics.placements().name(), decision)));
                }
                producer.flush();
                var work = dir.resolve("work").resolve("bench-1");
                while (pidFiles(work) < attempts) {
                    LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(50));
                }
                var proc = ProcFs.system();
                var before = proc.process(agent.pid()).orElseThrow();
                long start = System.nanoTime();
                long peakRss = 0;
                while (System.nanoTime() - start < TimeUnit.SECONDS.toNanos(seconds)) {
                    LockSupport.parkNanos(TimeUnit.SECONDS.toNanos(1));
                    peakRss = Math.max(peakRss, proc.process(agent.pid()).orElseThrow().rssBytes());
                }
                var after = proc.process(agent.pid()).orElseThrow();
                double wall = (System.nanoTime() - start) / 1e9;
                System.out.printf(Locale.ROOT, "agent with %d running attempts, heartbeat and samples every %s ms, "
                                + "over %.1f s: CPU %.2f%% of one core, RSS %d MiB now, %d MiB at most%n", attempts,
                        options.get("heartbeat-ms"), wall, 100 * (after.cpuSeconds() - before.cpuSeconds()) / wall,
                        after.rssBytes() >> 20, peakRss >> 20);
                var actions = new AvroSerializer<>(QosAction.class, client);
                var latencies = new ArrayList<Double>();
                for (int i = 0; i < kills; i++) {
                    var id = "bench/m/" + i + "/0";
                    long pid = pid(work.resolve("bench_m_" + i + "_0"));
                    var tree = new ArrayList<ProcessHandle>();
                    ProcessHandle.of(pid).ifPresent(h -> {
                        tree.add(h);
                        h.descendants().forEach(tree::add);
                    });
                    long t = System.currentTimeMillis();
                    producer.send(new ProducerRecord<>(topics.qosActions().name(), null, t, "bench-1",
                            actions.serialize(topics.qosActions().name(), new QosAction("bench-1",
                                    Instant.ofEpochMilli(t), QosActionKind.KILL_TASK, null, id, "bench")))).get();
                    long sent = System.nanoTime();
                    while (tree.stream().anyMatch(h -> proc.runs(h.pid()))) {
                        LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
                    }
                    latencies.add((System.nanoTime() - sent) / 1e6);
                }
                System.out.printf(Locale.ROOT, "KILL_TASK acknowledged by the broker to every process of the "
                        + "attempt's tree gone or a zombie, ms: %s%n", latencies.stream().map(l -> String.format(Locale.ROOT, "%.0f", l))
                        .toList());
            } finally {
                agent.destroy();
                agent.waitFor(30, TimeUnit.SECONDS);
                agent.destroyForcibly();
            }
        }
    }

    private static long pidFiles(Path work) throws Exception {
        if (!Files.isDirectory(work)) {
            return 0;
        }
        try (var dirs = Files.list(work)) {
            return dirs.filter(d -> Files.exists(d.resolve("attempt.properties"))).count();
        }
    }

    private static long pid(Path attempt) throws Exception {
        var properties = new Properties();
        try (var in = Files.newBufferedReader(attempt.resolve("attempt.properties"))) {
            properties.load(in);
        }
        return Long.parseLong(properties.getProperty("pid"));
    }
}
