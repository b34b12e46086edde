package io.gleaner.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import io.gleaner.schemas.CleanupPolicy;
import io.gleaner.schemas.Topic;
import io.gleaner.schemas.avro.Metric;
import io.gleaner.schemas.avro.UsageSource;
import io.gleaner.schemas.avro.UtilizationSample;
import io.gleaner.schemas.serde.AvroSerde;
import io.gleaner.schemas.serde.InMemorySchemaRegistryClient;
import io.gleaner.schemas.serde.RegistryConfig;
import io.gleaner.schemas.serde.RestSchemaRegistryClient;
import io.gleaner.schemas.serde.SchemaRegistryException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.kstream.Named;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A stage's source against a schema registry over real HTTP that fails: one record's schema lookup runs the REST
 * client's retry loop once, within {@value RegistryConfig#DEADLINE_MS}, and then the stage stops with the record
 * uncommitted. (The event-time extractor used to swallow the failure and the decode step to look the schema up
 * again: two loops, twice the deadline.)
 */
class RegistryOutageTest {

    private static final Topic<String, UtilizationSample> SAMPLES =
            new Topic<>("samples", String.class, UtilizationSample.class, 1, CleanupPolicy.DELETE, null);

    private final List<String> requests = new CopyOnWriteArrayList<>();
    /** Released when the test ends, so that the handlers that hang can return. */
    private final CountDownLatch released = new CountDownLatch(1);
    private ExecutorService handlers;
    private HttpServer server;

    @BeforeEach
    void startServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        // A thread per request: with the server's own single dispatcher thread, a handler that hangs would keep
        // later requests from being read at all, and the test could not count them.
        handlers = Executors.newCachedThreadPool();
        server.setExecutor(handlers);
        server.start();
    }

    @AfterEach
    void stopServer() {
        released.countDown();
        server.stop(0);
        handlers.shutdownNow();
    }

    @Test
    @Timeout(30)
    void shouldLookTheSchemaUpInOneRetryLoopBoundedByTheDeadlineWhenTheRegistryHangs() {
        // Takes every request and never answers: each attempt waits until the deadline, so one loop is one request.
        server.createContext("/", exchange -> {
            requests.add(exchange.getRequestMethod() + " " + exchange.getRequestURI().getPath());
            try {
                released.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            exchange.close();
        });
        var retries = new RegistryConfig.Retries(3, Duration.ofMillis(50), Duration.ofMillis(50),
                Duration.ofMillis(700));

        assertThatThrownBy(() -> pipeOneSample(retries))
                .hasRootCauseInstanceOf(java.net.http.HttpTimeoutException.class)
                .satisfies(e -> assertThat(registryFailure(e).status()).isEqualTo(SchemaRegistryException.NO_RESPONSE))
                .hasStackTraceContaining(RegistryConfig.DEADLINE_MS + " of 700 ms");
        assertThat(requests).containsExactly("GET /schemas/ids/1");
    }

    @Test
    @Timeout(30)
    void shouldSpendTheRetriesOnceWhenTheRegistryAnswersUnavailable() {
        server.createContext("/", exchange -> {
            requests.add(exchange.getRequestMethod() + " " + exchange.getRequestURI().getPath());
            var body = "{\"error_code\":50003,\"message\":\"Error while forwarding the request\"}"
                    .getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(503, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        var retries = new RegistryConfig.Retries(2, Duration.ofMillis(10), Duration.ofMillis(10),
                Duration.ofSeconds(20));

        assertThatThrownBy(() -> pipeOneSample(retries))
                .satisfies(e -> assertThat(registryFailure(e).status()).isEqualTo(503));
        // The first attempt and 2 retries, once: not again by the decode step.
        assertThat(requests).hasSize(3).containsOnly("GET /schemas/ids/1");
    }

    /** Pipes one good sample, written with schema id 1, into a source whose registry is the test's server. */
    private void pipeOneSample(RegistryConfig.Retries retries) {
        var written = AvroSerde.of(UtilizationSample.class, new InMemorySchemaRegistryClient()).serializer()
                .serialize(SAMPLES.name(), UtilizationSample.newBuilder().setNodeId("n1")
                        .setTime(Instant.ofEpochSecond(1_000)).setMetric(Metric.CPU).setSource(UsageSource.REGULAR)
                        .setValue(0.5).build());
        var client = new RestSchemaRegistryClient(RegistryConfig.of("http://127.0.0.1:" + server.getAddress().getPort())
                .withRetries(retries));
        var builder = new StreamsBuilder();
        DecodedSource.stream(builder, SAMPLES, AvroSerde.of(UtilizationSample.class, client), UtilizationSample::getTime,
                        new EventTimeBound(EventTimeBound.DEFAULT_MAX_AHEAD, java.time.InstantSource.system()), "samples",
                        "test")
                .foreach((key, decoded) -> { }, Named.as("sink"));
        var props = new Properties();
        props.put(StreamsConfig.APPLICATION_ID_CONFIG, "registry-outage-test");
        props.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "unused:9092");
        try (var driver = new TopologyTestDriver(builder.build(), props)) {
            driver.createInputTopic(SAMPLES.name(), new StringSerializer(), Serdes.ByteArray().serializer())
                    .pipeInput("n1", written);
        }
    }

    private static SchemaRegistryException registryFailure(Throwable error) {
        for (var cause = error; cause != null; cause = cause.getCause()) {
            if (cause instanceof SchemaRegistryException registry) {
                return registry;
            }
        }
        throw new AssertionError("no SchemaRegistryException in the causes of " + error, error);
    }
}
