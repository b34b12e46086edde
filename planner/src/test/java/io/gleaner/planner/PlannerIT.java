package io.gleaner.planner;

import static io.gleaner.planner.topology.PlannerEvents.heartbeat;
import static io.gleaner.planner.topology.PlannerEvents.job;
import static io.gleaner.planner.topology.PlannerEvents.report;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.gleaner.planner.core.cells.CellBy;
import io.gleaner.planner.core.cells.CellMap;
import io.gleaner.planner.topology.PlannerSerdes;
import io.gleaner.runtime.metrics.MetricsServer;
import io.gleaner.schemas.Topic;
import io.gleaner.schemas.Topics;
import io.gleaner.schemas.avro.DeadLetter;
import io.gleaner.schemas.avro.PlacementDecision;
import io.gleaner.schemas.avro.TaskState;
import io.gleaner.schemas.serde.AvroSerde;
import io.gleaner.schemas.serde.InMemorySchemaRegistryClient;
import io.gleaner.schemas.testing.TestKafka;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.KafkaStreams;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The planner against a real broker ({@link TestKafka}: in-JVM KRaft, or a container under {@code -Pdocker}),
 * driven round by round as the simulator drives it
 * (docs/simulator.md#lockstep): jobs, then reports, then heartbeats, then the barrier on the planner's committed
 * offsets, then the placements read with read_committed. The schema registry is an
 * {@link InMemorySchemaRegistryClient} shared by the planner and the test's clients.
 */
@Tag("integration")
@Timeout(value = 240, unit = TimeUnit.SECONDS)
class PlannerIT {

    private static final long PERIOD_MS = 3_000;
    private static final Logger log = LoggerFactory.getLogger(PlannerIT.class);

    private static TestKafka kafka;

    private final InMemorySchemaRegistryClient registry = new InMemorySchemaRegistryClient();
    private final PlannerSerdes serdes = PlannerSerdes.with(registry);

    @TempDir
    Path stateDir;

    @BeforeAll
    static void startBroker() throws Exception {
        kafka = TestKafka.start();
    }

    @AfterAll
    static void stopBroker() throws Exception {
        if (kafka != null) {
            kafka.close();
        }
    }

    @Test
    void shouldPlaceEveryTaskExactlyOnceAcrossARestart(TestInfo test) throws Exception {
        var prefix = "it-" + test.getTestMethod().orElseThrow().getName() + ".";
        var topics = Topics.withPrefix(prefix);
        createTopics(topics, Map.of());
        var config = config(test, prefix);

        try (var admin = Admin.create(Map.of("bootstrap.servers", kafka.bootstrapServers()));
             var producer = producer();
             var placements = placementConsumer(topics)) {
            var driver = new Lockstep(admin, producer, placements, topics, config.stage().applicationId());
            // j1: 4 maps, 2 reduces; j2: 3 maps, 1 reduce; two nodes with 2 slots each
            driver.submit(job("j1", 1_000, 4, 2));
            driver.submit(job("j2", 1_500, 3, 1));
            var decided = new ArrayList<PlacementDecision>();

            // when two rounds run, the second killing one attempt, then the planner restarts for the rest
            var app = new PlannerApp(config, registry);
            app.start();
            decided.addAll(driver.round(1, Set.of()));
            decided.addAll(driver.round(2, Set.of("j1/m/1/0")));
            app.close();
            assertThat(app.state()).isEqualTo(KafkaStreams.State.NOT_RUNNING);

            var restarted = new PlannerApp(config, registry);
            restarted.start();
            for (int round = 3; round <= 12 && driver.remaining() > 0; round++) {
                decided.addAll(driver.round(round, Set.of()));
            }
            restarted.close();

            // then every task was placed, each attempt once, and the killed one once more as attempt 1
            var ids = decided.stream().map(PlacementDecision::getDecisionId).toList();
            assertThat(ids).doesNotHaveDuplicates();
            assertThat(ids).contains("j1/m/1/1");
            var tasks = ids.stream().map(id -> id.substring(0, id.lastIndexOf('/'))).collect(Collectors.toSet());
            assertThat(tasks).hasSize(4 + 2 + 3 + 1);
            assertThat(ids).hasSize(4 + 2 + 3 + 1 + 1);
            assertThat(driver.remaining()).isZero();
            assertThat(endOffset(admin, new TopicPartition(topics.deadLetters().name(), 0))).isZero();
        }
    }

    @Test
    void shouldServeItsMetricsAndReadinessWhileItPlaces(TestInfo test) throws Exception {
        var prefix = "it-" + test.getTestMethod().orElseThrow().getName() + ".";
        var topics = Topics.withPrefix(prefix);
        createTopics(topics, Map.of());
        var config = config(test, prefix);

        try (var admin = Admin.create(Map.of("bootstrap.servers", kafka.bootstrapServers()));
             var producer = producer();
             var placements = placementConsumer(topics);
             var metrics = MetricsServer.start(0);
             var app = new PlannerApp(config, registry)) {
            app.addTo(metrics);
            // given a planner not yet started: not ready
            assertThat(status(metrics, "/health/ready")).isEqualTo(503);

            app.start();
            await().atMost(Duration.ofSeconds(60)).until(() -> status(metrics, "/health/ready") == 200);
            var driver = new Lockstep(admin, producer, placements, topics, config.stage().applicationId());
            driver.submit(job("j1", 1_000, 2, 1));
            var placed = new ArrayList<PlacementDecision>();
            for (int round = 1; round <= 6 && driver.remaining() > 0; round++) {
                placed.addAll(driver.round(round, Set.of()));
            }
            producer.send(new ProducerRecord<>(topics.jobsSubmitted().name(), "bad", new byte[] {0, 0})).get();

            // then its metrics count what it did, beside Kafka Streams' own
            await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(scrape(metrics))
                    .contains("gleaner_dead_letters_total{reason=\"undecodable\",source_topic=\""
                            + topics.jobsSubmitted().name() + "\",stage=\"planner\"} 1.0"));
            var scraped = scrape(metrics);
            assertThat(placed).hasSize(3);
            assertThat(scraped).contains("gleaner_placements_total{policy=\"fifo\"} 3.0")
                    .contains("gleaner_attempts_ended_total{outcome=\"SUCCEEDED\"} 3.0")
                    .contains("gleaner_job_steps_total{type=\"SUCCEEDED\"} 1.0")
                    .contains("gleaner_planner_decision_seconds_count{input=\"heartbeat\",policy=\"fifo\"}")
                    .containsPattern("(?m)^gleaner_queue_tasks\\{user=\"[^\"]+\"} ")
                    .containsPattern("(?m)^gleaner_running_attempts\\{user=\"[^\"]+\"} ")
                    .contains("kafka_stream_thread_process_total");
        }
    }

    private static int status(MetricsServer metrics, String path) throws Exception {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                URI.create("http://localhost:" + metrics.port() + path)).build(),
                HttpResponse.BodyHandlers.discarding()).statusCode();
    }

    private static String scrape(MetricsServer metrics) throws Exception {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                URI.create("http://localhost:" + metrics.port() + "/metrics")).build(),
                HttpResponse.BodyHandlers.ofString()).body();
    }

    /**
     * Several cells on the broker: a record that does not decode on jobs.submitted (the router's input) and one on
     * cells.status (the router's view) each become a dead letter with its reason, and the planner goes on routing and
     * placing.
     */
    @Test
    void cellsDeadLetterHostileRecordsAndGoOnPlacing(TestInfo test) throws Exception {
        var prefix = "it-" + test.getTestMethod().orElseThrow().getName() + ".";
        var topics = Topics.withPrefix(prefix);
        createTopics(topics, Map.of());
        var one = config(test, prefix);
        var config = new PlannerConfig(one.stage(), one.policy(), one.policySettings(), one.nodeLiveness(),
                one.retryRules(), new CellMap(2, CellBy.NODE_ID));

        try (var producer = producer();
             var placements = placementConsumer(topics);
             var app = new PlannerApp(config, registry)) {
            app.start();
            await().atMost(Duration.ofSeconds(60)).until(() -> app.state() == KafkaStreams.State.RUNNING);
            producer.send(new ProducerRecord<>(topics.jobsSubmitted().name(), "bad", new byte[] {0, 0})).get();
            producer.send(new ProducerRecord<>(topics.cellsStatus().name(), "0", new byte[] {1, 2, 3})).get();
            // Two rounds of heartbeats: the cells' statuses taken before the second know their nodes.
            for (long g : List.of(3_000L, 6_000L)) {
                for (var node : List.of("n1", "n2", "n3", "n4")) {
                    producer.send(new ProducerRecord<>(topics.nodesHeartbeats().name(), null, g, node,
                            serdes.nodeHeartbeat().serializer().serialize("t", heartbeat(node, g, 2)))).get();
                }
            }
            await().atMost(Duration.ofSeconds(30)).ignoreExceptions().until(() -> {
                var status = app.viewedCellStatus("0");
                return status != null && !status.getNodes().isEmpty();
            });
            var job = job("j1", 6_500, 2, 0);
            producer.send(new ProducerRecord<>(topics.jobsSubmitted().name(), null, 6_500L, "j1",
                    serdes.jobSubmitted().serializer().serialize("t", job))).get();
            for (var node : List.of("n1", "n2", "n3", "n4")) {
                producer.send(new ProducerRecord<>(topics.nodesHeartbeats().name(), null, 9_000L, node,
                        serdes.nodeHeartbeat().serializer().serialize("t", heartbeat(node, 9_000, 2)))).get();
            }

            var placed = new ArrayList<PlacementDecision>();
            await().atMost(Duration.ofSeconds(30)).until(() -> {
                placements.poll(Duration.ofMillis(100)).forEach(record -> placed.add(record.value()));
                return placed.size() >= 2;
            });
            assertThat(placed).extracting(PlacementDecision::getJobId).containsOnly("j1");
            var reasons = new ArrayList<String>();
            try (var letters = new KafkaConsumer<>(Map.<String, Object>of(
                    ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers(),
                    ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed",
                    ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest"),
                    new StringDeserializer(), AvroSerde.of(DeadLetter.class, registry).deserializer())) {
                letters.assign(List.of(new TopicPartition(topics.deadLetters().name(), 0)));
                await().atMost(Duration.ofSeconds(30)).until(() -> {
                    letters.poll(Duration.ofMillis(100)).forEach(record -> reasons.add(
                            record.value().getSourceTopic() + ": " + record.value().getReason()));
                    return reasons.size() >= 2;
                });
            }
            assertThat(reasons).hasSize(2)
                    .anySatisfy(reason -> assertThat(reason).startsWith(topics.jobsSubmitted().name() + ": "))
                    .anySatisfy(reason -> assertThat(reason).startsWith(topics.cellsStatus().name() + ": "));
            assertThat(app.state()).isEqualTo(KafkaStreams.State.RUNNING);
        }
    }

    @Test
    void shouldRefuseToStartCellsWhoseJobsAndReportsAreNotCoPartitioned(TestInfo test) throws Exception {
        var prefix = "it-" + test.getTestMethod().orElseThrow().getName() + ".";
        var topics = Topics.withPrefix(prefix);
        createTopics(topics, Map.of(topics.tasksReports().name(), 3));
        var one = config(test, prefix);
        var config = new PlannerConfig(one.stage(), one.policy(), one.policySettings(), one.nodeLiveness(),
                one.retryRules(), new CellMap(2, CellBy.NODE_ID));

        try (var app = new PlannerApp(config, registry)) {
            assertThatThrownBy(app::start)
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining(topics.jobsSubmitted().name() + " and " + topics.tasksReports().name()
                            + " have 1 and 3 partitions; with 2 cells they must have the same number");
            assertThat(app.state()).isEqualTo(KafkaStreams.State.CREATED);
        }
    }

    @Test
    void shouldRefuseToStartWhenAnInputTopicHasSeveralPartitions(TestInfo test) throws Exception {
        var prefix = "it-" + test.getTestMethod().orElseThrow().getName() + ".";
        var topics = Topics.withPrefix(prefix);
        createTopics(topics, Map.of(topics.tasksReports().name(), 3));
        var config = config(test, prefix);

        try (var app = new PlannerApp(config, registry)) {
            assertThatThrownBy(app::start)
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessage("planner input topic " + topics.tasksReports().name() + " has 3 partitions; it must"
                            + " have exactly 1 so that jobs, heartbeats and reports meet in one stream task (or run"
                            + " several cells: docs/cells.md)");
            assertThat(app.state()).isEqualTo(KafkaStreams.State.CREATED);
        }
    }

    /** The simulator's side of the lockstep protocol, with every attempt lasting one second. */
    private final class Lockstep {
        private final Admin admin;
        private final KafkaProducer<String, byte[]> producer;
        private final KafkaConsumer<String, PlacementDecision> placements;
        private final Topics topics;
        private final String applicationId;
        private final Map<String, Integer> tasksLeft = new HashMap<>();
        private final List<PlacementDecision> running = new ArrayList<>();
        private final List<ProducerRecord<String, byte[]>> pendingJobs = new ArrayList<>();

        Lockstep(Admin admin, KafkaProducer<String, byte[]> producer,
                 KafkaConsumer<String, PlacementDecision> placements, Topics topics, String applicationId) {
            this.admin = admin;
            this.producer = producer;
            this.placements = placements;
            this.topics = topics;
            this.applicationId = applicationId;
        }

        void submit(io.gleaner.schemas.avro.JobSubmitted job) {
            int tasks = job.getTasks().stream().mapToInt(group -> group.getCount()).sum();
            tasksLeft.put(job.getJobId(), tasks);
            pendingJobs.add(record(topics.jobsSubmitted(), job.getJobId(), job, job.getSubmitTime().toEpochMilli()));
        }

        int remaining() {
            return tasksLeft.values().stream().mapToInt(Integer::intValue).sum();
        }

        /** One round at g = round * period: jobs, then reports of the running attempts, then heartbeats; barrier; read. */
        List<PlacementDecision> round(int round, Set<String> kill) throws Exception {
            long g = round * PERIOD_MS;
            pendingJobs.forEach(producer::send);
            pendingJobs.clear();
            for (var attempt : running) {
                var killed = kill.contains(attempt.getDecisionId());
                var state = killed ? TaskState.KILLED : TaskState.SUCCEEDED;
                long end = attempt.getEpoch() + 1_000;
                producer.send(record(topics.tasksReports(), attempt.getJobId(), report(attempt, state, end), end));
                if (!killed) {
                    tasksLeft.merge(attempt.getJobId(), -1, Integer::sum);
                }
            }
            running.clear();
            producer.flush();
            for (var node : List.of("n1", "n2")) {
                producer.send(record(topics.nodesHeartbeats(), node, heartbeat(node, g, 2), g));
            }
            producer.flush();
            awaitPlannerCaughtUp();
            var decided = readPlacements();
            log.info("round {} at {} placed {}", round, g, decided.stream().map(PlacementDecision::getDecisionId).toList());
            running.addAll(decided);
            return decided;
        }

        private void awaitPlannerCaughtUp() throws Exception {
            var inputs = List.of(topics.jobsSubmitted(), topics.tasksReports(), topics.nodesHeartbeats()).stream()
                    .map(topic -> new TopicPartition(topic.name(), 0)).toList();
            var ends = new HashMap<TopicPartition, Long>();
            for (var partition : inputs) {
                ends.put(partition, endOffset(admin, partition));
            }
            await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(50)).untilAsserted(() -> {
                var committed = admin.listConsumerGroupOffsets(applicationId).partitionsToOffsetAndMetadata().get();
                for (var partition : inputs) {
                    var offset = committed.get(partition);
                    long position = offset == null ? 0 : offset.offset();
                    assertThat(position).as("committed offset of %s", partition).isGreaterThanOrEqualTo(ends.get(partition));
                }
            });
        }

        private List<PlacementDecision> readPlacements() throws Exception {
            var partitions = placements.assignment();
            var ends = placements.endOffsets(partitions);
            var read = new ArrayList<Map.Entry<Long, PlacementDecision>>();
            await().atMost(Duration.ofSeconds(30)).until(() -> {
                for (var record : placements.poll(Duration.ofMillis(100))) {
                    read.add(Map.entry(record.offset(), record.value()));
                }
                return partitions.stream().allMatch(p -> placements.position(p) >= ends.get(p));
            });
            // as the simulator does: by node, then offset
            read.sort(Comparator.comparing((Map.Entry<Long, PlacementDecision> e) -> e.getValue().getNodeId())
                    .thenComparing(Map.Entry::getKey));
            return read.stream().map(Map.Entry::getValue).toList();
        }

        private <V extends SpecificRecord> ProducerRecord<String, byte[]> record(Topic<String, V> topic, String key,
                                                                                 V value, long timestamp) {
            var serializer = serializerFor(value);
            return new ProducerRecord<>(topic.name(), 0, timestamp, key, serializer.apply(topic.name(), value));
        }
    }

    @SuppressWarnings("unchecked")
    private <V extends SpecificRecord> java.util.function.BiFunction<String, V, byte[]> serializerFor(V value) {
        return (topic, v) -> {
            if (v instanceof io.gleaner.schemas.avro.JobSubmitted job) {
                return serdes.jobSubmitted().serializer().serialize(topic, job);
            }
            if (v instanceof io.gleaner.schemas.avro.NodeHeartbeat beat) {
                return serdes.nodeHeartbeat().serializer().serialize(topic, beat);
            }
            return serdes.taskReport().serializer().serialize(topic, (io.gleaner.schemas.avro.TaskReport) v);
        };
    }

    /** The planner's defaults on the test broker, named for the test, its topics under {@code prefix}. */
    private PlannerConfig config(TestInfo test, String prefix) {
        return PlannerConfig.defaults()
                .withStage(s -> s.withBootstrapServers(kafka.bootstrapServers()).withTopicPrefix(prefix)
                        .withApplicationId("planner-" + test.getTestMethod().orElseThrow().getName())
                        .withStateDir(stateDir));
    }

    private static long endOffset(Admin admin, TopicPartition partition) throws Exception {
        return admin.listOffsets(Map.of(partition, OffsetSpec.latest())).partitionResult(partition).get().offset();
    }

    private void createTopics(Topics topics, Map<String, Integer> partitionOverrides) throws Exception {
        try (var admin = Admin.create(Map.of("bootstrap.servers", kafka.bootstrapServers()))) {
            var newTopics = topics.all().stream()
                    .map(topic -> new NewTopic(topic.name(), partitionOverrides.getOrDefault(topic.name(),
                            topic.partitions()), (short) 1).configs(topic.configs()))
                    .toList();
            admin.createTopics(newTopics).all().get();
            // Created on the controller is not yet known to the broker the planner asks: wait until it describes all.
            var names = newTopics.stream().map(NewTopic::name).toList();
            await().atMost(Duration.ofSeconds(30)).ignoreExceptions()
                    .until(() -> admin.describeTopics(names).allTopicNames().get().size() == names.size());
        }
    }

    private KafkaProducer<String, byte[]> producer() {
        return new KafkaProducer<>(Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers(),
                ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true,
                ProducerConfig.ACKS_CONFIG, "all"),
                new StringSerializer(), new ByteArraySerializer());
    }

    private KafkaConsumer<String, PlacementDecision> placementConsumer(Topics topics) {
        var consumer = new KafkaConsumer<>(Map.<String, Object>of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers(),
                ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed",
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest",
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false),
                new StringDeserializer(), serdes.placementDecision().deserializer());
        var partitions = new ArrayList<TopicPartition>();
        for (int p = 0; p < topics.placements().partitions(); p++) {
            partitions.add(new TopicPartition(topics.placements().name(), p));
        }
        consumer.assign(partitions);
        consumer.seekToBeginning(partitions);
        return consumer;
    }
}
