package io.gleaner.ingest.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.gleaner.ingest.swim.SwimFixtures;
import io.gleaner.ingest.swim.SwimJobRule;
import io.gleaner.ingest.swim.SwimTraceReader;
import io.gleaner.ingest.trace.TraceRow;
import io.gleaner.schemas.Topic;
import io.gleaner.schemas.Topics;
import io.gleaner.schemas.avro.DeadLetter;
import io.gleaner.schemas.avro.JobSubmitted;
import io.gleaner.schemas.serde.AvroSerde;
import io.gleaner.schemas.serde.InMemorySchemaRegistryClient;
import io.gleaner.schemas.testing.TestKafka;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.record.TimestampType;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The replayer through a real KRaft broker in this JVM: what goes onto the topics, and in what order. */
@Tag("integration")
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class SwimReplayIT {

    private static final int JOBS = 200;

    private static TestKafka cluster;

    /** One registry for both serdes, as the all-in-one runner has; the wire format carries its schema ids. */
    private final InMemorySchemaRegistryClient registry = new InMemorySchemaRegistryClient();
    private final AvroSerde<JobSubmitted> jobSerde = AvroSerde.of(JobSubmitted.class, registry);
    private final AvroSerde<DeadLetter> deadLetterSerde = AvroSerde.of(DeadLetter.class, registry);

    @BeforeAll
    static void startBroker() throws Exception {
        cluster = TestKafka.start();
    }

    @AfterAll
    static void stopBroker() throws Exception {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void shouldPutTheFirst200Fb2009JobsOnTheTopicKeyedInOrderAtTheirSubmitTimes(TestInfo test) throws Exception {
        var topics = createTopics(test);
        var expected = new ArrayList<JobSubmitted>();
        try (var rows = SwimTraceReader.fb2009(SwimJobRule.defaults(), JOBS)) {
            rows.forEachRemaining(row -> expected.add(((TraceRow.Parsed<JobSubmitted>) row).value()));
        }

        // Jobs 0..199 span trace seconds 49..6633: at speed 2000 the wall-clock pacer spreads them over ~3.3 s.
        ReplaySummary summary;
        try (var rows = SwimTraceReader.fb2009(SwimJobRule.defaults(), JOBS);
                var jobs = KafkaRecordSink.open(topics.jobsSubmitted().name(), clientConfig(), jobSerde.serializer());
                var deadLetters = KafkaRecordSink.open(topics.deadLetters().name(), clientConfig(),
                        deadLetterSerde.serializer())) {
            var replayer = new Replayer<>(jobs, deadLetters, new WallClockPacer(),
                    ReplayOptions.atSpeed(2000).withExpectedRecords(JOBS).withProgressEvery(50));
            summary = replayer.replay(rows, progress -> { });
        }

        assertThat(summary.sent()).isEqualTo(JOBS);
        assertThat(summary.rejected()).isZero();
        var records = consume(topics.jobsSubmitted(), JOBS);
        assertThat(records).extracting(ConsumerRecord::key)
                .containsExactlyElementsOf(expected.stream().map(JobSubmitted::getJobId).toList());
        assertThat(records).extracting(ConsumerRecord::timestamp)
                .containsExactlyElementsOf(expected.stream().map(j -> j.getSubmitTime().toEpochMilli()).toList());
        assertThat(records).allSatisfy(r -> assertThat(r.timestampType()).isEqualTo(TimestampType.CREATE_TIME));
        assertThat(records).extracting(r -> jobSerde.deserializer().deserialize(r.topic(), r.value()))
                .containsExactlyElementsOf(expected);
        assertThat(endOffset(topics.deadLetters())).isZero();
    }

    @Test
    void shouldPutBadRowsOnTheDeadLetterTopicAndTheRestOnTheJobTopic(TestInfo test, @TempDir Path dir)
            throws Exception {
        var topics = createTopics(test);
        var trace = Files.writeString(dir.resolve("bad.tsv"), SwimFixtures.trace(
                SwimFixtures.row("job0", 1, 1, 10, 10, 10),
                "job1\t2\t1\t-5\t10\t10",
                SwimFixtures.row("job2", 3, 2, 10, 10, 10)));

        try (var rows = SwimTraceReader.open(trace, SwimJobRule.defaults(), Long.MAX_VALUE);
                var jobs = KafkaRecordSink.open(topics.jobsSubmitted().name(), clientConfig(), jobSerde.serializer());
                var deadLetters = KafkaRecordSink.open(topics.deadLetters().name(), clientConfig(),
                        deadLetterSerde.serializer())) {
            new Replayer<>(jobs, deadLetters, new WallClockPacer(), ReplayOptions.asFastAsPossible())
                    .replay(rows, progress -> { });
        }

        assertThat(consume(topics.jobsSubmitted(), 2)).extracting(ConsumerRecord::key).containsExactly("job0", "job2");
        var dead = consume(topics.deadLetters(), 1);
        assertThat(dead).singleElement().satisfies(record -> {
            var deadLetter = deadLetterSerde.deserializer().deserialize(record.topic(), record.value());
            assertThat(deadLetter.getSourceTopic()).isEqualTo("bad.tsv");
            assertThat(deadLetter.getOffset()).isEqualTo(2);
            assertThat(deadLetter.getReason()).isEqualTo("map input bytes must be >= 0, was -5");
            // Stamped with the submit time of job0, the record before it.
            assertThat(record.timestamp()).isEqualTo(SwimJobRule.DEFAULT_TRACE_EPOCH.plusSeconds(1).toEpochMilli());
        });
    }

    /** The catalogue under a prefix unique to the test, with its two topics created as the catalogue says. */
    private static Topics createTopics(TestInfo test) throws Exception {
        var topics = Topics.withPrefix("it." + test.getTestMethod().orElseThrow().getName() + ".");
        try (var admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers()))) {
            admin.createTopics(List.of(newTopic(topics.jobsSubmitted()), newTopic(topics.deadLetters()))).all().get();
        }
        return topics;
    }

    private static NewTopic newTopic(Topic<?, ?> topic) {
        return new NewTopic(topic.name(), topic.partitions(), (short) 1).configs(topic.configs());
    }

    private static Map<String, Object> clientConfig() {
        return Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers());
    }

    /** Reads a one-partition topic from the start until {@code count} records have come. */
    private static List<ConsumerRecord<String, byte[]>> consume(Topic<?, ?> topic, int count) {
        var partition = new TopicPartition(topic.name(), 0);
        var records = new ArrayList<ConsumerRecord<String, byte[]>>();
        try (var consumer = new KafkaConsumer<>(Map.<String, Object>of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers(),
                ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed"),
                new StringDeserializer(), new ByteArrayDeserializer())) {
            consumer.assign(List.of(partition));
            consumer.seekToBeginning(List.of(partition));
            await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> {
                consumer.poll(Duration.ofMillis(200)).forEach(records::add);
                assertThat(records).hasSizeGreaterThanOrEqualTo(count);
            });
        }
        assertThat(records).hasSize(count);
        return records;
    }

    private static long endOffset(Topic<?, ?> topic) {
        var partition = new TopicPartition(topic.name(), 0);
        try (var consumer = new KafkaConsumer<>(Map.<String, Object>of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers()),
                new StringDeserializer(), new ByteArrayDeserializer())) {
            return consumer.endOffsets(List.of(partition)).get(partition);
        }
    }
}
