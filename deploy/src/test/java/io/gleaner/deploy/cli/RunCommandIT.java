package io.gleaner.deploy.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.gleaner.deploy.topics.CatalogueTopics;
import io.gleaner.schemas.Topics;
import io.gleaner.schemas.serde.WireFormat;
import io.gleaner.schemas.testing.TestKafka;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code gleaner run} against a real broker: a stage that stops for good ends the command with exit code 3. */
@Tag("integration")
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class RunCommandIT {

    private static TestKafka cluster;

    @BeforeAll
    static void startBroker() {
        cluster = TestKafka.start();
    }

    @AfterAll
    static void stopBroker() {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void shouldExitThreeNamingTheStageAndTheCauseWhenAStageStopsForGood(TestInfo test, @TempDir Path dataDir)
            throws Exception {
        var name = test.getTestMethod().orElseThrow().getName();
        var topics = Topics.withPrefix("it." + name + ".");
        try (var admin = Admin.create(Map.<String, Object>of("bootstrap.servers", cluster.bootstrapServers()))) {
            new CatalogueTopics(admin).create(topics, Optional.empty());
        }
        // A registry that is gone: its port refuses connections. The planner cannot look up the writer schema of
        // the first job, so after its retries (one, within a 5 s deadline) its stream thread dies and the stage
        // goes to ERROR, as it would in production with the registry down.
        var goneRegistry = "http://127.0.0.1:" + closedPort();
        var run = CompletableFuture.supplyAsync(() -> Execution.execute("run", "--stages", "planner",
                "--bootstrap-servers", cluster.bootstrapServers(), "--topic-prefix", topics.prefix(),
                "--application-id", "it-" + name, "--data-dir", dataDir.toString(),
                "--schema-registry-url", goneRegistry, "--registry-max-retries", "1",
                "--registry-retries-wait-ms", "100", "--registry-retries-max-wait-ms", "100",
                "--registry-deadline-ms", "5000"));

        try (var producer = new KafkaProducer<>(Map.<String, Object>of("bootstrap.servers",
                cluster.bootstrapServers()), new StringSerializer(), new ByteArraySerializer())) {
            producer.send(new ProducerRecord<>(topics.jobsSubmitted().name(), "j1",
                    WireFormat.encode(1, new byte[] {0}))).get();
        }

        await().atMost(Duration.ofSeconds(120)).until(run::isDone);
        var execution = run.get();
        assertThat(execution.exitCode()).as(execution.err()).isEqualTo(StageStoppedException.EXIT_CODE);
        assertThat(execution.out()).contains("running stages [planner]");
        assertThat(execution.err())
                .contains("gleaner run: stage planner (application id it-" + name + ") stopped for good in state ERROR")
                .contains("no schema registry answered GET /schemas/ids/1")
                .contains("exiting so that a supervisor restarts the process");
    }

    /** A local port nothing listens on. */
    private static int closedPort() throws IOException {
        try (var socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
