package io.gleaner.schemas.serde;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gleaner.schemas.avro.Resources;
import io.gleaner.schemas.avro.UtilizationSample;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The REST client sends a request again after a transient failure, and only then, waiting as configured. */
class RestSchemaRegistryClientRetryTest {

    private static final String UNAVAILABLE =
            "{\"error_code\":50003,\"message\":\"Error while forwarding the request\"}";
    /** 3 retries (4 attempts), 100 ms doubling to at most 300 ms. */
    private static final RegistryConfig.Retries RETRIES =
            new RegistryConfig.Retries(3, Duration.ofMillis(100), Duration.ofMillis(300));

    private final List<Duration> waits = new CopyOnWriteArrayList<>();
    private FakeRegistryServer server;
    private RestSchemaRegistryClient client;

    @BeforeEach
    void start() throws IOException {
        server = new FakeRegistryServer();
        server.store().register("a-value", Resources.getClassSchema());
        client = recordingWaits(server.url());
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void shouldAnswerOnceTheRegistryRecoversWithinTheRetries() {
        server.answerWith(503, UNAVAILABLE, 2);

        assertThat(client.schemaById(1)).isEqualTo(Resources.getClassSchema());
        assertThat(server.requests()).extracting(r -> r.method() + " " + r.path())
                .containsExactly("GET /schemas/ids/1", "GET /schemas/ids/1", "GET /schemas/ids/1");
        assertThat(waits).containsExactly(Duration.ofMillis(100), Duration.ofMillis(200));
    }

    @Test
    void shouldGiveUpWithTheLastStatusAfterEveryRetryWasSpent() {
        server.answerWith(503, UNAVAILABLE);

        assertThatThrownBy(() -> client.latest("a-value"))
                .isInstanceOfSatisfying(SchemaRegistryException.class, e -> {
                    assertThat(e.status()).isEqualTo(503);
                    assertThat(e.errorCode()).isEqualTo(50003);
                });
        // The first attempt and 3 retries.
        assertThat(server.requests()).hasSize(4);
    }

    @Test
    void shouldDoubleTheWaitUpToItsCap() {
        server.answerWith(500, "{\"error_code\":50001,\"message\":\"Error in the backend data store\"}");

        assertThatThrownBy(() -> client.register("b-value", UtilizationSample.getClassSchema()))
                .isInstanceOf(SchemaRegistryException.class);
        // 100, then 200, then 400 capped to 300.
        assertThat(waits).containsExactly(Duration.ofMillis(100), Duration.ofMillis(200), Duration.ofMillis(300));
    }

    @Test
    void shouldRetryWhenTheRegistryAsksToSlowDown() {
        server.answerWith(429, "{\"error_code\":429,\"message\":\"Too many requests\"}", 1);

        assertThat(client.idOf("a-value", Resources.getClassSchema())).isEqualTo(1);
        assertThat(server.requests()).hasSize(2);
    }

    @Test
    void shouldNotRetryAnAnswerAboutTheRequest() {
        assertThatThrownBy(() -> client.latest("no-such-subject"))
                .isInstanceOfSatisfying(SchemaRegistryException.class,
                        e -> assertThat(e.errorCode()).isEqualTo(SchemaRegistryException.SUBJECT_NOT_FOUND));
        server.answerWith(422, "{\"error_code\":42201,\"message\":\"Invalid schema\"}");
        assertThatThrownBy(() -> client.register("b-value", UtilizationSample.getClassSchema()))
                .isInstanceOfSatisfying(SchemaRegistryException.class, e -> assertThat(e.status()).isEqualTo(422));

        assertThat(server.requests()).extracting(r -> r.method() + " " + r.path())
                .containsExactly("GET /subjects/no-such-subject/versions/latest", "POST /subjects/b-value/versions");
        assertThat(waits).isEmpty();
    }

    @Test
    void shouldRetryARefusedConnectionAndThenSayNoRegistryAnswered() throws IOException {
        var nowhere = recordingWaits(RestSchemaRegistryClientTest.deadUrl());

        assertThatThrownBy(() -> nowhere.schemaById(1))
                .isInstanceOfSatisfying(SchemaRegistryException.class,
                        e -> assertThat(e.status()).isEqualTo(SchemaRegistryException.NO_RESPONSE));
        // One wait before each of the 3 retries: 4 attempts.
        assertThat(waits).hasSize(3);
    }

    @Test
    void shouldSendEachRequestOnceWithoutRetries() {
        var once = new RestSchemaRegistryClient(RegistryConfig.of(server.url())
                .withRetries(new RegistryConfig.Retries(0, Duration.ofMillis(100), Duration.ofMillis(100))),
                HttpClient.newHttpClient(), waits::add);
        server.answerWith(503, UNAVAILABLE);

        assertThatThrownBy(() -> once.schemaById(1)).isInstanceOf(SchemaRegistryException.class);
        assertThat(server.requests()).hasSize(1);
        assertThat(waits).isEmpty();
    }

    @Test
    void shouldNotStartARetryThatWouldBeginAfterTheDeadline() {
        // The clock moves only while the client waits, so the attempts themselves take no time.
        var nanos = new AtomicLong();
        var bounded = new RestSchemaRegistryClient(RegistryConfig.of(server.url()).withRetries(
                new RegistryConfig.Retries(10, Duration.ofMillis(100), Duration.ofMillis(300), Duration.ofSeconds(1))),
                HttpClient.newHttpClient(), delay -> {
                    waits.add(delay);
                    nanos.addAndGet(delay.toNanos());
                }, nanos::get);
        server.answerWith(503, UNAVAILABLE);

        assertThatThrownBy(() -> bounded.schemaById(1))
                .isInstanceOfSatisfying(SchemaRegistryException.class, e -> {
                    assertThat(e.status()).isEqualTo(503);
                    assertThat(e.isTransient()).as("still an outage, not bad input").isTrue();
                })
                .hasMessageContaining("gave up after 5 attempt(s): a retry in 300 ms would pass the "
                        + "gleaner.registry.deadline-ms of 1000 ms");
        // 100 + 200 + 300 + 300 = 900 ms waited; another 300 ms would end past 1000 ms.
        assertThat(waits).containsExactly(Duration.ofMillis(100), Duration.ofMillis(200), Duration.ofMillis(300),
                Duration.ofMillis(300));
        assertThat(server.requests()).hasSize(5);
    }

    @Test
    @Timeout(20)
    void shouldWaitForAnAnswerOnlyUntilTheDeadline() throws IOException {
        // Takes the connection and never answers: without the deadline each attempt would wait 30 s.
        try (var silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            var bounded = new RestSchemaRegistryClient(RegistryConfig.of("http://127.0.0.1:" + silent.getLocalPort())
                    .withRetries(new RegistryConfig.Retries(3, Duration.ofMillis(100), Duration.ofMillis(100),
                            Duration.ofMillis(500))), HttpClient.newHttpClient(), waits::add);

            assertThatThrownBy(() -> bounded.schemaById(1))
                    .isInstanceOfSatisfying(SchemaRegistryException.class,
                            e -> assertThat(e.status()).isEqualTo(SchemaRegistryException.NO_RESPONSE))
                    .hasMessageContaining("gleaner.registry.deadline-ms of 500 ms");
        }
    }

    @Test
    @Timeout(20)
    void shouldWaitForTheWholeBodyOnlyUntilTheDeadline() throws Exception {
        // Sends the headers and one byte of a 1,000-byte body, then nothing: a request timeout ends at the headers.
        try (var stalling = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            var connections = new CopyOnWriteArrayList<Socket>();
            var acceptor = new Thread(() -> {
                try {
                    while (true) {
                        var socket = stalling.accept();
                        connections.add(socket);
                        socket.getOutputStream().write(("HTTP/1.1 200 OK\r\nContent-Type: "
                                + RestSchemaRegistryClient.CONTENT_TYPE + "\r\nContent-Length: 1000\r\n\r\n{")
                                .getBytes(StandardCharsets.US_ASCII));
                        socket.getOutputStream().flush();
                    }
                } catch (IOException closed) {
                    // The test is over.
                }
            });
            acceptor.setDaemon(true);
            acceptor.start();
            var bounded = new RestSchemaRegistryClient(RegistryConfig.of("http://127.0.0.1:" + stalling.getLocalPort())
                    .withRetries(new RegistryConfig.Retries(3, Duration.ofMillis(100), Duration.ofMillis(100),
                            Duration.ofMillis(500))), HttpClient.newHttpClient(), waits::add);

            try {
                assertThatThrownBy(() -> bounded.schemaById(1))
                        .isInstanceOfSatisfying(SchemaRegistryException.class,
                                e -> assertThat(e.status()).isEqualTo(SchemaRegistryException.NO_RESPONSE))
                        .hasMessageContaining("gleaner.registry.deadline-ms of 500 ms");
                assertThat(connections).as("the registry was reached and sent its headers").isNotEmpty();
            } finally {
                for (var socket : connections) {
                    socket.close();
                }
            }
        }
    }

    @Test
    void shouldStopRetryingWhenInterruptedWhileWaiting() {
        var interruptible = new RestSchemaRegistryClient(RegistryConfig.of(server.url()).withRetries(RETRIES),
                HttpClient.newHttpClient(), delay -> {
                    throw new InterruptedException("stage closing");
                });
        server.answerWith(503, UNAVAILABLE);

        try {
            assertThatThrownBy(() -> interruptible.schemaById(1))
                    .isInstanceOfSatisfying(SchemaRegistryException.class, e -> assertThat(e.status()).isEqualTo(503));
            assertThat(server.requests()).hasSize(1);
            assertThat(Thread.currentThread().isInterrupted()).as("the interrupt is kept for the caller").isTrue();
        } finally {
            Thread.interrupted();
        }
    }

    @Test
    void shouldLetARegistryThatStaysBusyThroughTheDeserializerAsAnOutageNotAsBadInput() {
        var deserializer = new AvroDeserializer<>(Resources.class, client);
        server.answerWith(429, "{\"error_code\":429,\"message\":\"Too many requests\"}");

        assertThatThrownBy(() -> deserializer.deserialize("t", WireFormat.encode(1, new byte[] {0x02})))
                .isExactlyInstanceOf(SchemaRegistryException.class);
    }

    private RestSchemaRegistryClient recordingWaits(String urls) {
        return new RestSchemaRegistryClient(RegistryConfig.of(urls).withRetries(RETRIES), HttpClient.newHttpClient(),
                waits::add);
    }
}
