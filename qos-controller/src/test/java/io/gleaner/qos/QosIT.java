package io.gleaner.qos;

import static io.gleaner.qos.topology.QosTopologyFixtures.TEN_GB;
import static io.gleaner.qos.topology.QosTopologyFixtures.heartbeat;
import static io.gleaner.qos.topology.QosTopologyFixtures.owners;
import static io.gleaner.qos.topology.QosTopologyFixtures.placement;
import static io.gleaner.qos.topology.QosTopologyFixtures.tasks;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.awaitility.Awaitility.await;

import io.gleaner.qos.topology.QosSerdes;
import io.gleaner.qos.topology.QosStores;
import io.gleaner.schemas.Topics;
import io.gleaner.schemas.avro.DeadLetter;
import io.gleaner.schemas.avro.Metric;
import io.gleaner.schemas.avro.NodeHeartbeat;
import io.gleaner.schemas.avro.PlacementDecision;
import io.gleaner.schemas.avro.QosAction;
import io.gleaner.schemas.avro.QosActionKind;
import io.gleaner.schemas.avro.UtilizationSample;
import io.gleaner.schemas.serde.InMemorySchemaRegistryClient;
import io.gleaner.schemas.testing.TestKafka;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.KafkaStreams;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The QoS stage against a real broker ({@link TestKafka}), with inputs partitioned unlike the catalogue (heartbeats
 * on 2 partitions, utilization on 3, placements on 4): a node whose owners' CPU rises is throttled, a node short of
 * RAM loses its latest-scheduled attempts, a bad record becomes a dead letter; then the stage stops and loses its
 * local state, and a node's CPU limit, restored from the changelog, is raised when its owners back off.
 */
@Tag("integration")
@Timeout(value = 240, unit = TimeUnit.SECONDS)
class QosIT {

    private static final long FOUR_GB = 4L << 30;
    private static final String APPLICATION_ID = "qos-it";

    private static TestKafka kafka;

    private final InMemorySchemaRegistryClient registry = new InMemorySchemaRegistryClient();
    private final QosSerdes serdes = QosSerdes.with(registry);
    private final Topics topics = Topics.withPrefix("it-qos.");

    @TempDir
    Path stateDir;

    @BeforeAll
    static void startBroker() {
        kafka = TestKafka.start();
    }

    @AfterAll
    static void stopBroker() {
        if (kafka != null) {
            kafka.close();
        }
    }

    private QosConfig config() {
        return QosConfig.defaults()
                .withStage(s -> s.withBootstrapServers(kafka.bootstrapServers()).withTopicPrefix(topics.prefix())
                        .withApplicationId(APPLICATION_ID))
                // a static member, so that the restart takes the tasks back at once
                .withStage(s -> s.withInstanceId(APPLICATION_ID).withStateDir(stateDir.resolve(APPLICATION_ID)));
    }

    private ProducerRecord<String, byte[]> record(NodeHeartbeat heartbeat) {
        var topic = topics.nodesHeartbeats().name();
        return new ProducerRecord<>(topic, null, heartbeat.getTime().toEpochMilli(), heartbeat.getNodeId(),
                serdes.nodeHeartbeat().serializer().serialize(topic, heartbeat));
    }

    private ProducerRecord<String, byte[]> record(UtilizationSample sample) {
        var topic = topics.nodesUtilization().name();
        return new ProducerRecord<>(topic, null, sample.getTime().toEpochMilli(), sample.getNodeId(),
                serdes.utilizationSample().serializer().serialize(topic, sample));
    }

    private ProducerRecord<String, byte[]> record(PlacementDecision placement) {
        var topic = topics.placements().name();
        return new ProducerRecord<>(topic, null, placement.getEpoch(), placement.getNodeId(),
                serdes.placementDecision().serializer().serialize(topic, placement));
    }

    private void produce(List<ProducerRecord<String, byte[]>> records) {
        try (var producer = new KafkaProducer<>(Map.<String, Object>of("bootstrap.servers", kafka.bootstrapServers()),
                new StringSerializer(), new ByteArraySerializer())) {
            records.forEach(producer::send);
            producer.flush();
        }
    }

    /** Every committed record value of {@code topic} so far, partition by partition; none if it does not exist. */
    private <V> List<V> read(String topic, Deserializer<V> values) {
        try (var consumer = new KafkaConsumer<>(Map.<String, Object>of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers(),
                ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed",
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false,
                // Reading the stage's repartition topic before the stage creates it must not create it (with one
                // partition, which the stage would then refuse).
                ConsumerConfig.ALLOW_AUTO_CREATE_TOPICS_CONFIG, false), new StringDeserializer(), values)) {
            var partitions = consumer.partitionsFor(topic).stream()
                    .map(p -> new TopicPartition(topic, p.partition())).toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            var ends = consumer.endOffsets(partitions);
            var read = new ArrayList<V>();
            while (partitions.stream().anyMatch(p -> consumer.position(p) < ends.get(p))) {
                consumer.poll(Duration.ofMillis(100)).forEach(r -> read.add(r.value()));
            }
            return read;
        }
    }

    /** The actions published so far, in (node, time) order: one node's actions keep their order. */
    private List<QosAction> actions() {
        var actions = new ArrayList<>(read(topics.qosActions().name(), serdes.qosAction().deserializer()));
        actions.sort(Comparator.comparing(QosAction::getNodeId));
        return actions;
    }

    @Test
    void shouldThrottleKillAndAfterARestartRaiseFromTheLimitRestoredFromTheChangelog() throws Exception {
        try (var admin = Admin.create(Map.<String, Object>of("bootstrap.servers", kafka.bootstrapServers()))) {
            admin.createTopics(List.of(
                    new NewTopic(topics.nodesHeartbeats().name(), 2, (short) 1),
                    new NewTopic(topics.nodesUtilization().name(), 3, (short) 1),
                    new NewTopic(topics.placements().name(), 4, (short) 1),
                    new NewTopic(topics.qosActions().name(), 2, (short) 1),
                    new NewTopic(topics.deadLetters().name(), 1, (short) 1))).all().get();
        }
        // Phase 1, everything at event time 0: n1 (4 cores, 4 GiB) runs a1 and a2, 0.5 cores each, the tasks use 1
        // core, the owners 25 % (they leave 4 - 1 - 0.4 = 2.6 cores: no action). n2 (4 cores, 10 GB) runs b1
        // (scheduled at 100, 2 GB), b2 (300, 1.5 GB), b3 (200, 2 GB); its owners' RAM is not known yet, so it is
        // not ticked. One undecodable sample.
        var phase1 = new ArrayList<ProducerRecord<String, byte[]>>(List.of(
                record(heartbeat("n1", 0, 4, FOUR_GB, "a1", "a2")),
                record(placement("n1", "a1", 0, 0, 0.5, FOUR_GB / 16)),
                record(placement("n1", "a2", 0, 10, 0.5, FOUR_GB / 16)),
                record(tasks("n1", 0, Metric.CPU, 0.25)),
                record(owners("n1", 0, Metric.MEMORY, 0.25)),
                record(owners("n1", 0, Metric.CPU, 0.25)),
                record(heartbeat("n2", 0, 4, TEN_GB, "b1", "b2", "b3")),
                record(placement("n2", "b1", 0, 100, 1, 2_000_000_000L)),
                record(placement("n2", "b2", 0, 300, 1, 1_500_000_000L)),
                record(placement("n2", "b3", 0, 200, 1, 2_000_000_000L)),
                record(owners("n2", 0, Metric.CPU, 0.0))));
        int checkedEvents = phase1.size();
        phase1.add(new ProducerRecord<>(topics.nodesUtilization().name(), null, 0L, "n1",
                "not avro".getBytes(StandardCharsets.UTF_8)));
        produce(phase1);

        var app = new QosApp(config(), registry);
        try (app) {
            app.start();
            // Records of different inputs reach a node in any order; wait until phase 1 is all in the node events
            // topic, so that phase 2 comes after it there (one node, one partition of that topic, in order).
            var nodeEvents = APPLICATION_ID + "-" + QosStores.NODE_EVENTS + "-repartition";
            await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofMillis(200)).untilAsserted(() ->
                    assertThat(read(nodeEvents, new ByteArrayDeserializer())).hasSize(checkedEvents));

            // Phase 2 at 1000: n1's owners rise to 75 % (3 cores): 0.6 cores left < the tasks' 1: throttle to 0.6.
            // n2: owners 40 % of RAM, tasks 72 %: ramLimit 10 - 4 - 1 = 5 GB, kills above 5.5 GB; latest first:
            // b2 (300) -> 5.7 GB, b3 (200) -> 3.7 GB: stop.
            produce(List.of(
                    record(owners("n1", 1000, Metric.CPU, 0.75)),
                    record(tasks("n2", 1000, Metric.MEMORY, 0.72)),
                    record(owners("n2", 1000, Metric.MEMORY, 0.4))));
            await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofMillis(200))
                    .untilAsserted(() -> assertThat(actions()).hasSize(3));
        }
        assertThat(app.state()).isEqualTo(KafkaStreams.State.NOT_RUNNING);
        assertThat(actions()).extracting(QosAction::getNodeId, QosAction::getAction, QosAction::getCpuLimit,
                        QosAction::getDecisionId, QosAction::getTime)
                .containsExactly(
                        tuple("n1", QosActionKind.THROTTLE_CPU, 0.6, null, Instant.ofEpochMilli(1000)),
                        tuple("n2", QosActionKind.KILL_TASK, null, "b2", Instant.ofEpochMilli(1000)),
                        tuple("n2", QosActionKind.KILL_TASK, null, "b3", Instant.ofEpochMilli(1000)));
        var dead = read(topics.deadLetters().name(), serdes.deadLetter().deserializer());
        assertThat(dead).extracting(DeadLetter::getSourceTopic).containsExactly(topics.nodesUtilization().name());
        assertThat(dead.get(0).getReason()).contains("cannot decode 8 bytes");

        // Restart without local state: only the changelog can tell the stage that n1's limit is 0.6. The owners
        // back off to 25 %: 2.6 cores left > 0.6 in force: raise to 2.6. (A stage that had lost the view would not
        // even tick n1 on this one sample; one that had lost the limit would take the capacity, 4, and not raise.)
        deleteRecursively(config().stage().stateDir());
        produce(List.of(record(owners("n1", 2000, Metric.CPU, 0.25))));
        var restarted = new QosApp(config(), registry);
        try (restarted) {
            restarted.start();
            await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofMillis(200))
                    .untilAsserted(() -> assertThat(actions()).hasSize(4));
        }
        var raise = actions().stream().filter(a -> a.getAction() == QosActionKind.RAISE_CPU_LIMIT).toList();
        assertThat(raise).singleElement().satisfies(action -> {
            assertThat(action.getNodeId()).isEqualTo("n1");
            assertThat(action.getCpuLimit()).isEqualTo(2.6);
            assertThat(action.getTime()).isEqualTo(Instant.ofEpochMilli(2000));
            assertThat(action.getReason()).contains("limit 0.6 -> 2.6");
        });
    }

    private static void deleteRecursively(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (var paths = Files.walk(root)) {
            for (var path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }
}
