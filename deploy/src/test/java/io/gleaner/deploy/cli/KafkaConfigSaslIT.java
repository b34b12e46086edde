package io.gleaner.deploy.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.gleaner.deploy.registry.EmbeddedSchemaRegistry;
import io.gleaner.deploy.registry.EmbeddedSchemaRegistryConfig;
import io.gleaner.planner.PlannerApp;
import io.gleaner.planner.PlannerConfig;
import io.gleaner.schemas.Topics;
import io.gleaner.schemas.serde.RegistryConfig;
import io.gleaner.schemas.serde.RestSchemaRegistryClient;
import io.gleaner.schemas.serde.WireFormat;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
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
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

/**
 * {@code --kafka-config} against a broker whose listener asks for SASL SCRAM-SHA-256: the commands and a stage's
 * Kafka Streams authenticate with the file's JAAS settings, a wrong password fails with Kafka's own reason, and the
 * password is never printed or logged.
 */
@Tag("integration")
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class KafkaConfigSaslIT {

    private static final String USER = "gleaner";
    private static final String PASSWORD = "scram-s3cret-9f1c";

    private static SecuredTestKafka cluster;

    @TempDir
    static Path dir;

    @BeforeAll
    static void start() throws Exception {
        cluster = SecuredTestKafka.scram(USER, PASSWORD);
    }

    @AfterAll
    static void stop() throws Exception {
        if (cluster != null) {
            cluster.close();
        }
    }

    private static Map<String, String> scram(String password) {
        return Map.of("security.protocol", "SASL_PLAINTEXT", "sasl.mechanism", "SCRAM-SHA-256",
                "sasl.jaas.config", "org.apache.kafka.common.security.scram.ScramLoginModule required username=\""
                        + USER + "\" password=\"" + password + "\";");
    }

    private static Path configFile(String name, String password) throws Exception {
        return SecuredTestKafka.propertiesFile(dir.resolve(name), scram(password));
    }

    @Test
    void shouldCreateTopicsAndSubmitAJobWithTheFilesScramCredentials() throws Exception {
        var config = configFile("good.properties", PASSWORD).toString();
        var prefix = "it.sasl.submit.";

        var created = Execution.execute("topics", "create", "--bootstrap-servers", cluster.bootstrapServers(),
                "--kafka-config", config, "--topic-prefix", prefix);
        assertThat(created.exitCode()).as(created.err()).isZero();
        // No --schema-registry-url: the embedded registry keeps its schemas on the same SASL listener.
        var job = Files.writeString(dir.resolve("job.json"), JobsCommandTest.JOB);
        var submitted = Execution.execute("jobs", "submit", job.toString(), "--bootstrap-servers",
                cluster.bootstrapServers(), "--kafka-config", config, "--topic-prefix", prefix,
                "--data-dir", dir.resolve("submit").toString());

        assertThat(submitted.exitCode()).as(submitted.err()).isZero();
        var topic = new TopicPartition(Topics.withPrefix(prefix).jobsSubmitted().name(), 0);
        var client = new HashMap<String, Object>(scram(PASSWORD));
        client.put("bootstrap.servers", cluster.bootstrapServers());
        try (var consumer = new KafkaConsumer<>(client, new StringDeserializer(), new ByteArrayDeserializer())) {
            assertThat(consumer.endOffsets(List.of(topic))).containsEntry(topic, 1L);
        }
    }

    @Test
    void shouldFailWithKafkasReasonAndWithoutThePasswordWhenThePasswordIsWrong() throws Exception {
        var config = configFile("wrong.properties", "not-the-password").toString();

        var run = Execution.execute("topics", "create", "--bootstrap-servers", cluster.bootstrapServers(),
                "--kafka-config", config, "--topic-prefix", "it.sasl.wrong.");

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).contains("Authentication failed").contains("SCRAM-SHA-256")
                .doesNotContain("not-the-password");
    }

    @Test
    void gleanerRunsStageReadsTheScramListenerThroughTheFile() throws Exception {
        var prefix = "it.sasl.run.";
        // A registry that is gone: the planner, once it has read the job below over SCRAM, cannot look up its schema
        // and stops for good (exit 3, as RunCommandIT shows on a plain listener), which ends the command.
        String goneRegistry;
        try (var socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            goneRegistry = "http://127.0.0.1:" + socket.getLocalPort();
        }
        var config = configFile("run.properties", PASSWORD).toString();
        var created = Execution.execute("topics", "create", "--bootstrap-servers", cluster.bootstrapServers(),
                "--kafka-config", config, "--topic-prefix", prefix);
        assertThat(created.exitCode()).as(created.err()).isZero();
        var run = CompletableFuture.supplyAsync(() -> Execution.execute("run", "--stages", "planner",
                "--bootstrap-servers", cluster.bootstrapServers(), "--kafka-config", config, "--topic-prefix", prefix,
                "--application-id", "it-sasl-run", "--data-dir", dir.resolve("run").toString(),
                "--schema-registry-url", goneRegistry, "--registry-max-retries", "1",
                "--registry-retries-wait-ms", "100", "--registry-retries-max-wait-ms", "100",
                "--registry-deadline-ms", "5000"));
        var client = new HashMap<String, Object>(scram(PASSWORD));
        client.put("bootstrap.servers", cluster.bootstrapServers());
        try (var producer = new KafkaProducer<>(client, new StringSerializer(), new ByteArraySerializer())) {
            producer.send(new ProducerRecord<>(Topics.withPrefix(prefix).jobsSubmitted().name(), "j1",
                    WireFormat.encode(1, new byte[] {0}))).get();
        }

        await().atMost(Duration.ofSeconds(90)).until(run::isDone);
        var execution = run.get();
        assertThat(execution.exitCode()).as(execution.err()).isEqualTo(StageStoppedException.EXIT_CODE);
        assertThat(execution.out()).contains("running stages [planner]");
        assertThat(execution.err()).contains("no schema registry answered GET /schemas/ids/1")
                .doesNotContain(PASSWORD);
    }

    @Test
    void evaluateThroughKafkaRunsItsStagesAndLockstepOnTheScramListener() throws Exception {
        var common = new String[] {"evaluate", "--jobs", "6", "--policies", "fifo", "--owner-scale", "4"};

        var inProcess = Execution.execute(concat(common, "--out", dir.resolve("eval-in-process").toString()));
        var overKafka = Execution.execute(concat(common, "--through-kafka", "--bootstrap-servers",
                cluster.bootstrapServers(), "--kafka-config", configFile("eval.properties", PASSWORD).toString(),
                "--topic-prefix", "it.sasl.eval.", "--data-dir", dir.resolve("eval").toString(),
                "--out", dir.resolve("eval-kafka").toString()));

        assertThat(inProcess.exitCode()).as(inProcess.err()).isZero();
        assertThat(overKafka.exitCode()).as(overKafka.err()).isZero();
        assertThat(EvaluateCommandTest.measuredLeftOut(dir.resolve("eval-kafka/runs.csv")))
                .isEqualTo(EvaluateCommandTest.measuredLeftOut(dir.resolve("eval-in-process/runs.csv")));
    }

    private static String[] concat(String[] first, String... rest) {
        return Stream.concat(Arrays.stream(first), Arrays.stream(rest)).toArray(String[]::new);
    }

    @Test
    void shouldRunAStagesKafkaStreamsOnTheScramListenerWithoutLoggingThePassword() throws Exception {
        var prefix = "it.sasl.stage.";
        var created = Execution.execute("topics", "create", "--bootstrap-servers", cluster.bootstrapServers(),
                "--kafka-config", configFile("stage.properties", PASSWORD).toString(), "--topic-prefix", prefix);
        assertThat(created.exitCode()).as(created.err()).isZero();
        var logged = new ListAppender<ILoggingEvent>();
        logged.start();
        var kafka = (Logger) LoggerFactory.getLogger("org.apache.kafka");
        var kafkaLevel = kafka.getLevel();
        // StreamsConfig and the clients print their values at INFO (the test's logback keeps Kafka at WARN): to this
        // appender only, not to the build's console.
        kafka.setLevel(Level.INFO);
        kafka.setAdditive(false);
        kafka.addAppender(logged);
        var root = (Logger) LoggerFactory.getLogger(Logger.ROOT_LOGGER_NAME);
        root.addAppender(logged);
        try (var registry = new EmbeddedSchemaRegistry(EmbeddedSchemaRegistryConfig.of(cluster.bootstrapServers())
                .withTopic(prefix + EmbeddedSchemaRegistryConfig.TOPIC_SUFFIX)
                .withClientProperties(Map.copyOf(scram(PASSWORD)))).start()) {
            var config = PlannerConfig.from(Map.of("gleaner.bootstrap-servers", cluster.bootstrapServers(),
                    "gleaner.topic-prefix", prefix, "schema.registry.url", registry.url(),
                    "gleaner.planner.state-dir", dir.resolve("planner-state").toString()))
                    .withStage(s -> s.withClientProperties(scram(PASSWORD)));
            try (var planner = new PlannerApp(config,
                    new RestSchemaRegistryClient(RegistryConfig.of(registry.url())))) {
                planner.start();

                await().atMost(Duration.ofSeconds(60))
                        .until(planner::state, state -> state == KafkaStreams.State.RUNNING);
            }
        } finally {
            root.detachAppender(logged);
            kafka.detachAppender(logged);
            kafka.setAdditive(true);
            kafka.setLevel(kafkaLevel);
        }
        var messages = logged.list.stream().map(ILoggingEvent::getFormattedMessage).toList();
        // The values Kafka Streams printed reached the appender (so the next line could fail), its password masked.
        assertThat(messages).anySatisfy(m -> assertThat(m).contains("sasl.jaas.config = [hidden]"));
        assertThat(messages).noneSatisfy(m -> assertThat(m).contains(PASSWORD));
    }
}
