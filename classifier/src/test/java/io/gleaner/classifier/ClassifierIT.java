package io.gleaner.classifier;

import static io.gleaner.classifier.topology.ClassifierFixtures.heartbeat;
import static io.gleaner.classifier.topology.ClassifierFixtures.job;
import static io.gleaner.classifier.topology.ClassifierFixtures.report;
import static io.gleaner.classifier.topology.ClassifierFixtures.succeeded;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.gleaner.classifier.topology.ClassifierSerdes;
import io.gleaner.schemas.Topics;
import io.gleaner.schemas.avro.JobProfile;
import io.gleaner.schemas.avro.TaskKind;
import io.gleaner.schemas.avro.TaskState;
import io.gleaner.schemas.serde.InMemorySchemaRegistryClient;
import io.gleaner.schemas.testing.TestKafka;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
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
import org.apache.kafka.common.serialization.ByteArraySerializer;
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
 * The classifier against a real broker ({@link TestKafka}), with inputs partitioned unlike the catalogue (reports
 * on 3 partitions, jobs on 2, heartbeats on 1): a run of "sort" is profiled, the stage stops and loses its local
 * state, and a second run of "sort" after the restart is merged with the profile restored from the changelog.
 */
@Tag("integration")
@Timeout(value = 240, unit = TimeUnit.SECONDS)
class ClassifierIT {

    private static TestKafka kafka;

    private final InMemorySchemaRegistryClient registry = new InMemorySchemaRegistryClient();
    private final ClassifierSerdes serdes = ClassifierSerdes.with(registry);
    private final Topics topics = Topics.withPrefix("it-classifier.");

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

    private ClassifierConfig config() {
        return ClassifierConfig.defaults()
                .withStage(s -> s.withBootstrapServers(kafka.bootstrapServers()).withTopicPrefix(topics.prefix())
                        .withApplicationId("classifier-it"))
                // a static member, so that the restart takes the tasks back at once
                .withStage(s -> s.withInstanceId("classifier-it").withStateDir(stateDir.resolve("classifier-it")));
    }

    /** A run of "sort" from {@code offset} s: maps of 10 s and 6 s, one reduce of 9 s, a failed attempt first. */
    private List<ProducerRecord<String, byte[]>> sortRun(String jobId, double offset) {
        var records = new ArrayList<ProducerRecord<String, byte[]>>();
        var jobsTopic = topics.jobsSubmitted().name();
        var job = job(jobId, "sort", 2, 1, offset + 1);
        records.add(new ProducerRecord<>(jobsTopic, null, job.getSubmitTime().toEpochMilli(), jobId,
                serdes.jobSubmitted().serializer().serialize(jobsTopic, job)));
        var reportsTopic = topics.tasksReports().name();
        for (var report : List.of(
                report(jobId, TaskKind.MAP, 0, "n1", TaskState.FAILED, offset + 5, offset + 9, 0),
                succeeded(jobId, TaskKind.MAP, 0, "n1", offset + 10, offset + 20, 1000),
                succeeded(jobId, TaskKind.MAP, 1, "n2", offset + 10, offset + 16, 900),
                succeeded(jobId, TaskKind.MAP, 1, "n2", offset + 10, offset + 16, 900),
                succeeded(jobId, TaskKind.REDUCE, 0, "n1", offset + 21, offset + 30, 50))) {
            records.add(new ProducerRecord<>(reportsTopic, null, report.getTime().toEpochMilli(), jobId,
                    serdes.taskReport().serializer().serialize(reportsTopic, report)));
        }
        return records;
    }

    private void produce(List<ProducerRecord<String, byte[]>> records) {
        try (var producer = new KafkaProducer<>(Map.<String, Object>of("bootstrap.servers", kafka.bootstrapServers()),
                new StringSerializer(), new ByteArraySerializer())) {
            records.forEach(producer::send);
            producer.flush();
        }
    }

    /** Every committed profile on {@code jobs.profiles} so far. */
    private List<JobProfile> profiles() {
        var topic = topics.jobsProfiles().name();
        try (var consumer = new KafkaConsumer<>(Map.<String, Object>of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers(),
                ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed",
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false), new StringDeserializer(),
                serdes.jobProfile().deserializer())) {
            var partitions = consumer.partitionsFor(topic).stream()
                    .map(p -> new TopicPartition(topic, p.partition())).toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            var ends = consumer.endOffsets(partitions);
            var read = new ArrayList<JobProfile>();
            while (partitions.stream().anyMatch(p -> consumer.position(p) < ends.get(p))) {
                consumer.poll(Duration.ofMillis(100)).forEach(r -> read.add(r.value()));
            }
            return read;
        }
    }

    /** Runs the stage until {@code jobs.profiles} holds {@code count} profiles, then closes it. */
    private void runUntilProfiles(int count) {
        var app = new ClassifierApp(config(), registry);
        try (app) {
            app.start();
            await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofMillis(200))
                    .untilAsserted(() -> assertThat(profiles()).hasSize(count));
        }
        assertThat(app.state()).isEqualTo(KafkaStreams.State.NOT_RUNNING);
    }

    @Test
    void shouldMergeARunAfterARestartWithTheProfileRestoredFromTheChangelog() throws Exception {
        try (var admin = Admin.create(Map.<String, Object>of("bootstrap.servers", kafka.bootstrapServers()))) {
            admin.createTopics(List.of(
                    new NewTopic(topics.jobsSubmitted().name(), 2, (short) 1),
                    new NewTopic(topics.nodesHeartbeats().name(), 1, (short) 1),
                    new NewTopic(topics.tasksReports().name(), 3, (short) 1),
                    new NewTopic(topics.jobsProfiles().name(), 3, (short) 1)
                            .configs(Map.of("cleanup.policy", "compact")),
                    new NewTopic(topics.deadLetters().name(), 1, (short) 1))).all().get();
        }
        var heartbeatsTopic = topics.nodesHeartbeats().name();
        var records = new ArrayList<ProducerRecord<String, byte[]>>();
        for (var hb : List.of(heartbeat("n1", 2, 2, 4, 8, 0), heartbeat("n2", 4, 4, 8, 10, 0))) {
            records.add(new ProducerRecord<>(heartbeatsTopic, null, hb.getTime().toEpochMilli(), hb.getNodeId(),
                    serdes.nodeHeartbeat().serializer().serialize(heartbeatsTopic, hb)));
        }
        records.addAll(sortRun("job1", 0));
        produce(records);

        runUntilProfiles(1);
        deleteRecursively(config().stage().stateDir());
        produce(sortRun("job2", 100));
        runUntilProfiles(2);

        var published = profiles();
        var first = published.get(0);
        var merged = published.get(1);
        assertThat(first.getRuns()).isEqualTo(1);
        assertThat(first.getMapCount()).isEqualTo(2);
        assertThat(merged.getJobName()).isEqualTo("sort");
        // runs and counts add up: the stored profile came back from the changelog with its counts
        assertThat(merged.getRuns()).isEqualTo(2);
        assertThat(merged.getMapCount()).isEqualTo(4);
        assertThat(merged.getReduceCount()).isEqualTo(2);
        assertThat(merged.getFirstShuffleCount() + merged.getOtherShuffleCount()).isEqualTo(2);
        assertThat(merged.getMeanTaskCountByNode().values().stream().mapToLong(Long::longValue).sum())
                .isEqualTo(6);
        // both runs have the same tasks, so the pooled statistics equal one run's
        assertThat(merged.getMapAvg()).isEqualTo(first.getMapAvg()).isEqualTo(8000.0);
        assertThat(merged.getReduceMax()).isEqualTo(9000.0);
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
