package io.gleaner.deploy.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.gleaner.agent.Agent;
import io.gleaner.agent.AgentSettings;
import io.gleaner.agent.core.Slice;
import io.gleaner.agent.host.NodeShare;
import io.gleaner.agent.host.ProcFs;
import io.gleaner.agent.kafka.AvroMapping;
import io.gleaner.deploy.registry.EmbeddedSchemaRegistry;
import io.gleaner.deploy.registry.EmbeddedSchemaRegistryConfig;
import io.gleaner.deploy.topics.CatalogueTopics;
import io.gleaner.planner.PlannerApp;
import io.gleaner.planner.PlannerConfig;
import io.gleaner.planner.core.NodeLiveness;
import io.gleaner.planner.core.PolicyName;
import io.gleaner.planner.core.RetryRules;
import io.gleaner.qos.core.CpuRam;
import io.gleaner.qos.core.QosMode;
import io.gleaner.qos.core.QosSettings;
import io.gleaner.schemas.Topics;
import io.gleaner.schemas.avro.ChunkRef;
import io.gleaner.schemas.avro.DeadLetter;
import io.gleaner.schemas.avro.JobEvent;
import io.gleaner.schemas.avro.JobEventType;
import io.gleaner.schemas.avro.JobSubmitted;
import io.gleaner.schemas.avro.PlacementDecision;
import io.gleaner.schemas.avro.QosAction;
import io.gleaner.schemas.avro.QosActionKind;
import io.gleaner.schemas.avro.Resources;
import io.gleaner.schemas.avro.TaskGroup;
import io.gleaner.schemas.avro.TaskKind;
import io.gleaner.schemas.avro.TaskReport;
import io.gleaner.schemas.avro.TaskSpec;
import io.gleaner.schemas.avro.TaskState;
import io.gleaner.schemas.serde.AvroDeserializer;
import io.gleaner.schemas.serde.AvroSerializer;
import io.gleaner.schemas.serde.RegistryConfig;
import io.gleaner.schemas.serde.RestSchemaRegistryClient;
import io.gleaner.schemas.serde.SchemaRegistryClient;
import io.gleaner.schemas.testing.TestKafka;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.KafkaStreams;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The node agent against the in-JVM broker, the embedded registry and the planner, running real processes on this
 * machine: failures retried to the limit, QoS throttle and kill measured on the process, and bad input.
 */
@Tag("integration")
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class AgentIT {

    private static final long GIB = 1L << 30;

    private static TestKafka cluster;
    private static EmbeddedSchemaRegistry registry;
    private static SchemaRegistryClient client;

    private final List<AutoCloseable> open = new ArrayList<>();
    private Topics topics;

    @BeforeAll
    static void start() {
        cluster = TestKafka.start();
        registry = new EmbeddedSchemaRegistry(EmbeddedSchemaRegistryConfig.of(cluster.bootstrapServers())
                .withTopic("it.agent" + EmbeddedSchemaRegistryConfig.TOPIC_SUFFIX)).start();
        client = new RestSchemaRegistryClient(RegistryConfig.of(registry.url()));
    }

    @AfterAll
    static void stop() throws Exception {
        if (registry != null) {
            registry.close();
        }
        if (cluster != null) {
            cluster.close();
        }
    }

    @AfterEach
    void closeWhatOpened() throws Exception {
        for (int i = open.size() - 1; i >= 0; i--) {
            open.get(i).close();
        }
    }

    /** Topics of their own for each test, and the planner on them: FIFO, short backoff, no node exclusion. */
    private void stack(TestInfo test, Path dir, boolean planner) {
        topics = Topics.withPrefix("it." + test.getTestMethod().orElseThrow().getName() + ".");
        try (var admin = Admin.create(Map.<String, Object>of("bootstrap.servers", cluster.bootstrapServers()))) {
            new CatalogueTopics(admin).create(topics, Optional.empty());
        }
        if (planner) {
            var app = new PlannerApp(PlannerConfig.defaults()
                    .withPolicy(PolicyName.FIFO)
                    .withRetryRules(new RetryRules(4, Duration.ofMillis(100), Duration.ofMillis(200), 100,
                            Duration.ofMinutes(10)))
                    .withNodeLiveness(NodeLiveness.after(Duration.ofSeconds(3)))
                    .withStage(s -> s.withApplicationId("it-agent-" + topics.prefix()).withCommitIntervalMs(50)
                            .withStateDir(dir.resolve("planner-state")).withBootstrapServers(cluster.bootstrapServers())
                            .withTopicPrefix(topics.prefix()).withRegistry(RegistryConfig.of(registry.url()))),
                    client);
            app.start();
            open.add(app::close);
            await().atMost(Duration.ofSeconds(60)).until(() -> app.state() == KafkaStreams.State.RUNNING);
        }
    }

    private Agent agent(String nodeId, Path dir, double cpus) {
        return agent(nodeId, dir, cpus, AgentSettings.Qos.STAGE, AgentSettings.Owners.NONE);
    }

    private Agent agent(String nodeId, Path dir, double cpus, AgentSettings.Qos qos, AgentSettings.Owners owners) {
        var settings = new AgentSettings(nodeId, new Slice(new CpuRam(cpus, 4 * GIB), 2, 0.1, 0.1),
                dir.resolve(nodeId), Duration.ofMillis(300), qos,
                new AgentSettings.QosControllerSettings(QosMode.SALAMANDER, QosSettings.defaults()),
                new AvroMapping.NodeFacts("default-rack", List.of(), 10), System.getenv(), Optional.empty(),
                owners);
        var agent = Agent.start(settings, topics, Map.of("bootstrap.servers", cluster.bootstrapServers()), client,
                new NodeShare(), InstantSource.system());
        open.add(agent);
        return agent;
    }

    private <T extends SpecificRecord> void send(String topic, String key, long time, T value, Class<T> type) {
        try (var producer = new KafkaProducer<>(Map.<String, Object>of("bootstrap.servers",
                cluster.bootstrapServers()), new StringSerializer(), new ByteArraySerializer())) {
            producer.send(new ProducerRecord<>(topic, null, time, key,
                    new AvroSerializer<>(type, client).serialize(topic, value)));
        }
    }

    private void submit(String jobId, int maps, List<String> command, double cpus) {
        long now = System.currentTimeMillis();
        var group = TaskGroup.newBuilder().setKind(TaskKind.MAP).setCount(maps).setBytesPerTask(1000)
                .setLastTaskBytes(1000).setFlopPerByte(3100).setDemand(new Resources(cpus, 64L << 20))
                .setSpec(TaskSpec.newBuilder().setCommand(command).build()).build();
        var job = JobSubmitted.newBuilder().setJobId(jobId).setJobName("it").setSubmitTime(Instant.ofEpochMilli(now))
                .setInputBytes(1000L * maps).setShuffleBytes(0).setOutputBytes(0).setTasks(List.of(group)).build();
        send(topics.jobsSubmitted().name(), jobId, now, job, JobSubmitted.class);
    }

    /** Every record of {@code topic} so far, read_committed, decoded. */
    private <T extends SpecificRecord> List<T> read(String topic, Class<T> type) {
        var deserializer = new AvroDeserializer<>(type, client);
        try (var consumer = new KafkaConsumer<>(Map.<String, Object>of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers(),
                ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed"),
                new StringDeserializer(), new ByteArrayDeserializer())) {
            var partitions = consumer.partitionsFor(topic).stream()
                    .map(p -> new TopicPartition(topic, p.partition())).toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            var end = consumer.endOffsets(partitions);
            var values = new ArrayList<T>();
            while (partitions.stream().anyMatch(p -> consumer.position(p) < end.get(p))) {
                consumer.poll(Duration.ofMillis(100)).forEach(r -> values.add(deserializer.deserialize(topic,
                        r.value())));
            }
            return values;
        }
    }

    private List<TaskReport> reports() {
        return read(topics.tasksReports().name(), TaskReport.class);
    }

    @Test
    void shouldRetryATaskThatExitsNonZeroUpToTheLimitThenFailTheJobWithTheReason(TestInfo test, @TempDir Path dir) {
        stack(test, dir, true);
        agent("a1", dir, 1);
        submit("doomed-1", 1, List.of("sh", "-c", "echo doomed >&2; exit 7"), 0.1);

        await().atMost(Duration.ofSeconds(60)).until(() -> read(topics.jobsEvents().name(), JobEvent.class).stream()
                .anyMatch(e -> e.getType() == JobEventType.FAILED));
        var failed = read(topics.jobsEvents().name(), JobEvent.class).stream()
                .filter(e -> e.getType() == JobEventType.FAILED).findFirst().orElseThrow();
        assertThat(failed.getReason()).contains("exit code 7: doomed");
        assertThat(reports().stream().filter(r -> r.getState() == TaskState.FAILED).map(TaskReport::getDecisionId))
                .containsExactly("doomed-1/m/0/0", "doomed-1/m/0/1", "doomed-1/m/0/2", "doomed-1/m/0/3");
    }

    @Test
    void shouldThrottleAnAttemptsCpuMeasuredOnItsProcessAndKillItOnTheActions(TestInfo test, @TempDir Path dir)
            throws Exception {
        stack(test, dir, true);
        var agent = agent("a1", dir, 2);
        submit("burn-1", 1, List.of("sh", "-c", "while :; do :; done"), 1);
        var id = "burn-1/m/0/0";
        await().atMost(Duration.ofSeconds(60)).until(() -> !agent.pids(id).isEmpty());

        double free = cores(agent.pids(id), Duration.ofSeconds(2));
        long now = System.currentTimeMillis();
        send(topics.qosActions().name(), "a1", now, new QosAction("a1", Instant.ofEpochMilli(now),
                QosActionKind.THROTTLE_CPU, 0.1, null, "owners need it"), QosAction.class);
        // A few samples (every 300 ms) for the duty cycle to settle on what the limit leaves, then measure.
        await().pollDelay(Duration.ofSeconds(1)).atMost(Duration.ofSeconds(2)).until(() -> true);
        double throttled = cores(agent.pids(id), Duration.ofSeconds(3));

        // The build machine is shared: the burner gets what the other work leaves (0.48 to 1 core seen), so the
        // limit is well under that and the check is relative.
        assertThat(free).as("the burner's CPU before the throttle").isGreaterThan(0.25);
        assertThat(throttled).as("its CPU under a 0.1-core limit (was %.2f)", free).isLessThan(0.6 * free);

        var pids = agent.pids(id);
        now = System.currentTimeMillis();
        long sent = System.nanoTime();
        send(topics.qosActions().name(), "a1", now, new QosAction("a1", Instant.ofEpochMilli(now),
                QosActionKind.KILL_TASK, null, id, "owners' RAM"), QosAction.class);
        await().atMost(Duration.ofSeconds(5)).pollInterval(Duration.ofMillis(10)).until(() -> pids.stream()
                .noneMatch(ProcFs.system()::runs));
        long goneMs = (System.nanoTime() - sent) / 1_000_000;
        await().atMost(Duration.ofSeconds(10)).until(() -> reports().stream()
                .anyMatch(r -> r.getDecisionId().equals(id) && r.getState() == TaskState.KILLED));
        var killed = reports().stream().filter(r -> r.getState() == TaskState.KILLED).findFirst().orElseThrow();
        assertThat(killed.getReason()).isEqualTo("killed by the QoS controller: owners' RAM");
        assertThat(goneMs).as("from sending the kill to the process tree gone, ms").isLessThan(2000);
    }

    @Test
    void shouldThrottleAnAttemptWithTheLocalControllerWhenTheOwnersTakeTheSliceBack(TestInfo test, @TempDir Path dir)
            throws Exception {
        stack(test, dir, true);
        // A one-core slice of this machine: the owners take the cores outside it first, so only what they use
        // beyond them counts against the slice; the burners below take every core.
        var agent = agent("a1", dir, 1, AgentSettings.Qos.LOCAL, AgentSettings.Owners.MEASURED);
        submit("burn-1", 1, List.of("sh", "-c", "while :; do :; done"), 0.1);
        var id = "burn-1/m/0/0";
        await().atMost(Duration.ofSeconds(60)).until(() -> !agent.pids(id).isEmpty());
        double free = cores(agent.pids(id), Duration.ofSeconds(2));

        int cores = Runtime.getRuntime().availableProcessors();
        for (int i = 0; i < cores; i++) {
            // The owners: started by the test, not by the agent, so measured as the owners' use.
            var owner = new ProcessBuilder("sh", "-c", "while :; do :; done").start();
            open.add(owner::destroyForcibly);
        }
        // The controller ticks on the agent's measurements (every 300 ms) once the owners' use shows in two of them.
        await().pollDelay(Duration.ofSeconds(2)).atMost(Duration.ofSeconds(3)).until(() -> true);
        double throttled = cores(agent.pids(id), Duration.ofSeconds(3));

        assertThat(free).as("the burner's CPU before the owners' load").isGreaterThan(0.25);
        // Under the owners' burners alone it would still get about 1 / (cores + 1) of the machine's cores.
        assertThat(throttled).as("its CPU with the owners taking the slice (was %.2f)", free)
                .isLessThan(0.5 * cores / (cores + 1.0));
        assertThat(reports().stream().filter(r -> r.getDecisionId().equals(id)).map(TaskReport::getState))
                .containsExactly(TaskState.LAUNCHED);
    }

    /** The cores the processes {@code pids} use over {@code span}, from /proc. */
    private static double cores(List<Long> pids, Duration span) throws InterruptedException {
        var proc = ProcFs.system();
        double before = pids.stream().mapToDouble(p -> proc.process(p).map(ProcFs.ProcessUse::cpuSeconds)
                .orElse(0.0)).sum();
        long start = System.nanoTime();
        await().pollDelay(span).atMost(span.plusSeconds(1)).until(() -> true);
        double after = pids.stream().mapToDouble(p -> proc.process(p).map(ProcFs.ProcessUse::cpuSeconds)
                .orElse(0.0)).sum();
        return (after - before) / ((System.nanoTime() - start) / 1e9);
    }

    @Test
    void shouldAnswerBadPlacementsWithAReasonAndLeaveNothingRunning(TestInfo test, @TempDir Path dir) {
        stack(test, dir, false);
        var agent = agent("a1", dir, 1);
        // The agent's first heartbeat starts its run; placements must answer a heartbeat of this run.
        await().atMost(Duration.ofSeconds(30)).until(() -> !read(topics.nodesHeartbeats().name(),
                io.gleaner.schemas.avro.NodeHeartbeat.class).isEmpty());
        long now = System.currentTimeMillis();
        sendRaw(topics.placements().name(), "a1", now, new byte[] {0, 0, 0, 0, 1, 42});
        sendRaw(topics.qosActions().name(), "a1", now, "not avro".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        place("bad-1/m/0/0", "a2", List.of("true"), null, 0.1, now);
        place("bad-1/m/1/0", "a1", List.of("no-such-program-xyz"), null, 0.1, now);
        place("bad-1/m/2/0", "a1", List.of("true"), "file:///etc/hostname/out/part-2", 0.1, now);
        place("bad-1/m/3/0", "a1", List.of("true"), null, 8, now);
        place("bad-1/m/3/0", "a1", List.of("true"), null, 8, now + 1);

        await().atMost(Duration.ofSeconds(30)).until(() -> reports().size() >= 5);
        // The refusals come from the reader thread, the failures to start from the launcher: any order between them.
        var reasons = reports().stream().map(r -> r.getDecisionId() + " " + r.getState() + " " + r.getReason())
                .toList();
        assertThat(reasons).hasSize(5).contains(
                "bad-1/m/0/0 REFUSED placement for node a2 reached the agent of node a1",
                "bad-1/m/1/0 FAILED could not start: no such program: no-such-program-xyz (on PATH "
                        + System.getenv("PATH") + ")")
                .anySatisfy(r -> assertThat(r).startsWith("bad-1/m/2/0 FAILED could not start: cannot make the "
                        + "output directory of file:///etc/hostname/out/part-2: java.nio.file.FileSystemException: "
                        + "/etc/hostname").endsWith("Not a directory"));
        assertThat(reasons.stream().filter(r -> r.startsWith("bad-1/m/3/0 REFUSED")).toList()).satisfiesExactly(
                first -> assertThat(first).startsWith("bad-1/m/3/0 REFUSED node full: demand 8.0 cpus, 64 MiB; free "),
                again -> assertThat(again).startsWith("bad-1/m/3/0 REFUSED refused before: node full: demand 8.0"));
        assertThat(agent.held()).isEmpty();
        // What does not decode is kept with its reason, and the placements after it were still taken (above).
        await().atMost(Duration.ofSeconds(30)).until(() -> read(topics.deadLetters().name(), DeadLetter.class)
                .size() >= 2);
        assertThat(read(topics.deadLetters().name(), DeadLetter.class)).satisfiesExactlyInAnyOrder(
                letter -> {
                    assertThat(letter.getSourceTopic()).isEqualTo(topics.placements().name());
                    assertThat(letter.getStage()).isEqualTo("agent");
                    assertThat(letter.getReason()).startsWith("does not decode as a PlacementDecision: ");
                    assertThat(letter.getValueSize()).isEqualTo(6);
                },
                letter -> {
                    assertThat(letter.getSourceTopic()).isEqualTo(topics.qosActions().name());
                    assertThat(letter.getReason()).startsWith("does not decode as a QosAction: ");
                });
    }

    private void sendRaw(String topic, String key, long time, byte[] value) {
        try (var producer = new KafkaProducer<>(Map.<String, Object>of("bootstrap.servers",
                cluster.bootstrapServers()), new StringSerializer(), new ByteArraySerializer())) {
            producer.send(new ProducerRecord<>(topic, null, time, key, value));
        }
    }

    private void place(String id, String node, List<String> command, String output, double cpus, long epoch) {
        var parts = id.split("/");
        var decision = PlacementDecision.newBuilder().setDecisionId(id).setEpoch(epoch).setJobId(parts[0])
                .setKind(TaskKind.MAP).setTaskIndex(Integer.parseInt(parts[2])).setAttempt(0).setNodeId(node)
                .setNotBefore(Instant.ofEpochMilli(epoch)).setPolicy("test").setInputBytes(0).setFlopPerByte(1)
                .setDemand(new Resources(cpus, 64L << 20)).setChunk((ChunkRef) null)
                .setSpec(TaskSpec.newBuilder().setCommand(command).setOutputLocation(output).build()).build();
        // Keyed by the agent's node, as a planner that put another node's id in the value would.
        send(topics.placements().name(), "a1", epoch, decision, PlacementDecision.class);
    }

    @Test
    void shouldRunTheAttemptsOfAnAgentKilledWithSigkillOnAnotherAndCompleteEachTaskOnce(TestInfo test,
                                                                                       @TempDir Path dir)
            throws Exception {
        stack(test, dir, true);
        var k1 = agentProcess("k1", dir);
        var k2 = agentProcess("k2", dir);
        var done = dir.resolve("done");
        // k1's attempts outlive the test unless something ends them; k2's take 3 s. Each appends its id on success.
        submit("sleepy-1", 4, List.of("sh", "-c", "if [ \"$GLEANER_NODE\" = k1 ]; then sleep 120; else sleep 3; fi; "
                + "echo $GLEANER_DECISION_ID >> " + done), 0.4);
        await().atMost(Duration.ofSeconds(60)).until(() -> reports().stream()
                .anyMatch(r -> r.getNodeId().equals("k1") && r.getState() == TaskState.LAUNCHED));
        k1.destroyForcibly().waitFor();
        var heldByK1 = reports().stream().filter(r -> r.getNodeId().equals("k1")
                && r.getState() == TaskState.LAUNCHED).map(TaskReport::getDecisionId).toList();

        await().atMost(Duration.ofSeconds(90)).until(() -> read(topics.jobsEvents().name(), JobEvent.class).stream()
                .anyMatch(e -> e.getType() == JobEventType.SUCCEEDED || e.getType() == JobEventType.FAILED));
        var events = read(topics.jobsEvents().name(), JobEvent.class);
        assertThat(events).extracting(JobEvent::getType).contains(JobEventType.ATTEMPT_LOST, JobEventType.SUCCEEDED)
                .doesNotContain(JobEventType.FAILED);
        var succeeded = reports().stream().filter(r -> r.getState() == TaskState.SUCCEEDED).toList();
        // Each task succeeded once, as Gleaner counts it: one SUCCEEDED report, from the agent still alive for
        // every attempt k1 held.
        assertThat(succeeded).extracting(r -> r.getDecisionId().substring(0, r.getDecisionId().lastIndexOf('/')))
                .containsExactlyInAnyOrder("sleepy-1/m/0", "sleepy-1/m/1", "sleepy-1/m/2", "sleepy-1/m/3");
        for (var lost : heldByK1) {
            var task = lost.substring(0, lost.lastIndexOf('/'));
            assertThat(succeeded).filteredOn(r -> r.getDecisionId().startsWith(task + "/"))
                    .singleElement().satisfies(r -> {
                        assertThat(r.getNodeId()).isEqualTo("k2");
                        assertThat(r.getAttempt()).isGreaterThan(Integer.parseInt(lost.substring(
                                lost.lastIndexOf('/') + 1)));
                    });
        }
        assertThat(k2.isAlive()).isTrue();

        // Restarted on the same work directory long after three heartbeat periods, k1 finds its attempts still
        // running, kills them (the planner lost k1 and ran them again on k2) and reports them KILLED with why.
        var pids = new ArrayList<Long>();
        for (var id : heldByK1) {
            var properties = new java.util.Properties();
            try (var in = java.nio.file.Files.newBufferedReader(dir.resolve("agents/k1")
                    .resolve(id.replace('/', '_')).resolve("attempt.properties"))) {
                properties.load(in);
            }
            pids.add(Long.parseLong(properties.getProperty("pid")));
        }
        assertThat(pids).as("k1's attempts outlived it").allMatch(ProcFs.system()::runs);
        agentProcess("k1", dir);
        await().atMost(Duration.ofSeconds(30)).until(() -> reports().stream().filter(r -> r.getNodeId().equals("k1")
                && r.getState() == TaskState.KILLED).map(TaskReport::getDecisionId).toList()
                .containsAll(heldByK1));
        assertThat(reports()).filteredOn(r -> r.getNodeId().equals("k1") && r.getState() == TaskState.KILLED)
                .allSatisfy(r -> assertThat(r.getReason()).startsWith("the agent was away "));
        assertThat(pids).noneMatch(ProcFs.system()::runs);
        // Nothing ran twice to completion: one line per task, none from k1.
        assertThat(java.nio.file.Files.readAllLines(done)).hasSize(4).doesNotContainAnyElementsOf(heldByK1);
    }

    /** {@code gleaner agent} as a process of its own, so that it can be killed with SIGKILL. */
    private Process agentProcess(String nodeId, Path dir) throws Exception {
        var log = dir.resolve(nodeId + "-" + System.nanoTime() + ".log");
        var process = new ProcessBuilder(ProcessHandle.current().info().command().orElse("java"), "-Xmx256m",
                "-cp", System.getProperty("java.class.path"), "io.gleaner.deploy.Main", "agent", "--node-id", nodeId,
                "--bootstrap-servers", cluster.bootstrapServers(), "--schema-registry-url", registry.url(),
                "--topic-prefix", topics.prefix(), "--cpus", "1", "--memory", "2GiB", "--slots", "2",
                "--heartbeat-ms", "500", "--owners", "none", "--work-dir", dir.resolve("agents").toString(),
                "--data-dir", dir.resolve("agent-data").toString())
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        open.add(() -> {
            process.destroy();
            if (!process.waitFor(20, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        });
        await().atMost(Duration.ofSeconds(60)).until(() -> java.nio.file.Files.exists(log)
                && java.nio.file.Files.readString(log).contains("agent " + nodeId + ": QoS actions")
                || !process.isAlive());
        assertThat(process.isAlive()).as("gleaner agent %s:%n%s", nodeId, java.nio.file.Files.readString(log))
                .isTrue();
        return process;
    }
}
