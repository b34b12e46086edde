package io.gleaner.deploy.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.gleaner.deploy.jobs.JobStatus;
import io.gleaner.deploy.registry.EmbeddedSchemaRegistry;
import io.gleaner.deploy.registry.EmbeddedSchemaRegistryConfig;
import io.gleaner.schemas.Topics;
import io.gleaner.schemas.avro.JobEvent;
import io.gleaner.schemas.avro.JobEventType;
import io.gleaner.schemas.avro.JobSubmitted;
import io.gleaner.schemas.serde.AvroDeserializer;
import io.gleaner.schemas.serde.AvroSerializer;
import io.gleaner.schemas.serde.RegistryConfig;
import io.gleaner.schemas.serde.RestSchemaRegistryClient;
import io.gleaner.schemas.testing.TestKafka;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code gleaner jobs} against a real broker and the embedded registry: a submitted job lands on jobs.submitted and
 * decodes; status and watch read JobEvents the test writes with Gleaner's serde (the planner's publishing of them is
 * tested with the planner).
 */
@Tag("integration")
@Timeout(value = 4, unit = TimeUnit.MINUTES)
class JobsCommandIT {

    private static final Instant T0 = Instant.parse("2026-11-28T09:00:00Z");

    private static TestKafka cluster;
    private static EmbeddedSchemaRegistry registry;

    @BeforeAll
    static void start() {
        cluster = TestKafka.start();
        registry = new EmbeddedSchemaRegistry(EmbeddedSchemaRegistryConfig.of(cluster.bootstrapServers())
                .withTopic("it.jobs" + EmbeddedSchemaRegistryConfig.TOPIC_SUFFIX)).start();
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

    /** Runs {@code gleaner jobs ...} on the test's broker and registry under {@code prefix}. */
    private static Execution jobs(String prefix, String... args) {
        return Execution.execute(Stream.concat(Stream.of("jobs"), Stream.concat(Stream.of(args), Stream.of(
                "--bootstrap-servers", cluster.bootstrapServers(), "--schema-registry-url", registry.url(),
                "--topic-prefix", prefix))).toArray(String[]::new));
    }

    /** A topic prefix of the test's own, with the catalogue's topics created under it. */
    private static String topics(TestInfo test) {
        var prefix = "it." + test.getTestMethod().orElseThrow().getName() + ".";
        var created = Execution.execute("topics", "create", "--bootstrap-servers", cluster.bootstrapServers(),
                "--topic-prefix", prefix);
        assertThat(created.exitCode()).as(created.err()).isZero();
        return prefix;
    }

    @Test
    void shouldProduceASubmittedJobThatDecodesWithItsSpecAndPrintItsId(TestInfo test, @TempDir Path dir)
            throws Exception {
        var prefix = topics(test);
        var file = Files.writeString(dir.resolve("job.json"), JobsCommandTest.JOB);

        var run = jobs(prefix, "submit", file.toString(), "--submit-time", "2026-11-28T09:30:00Z");

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).isEqualTo("sleepy" + System.lineSeparator());
        var records = submitted(Topics.withPrefix(prefix).jobsSubmitted().name());
        assertThat(records).singleElement().satisfies(record -> {
            assertThat(record.key()).isEqualTo("sleepy");
            assertThat(record.value().getSubmitTime()).isEqualTo(Instant.parse("2026-11-28T09:30:00Z"));
            assertThat(record.value().getTasks().get(0).getSpec().getCommand()).containsExactly("sleep", "1");
            assertThat(record.value().getTasks().get(0).getSpec().getOutputLocation())
                    .isEqualTo("/tmp/{job}/{kind}-{task}-{attempt}");
        });
    }

    @Test
    void shouldExitTwoAndProduceNothingForABadFile(TestInfo test, @TempDir Path dir) throws Exception {
        var prefix = topics(test);
        var file = Files.writeString(dir.resolve("job.json"), JobsCommandTest.JOB.replace("\"1GiB\"", "\"1 gigabyte\""));

        var run = jobs(prefix, "submit", file.toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("$.tasks[0].demand.memory: '1 gigabyte' has an unknown unit 'gigabyte'");
        assertThat(submitted(Topics.withPrefix(prefix).jobsSubmitted().name())).isEmpty();
    }

    @Test
    void shouldPrintTheLatestStateAndCountsOfAJobAndExitOneForAnUnknownOne(TestInfo test) throws Exception {
        var prefix = topics(test);
        publish(prefix, event("j1", JobEventType.SUBMITTED, 0, 0), event("other", JobEventType.SUBMITTED, 1, 0),
                event("j1", JobEventType.STARTED, 2, 0), event("j1", JobEventType.SUCCEEDED, 9, 3));

        var text = jobs(prefix, "status", "j1");
        var json = jobs(prefix, "status", "j1", "--json");
        var unknown = jobs(prefix, "status", "nobody");

        assertThat(text.exitCode()).as(text.err()).isZero();
        assertThat(text.out()).contains("state        SUCCEEDED since 2026-11-28T09:00:09Z")
                .contains("tasks        3 of 3 succeeded").contains("events       3");
        assertThat(json.exitCode()).as(json.err()).isZero();
        var fields = new ObjectMapper().readTree(json.out());
        assertThat(fields.get("state").asText()).isEqualTo("SUCCEEDED");
        assertThat(fields.get("succeededTasks").asInt()).isEqualTo(3);
        assertThat(fields.get("events").asInt()).as("only j1's events").isEqualTo(3);
        assertThat(unknown.exitCode()).isEqualTo(1);
        assertThat(unknown.err()).contains("job nobody is unknown");
    }

    @Test
    void shouldFollowAJobUntilItFailsAndExitWithTheFailedCode(TestInfo test) throws Exception {
        var prefix = topics(test);
        publish(prefix, event("j2", JobEventType.SUBMITTED, 0, 0), event("j2", JobEventType.STARTED, 2, 0));

        var watch = CompletableFuture.supplyAsync(() -> jobs(prefix, "watch", "--job", "j2", "--until-done"));
        publish(prefix, event("other", JobEventType.STARTED, 3, 0),
                JobEvent.newBuilder(event("j2", JobEventType.FAILED, 9, 1)).setFailedAttempts(4)
                        .setReason("task j2/m/1 failed 4 attempts").build());

        await().atMost(Duration.ofSeconds(60)).until(watch::isDone);
        var run = watch.get();
        assertThat(run.exitCode()).as(run.err()).isEqualTo(JobStatus.FAILED_EXIT_CODE);
        assertThat(run.out().lines()).containsExactly(
                "2026-11-28T09:00:00Z j2 SUBMITTED tasks 0/3 failed 0 lost 0",
                "2026-11-28T09:00:02Z j2 STARTED tasks 0/3 failed 0 lost 0",
                "2026-11-28T09:00:09Z j2 FAILED tasks 1/3 failed 4 lost 0: task j2/m/1 failed 4 attempts");
    }

    @Test
    void shouldReturnAtOnceForAJobThatAlreadySucceeded(TestInfo test) throws Exception {
        var prefix = topics(test);
        publish(prefix, event("j3", JobEventType.STARTED, 0, 0), event("j3", JobEventType.SUCCEEDED, 5, 3));

        var run = jobs(prefix, "watch", "--job", "j3", "--until-done");

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out().lines()).hasSize(2).last().asString().contains("j3 SUCCEEDED");
    }

    private static JobEvent event(String jobId, JobEventType type, int seconds, int succeeded) {
        return JobEvent.newBuilder().setJobId(jobId).setType(type).setTime(T0.plusSeconds(seconds)).setTasks(3)
                .setSucceededTasks(succeeded).build();
    }

    /** Writes {@code events} to jobs.events keyed by job id, as the planner does. */
    private static void publish(String prefix, JobEvent... events) throws Exception {
        var topic = Topics.withPrefix(prefix).jobsEvents().name();
        try (var producer = new KafkaProducer<>(Map.<String, Object>of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers()), new StringSerializer(),
                new AvroSerializer<>(JobEvent.class, new RestSchemaRegistryClient(RegistryConfig.of(registry.url()))))) {
            for (var event : events) {
                producer.send(new ProducerRecord<>(topic, event.getJobId(), event)).get();
            }
        }
    }

    /** Everything on {@code topic} now, decoded with Gleaner's serde. */
    private static List<ConsumerRecord<String, JobSubmitted>> submitted(String topic) {
        var client = new RestSchemaRegistryClient(RegistryConfig.of(registry.url()));
        try (var consumer = new KafkaConsumer<>(Map.<String, Object>of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers(),
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false), new StringDeserializer(),
                new AvroDeserializer<>(JobSubmitted.class, client))) {
            var partitions = consumer.partitionsFor(topic).stream()
                    .map(p -> new TopicPartition(topic, p.partition())).toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            var end = consumer.endOffsets(partitions);
            var records = new ArrayList<ConsumerRecord<String, JobSubmitted>>();
            while (partitions.stream().anyMatch(p -> consumer.position(p) < end.get(p))) {
                consumer.poll(Duration.ofMillis(200)).forEach(records::add);
            }
            return records;
        }
    }
}
