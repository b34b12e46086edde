package io.gleaner.ingest.adapter;

import static io.gleaner.ingest.mapping.MappingFixtures.sample;
import static io.gleaner.ingest.mapping.MappingFixtures.telegrafCpu;
import static io.gleaner.ingest.mapping.MappingFixtures.telegrafMem;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.gleaner.ingest.mapping.Mapping;
import io.gleaner.schemas.Topic;
import io.gleaner.schemas.Topics;
import io.gleaner.schemas.avro.DeadLetter;
import io.gleaner.schemas.avro.Metric;
import io.gleaner.schemas.avro.UtilizationSample;
import io.gleaner.schemas.serde.AvroSerde;
import io.gleaner.schemas.serde.InMemorySchemaRegistryClient;
import io.gleaner.schemas.testing.TestKafka;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
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

/**
 * The adapter end to end on a real KRaft broker in this JVM: Telegraf JSON produced to a source topic comes out
 * on nodes.utilization as Avro, read with read_committed, exactly once; bad records on deadletter; and the
 * validation state restored from its changelog after a restart on an empty state directory.
 */
@Tag("integration")
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class AdapterIT {

    private static final long T = 1_700_000_000L;

    private static TestKafka cluster;

    private final InMemorySchemaRegistryClient registry = new InMemorySchemaRegistryClient();
    private final AvroSerde<UtilizationSample> sampleSerde = AvroSerde.of(UtilizationSample.class, registry);
    private final AvroSerde<DeadLetter> deadLetterSerde = AvroSerde.of(DeadLetter.class, registry);

    @TempDir
    Path stateDir;

    @BeforeAll
    static void startBroker() {
        cluster = TestKafka.start();
    }

    @AfterAll
    static void stopBroker() throws Exception {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void shouldPutTelegrafCpuAndMemOfEveryNodeOnNodesUtilizationOnceEach(TestInfo test) throws Exception {
        var topics = createTopics(test);
        var source = topics.prefix() + "telegraf";
        var records = new ArrayList<ProducerRecord<String, String>>();
        var expected = new ArrayList<UtilizationSample>();
        for (int node = 1; node <= 3; node++) {
            var host = "node-" + node;
            for (int step = 0; step < 20; step++) {
                long seconds = T + 10L * step;
                double idle = 50 + node + step;
                records.add(new ProducerRecord<>(source, host, telegrafCpu(host, "cpu-total", seconds, idle)));
                records.add(new ProducerRecord<>(source, host, telegrafCpu(host, "cpu1", seconds, 10)));
                records.add(new ProducerRecord<>(source, host, telegrafMem(host, seconds, 25)));
                expected.add(sample(host, Instant.ofEpochSecond(seconds), Metric.CPU, 1 - idle / 100));
                expected.add(sample(host, Instant.ofEpochSecond(seconds), Metric.MEMORY, 0.25));
            }
        }
        records.add(new ProducerRecord<>(source, "node-2", "{\"name\":\"cpu\","));
        produce(records);

        try (var app = app(topics, source, "gleaner-ingest-it-telegraf", stateDir, "")) {
            app.start();
            var samples = consume(topics.nodesUtilization(), expected.size());
            var deadLetters = consume(topics.deadLetters(), 1);

            assertThat(samples).allSatisfy(record -> {
                var sample = sampleSerde.deserializer().deserialize(record.topic(), record.value());
                assertThat(record.key()).isEqualTo(sample.getNodeId());
                assertThat(record.timestamp()).isEqualTo(sample.getTime().toEpochMilli());
            });
            var values = samples.stream()
                    .map(record -> sampleSerde.deserializer().deserialize(record.topic(), record.value())).toList();
            assertThat(values).containsExactlyInAnyOrderElementsOf(expected);
            // One node's samples are on one partition, in time order.
            for (var node : List.of("node-1", "node-2", "node-3")) {
                var times = samples.stream().filter(r -> r.key().equals(node)).map(ConsumerRecord::timestamp).toList();
                assertThat(times).isSortedAccordingTo(Comparator.naturalOrder());
                assertThat(samples.stream().filter(r -> r.key().equals(node)).map(ConsumerRecord::partition)
                        .distinct()).hasSize(1);
            }
            var deadLetter = deadLetterSerde.deserializer().deserialize(topics.deadLetters().name(),
                    deadLetters.get(0).value());
            assertThat(deadLetter.getSourceTopic()).isEqualTo(source);
            assertThat(deadLetter.getReason()).startsWith("not valid JSON: ");
            assertThat(app.counts()).containsEntry("accepted", (long) expected.size())
                    .containsEntry("skipped", 60L).containsEntry("malformed", 1L);
        }
    }

    @Test
    void shouldRememberEachSeriesLastTimeAcrossARestartOnAnEmptyStateDirectory(TestInfo test,
            @TempDir Path secondStateDir) throws Exception {
        var topics = createTopics(test);
        var source = topics.prefix() + "telegraf";
        var applicationId = "gleaner-ingest-it-restart";
        produce(IntStream.range(0, 5).mapToObj(step -> new ProducerRecord<>(source, "node-1",
                telegrafCpu("node-1", "cpu-total", T + step, 50))).toList());
        try (var app = app(topics, source, applicationId, stateDir, "it-restart")) {
            app.start();
            consume(topics.nodesUtilization(), 5);
        }

        // After the restart: a duplicate of the last time, a time before it, then the next time.
        produce(List.of(
                new ProducerRecord<>(source, "node-1", telegrafCpu("node-1", "cpu-total", T + 4, 50)),
                new ProducerRecord<>(source, "node-1", telegrafCpu("node-1", "cpu-total", T + 2, 50)),
                new ProducerRecord<>(source, "node-1", telegrafCpu("node-1", "cpu-total", T + 5, 50))));
        // The same static member (instance id) takes its task back without waiting for a session timeout.
        try (var app = app(topics, source, applicationId, secondStateDir, "it-restart")) {
            app.start();
            var samples = consume(topics.nodesUtilization(), 6);
            var deadLetters = consume(topics.deadLetters(), 2);

            assertThat(samples).extracting(ConsumerRecord::timestamp).containsExactlyElementsOf(
                    IntStream.rangeClosed(0, 5).mapToObj(step -> (T + step) * 1000).toList());
            assertThat(deadLetters).extracting(record -> deadLetterSerde.deserializer()
                    .deserialize(record.topic(), record.value()).getReason())
                    .satisfiesExactly(
                            reason -> assertThat(reason).startsWith("DUPLICATE: "),
                            reason -> assertThat(reason).startsWith("TIME_BACKWARDS: "));
            assertThat(app.state()).isEqualTo(KafkaStreams.State.RUNNING);
        }
    }

    private AdapterApp app(Topics topics, String source, String applicationId, Path dir, String instanceId) {
        var config = AdapterConfig.of(source, Mapping.TELEGRAF_JSON)
                .withStage(s -> s.withApplicationId(applicationId).withInstanceId(instanceId)
                        .withBootstrapServers(cluster.bootstrapServers()).withTopicPrefix(topics.prefix())
                        .withStateDir(dir));
        return new AdapterApp(config, Mapping.preset(Mapping.TELEGRAF_JSON), registry);
    }

    /** The catalogue's two output topics and a 3-partition source topic, under a prefix unique to the test. */
    private static Topics createTopics(TestInfo test) throws Exception {
        var topics = Topics.withPrefix("it." + test.getTestMethod().orElseThrow().getName() + ".");
        try (var admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers()))) {
            admin.createTopics(List.of(newTopic(topics.nodesUtilization()), newTopic(topics.deadLetters()),
                    new NewTopic(topics.prefix() + "telegraf", 3, (short) 1))).all().get();
        }
        return topics;
    }

    private static NewTopic newTopic(Topic<?, ?> topic) {
        return new NewTopic(topic.name(), topic.partitions(), (short) 1).configs(topic.configs());
    }

    /** Produces the records as Telegraf's Kafka output does with routing_tag = "host": keyed by host. */
    private static void produce(List<ProducerRecord<String, String>> records) throws Exception {
        try (var producer = new KafkaProducer<>(Map.<String, Object>of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers()),
                new StringSerializer(), new StringSerializer())) {
            for (var record : records) {
                producer.send(record).get();
            }
        }
    }

    /** Reads every partition of a topic from the start, read_committed, until {@code count} records came. */
    private static List<ConsumerRecord<String, byte[]>> consume(Topic<?, ?> topic, int count) {
        var partitions = IntStream.range(0, topic.partitions())
                .mapToObj(p -> new TopicPartition(topic.name(), p)).toList();
        var records = new ArrayList<ConsumerRecord<String, byte[]>>();
        try (var consumer = new KafkaConsumer<>(Map.<String, Object>of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers(),
                ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed"),
                new StringDeserializer(), new ByteArrayDeserializer())) {
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            await().atMost(Duration.ofSeconds(90)).untilAsserted(() -> {
                consumer.poll(Duration.ofMillis(200)).forEach(records::add);
                assertThat(records).hasSizeGreaterThanOrEqualTo(count);
            });
            // Anything beyond count would be a duplicate; give it one more poll to show up.
            consumer.poll(Duration.ofMillis(500)).forEach(records::add);
        }
        assertThat(records).hasSize(count);
        return records;
    }
}
