package io.gleaner.schemas.serde;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.gleaner.schemas.avro.Resources;
import io.gleaner.schemas.avro.UtilizationSample;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.http.HttpClient;
import java.util.Map;
import org.apache.kafka.common.errors.SerializationException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class RestSchemaRegistryClientTest {

    private FakeRegistryServer server;
    private RestSchemaRegistryClient client;

    @BeforeEach
    void start() throws IOException {
        server = new FakeRegistryServer();
        client = withoutWaiting(server.url());
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void shouldRegisterWithAPostOfTheSchemaTextToTheSubjectsVersions() throws IOException {
        int id = client.register("gleaner.jobs submitted-value", Resources.getClassSchema());

        assertThat(id).isEqualTo(1);
        var request = server.requests().get(0);
        assertThat(request.method()).isEqualTo("POST");
        assertThat(request.path()).isEqualTo("/subjects/gleaner.jobs%20submitted-value/versions");
        assertThat(request.contentType()).isEqualTo("application/vnd.schemaregistry.v1+json");
        var body = new ObjectMapper().readTree(request.body());
        assertThat(body.get("schema").asText()).isEqualTo(Resources.getClassSchema().toString());
        assertThat(request.authorization()).isNull();
    }

    @Test
    void shouldAskOncePerSubjectAndSchema() {
        client.register("a-value", Resources.getClassSchema());
        client.register("a-value", Resources.getClassSchema());
        client.register("b-value", Resources.getClassSchema());

        assertThat(server.requests()).extracting(FakeRegistryServer.Request::path)
                .containsExactly("/subjects/a-value/versions", "/subjects/b-value/versions");
    }

    @Test
    void shouldLookUpWithAPostToTheSubject() {
        server.store().register("a-value", Resources.getClassSchema());

        assertThat(client.idOf("a-value", Resources.getClassSchema())).isEqualTo(1);
        assertThat(server.requests()).extracting(r -> r.method() + " " + r.path())
                .containsExactly("POST /subjects/a-value");
    }

    @Test
    void shouldFetchSchemasByIdOnceAndLatestEveryTime() {
        server.store().register("a-value", Resources.getClassSchema());
        server.store().register("a-value", UtilizationSample.getClassSchema());

        assertThat(client.schemaById(1)).isEqualTo(Resources.getClassSchema());
        assertThat(client.schemaById(1)).isEqualTo(Resources.getClassSchema());
        assertThat(client.latest("a-value"))
                .isEqualTo(new RegisteredSchema("a-value", 2, 2, UtilizationSample.getClassSchema()));
        assertThat(client.latest("a-value").version()).isEqualTo(2);

        assertThat(server.requests()).extracting(r -> r.method() + " " + r.path())
                .containsExactly("GET /schemas/ids/1", "GET /subjects/a-value/versions/latest",
                        "GET /subjects/a-value/versions/latest");
    }

    @Test
    void shouldCarryTheRegistrysStatusErrorCodeAndMessage() {
        assertThatThrownBy(() -> client.schemaById(42))
                .isInstanceOfSatisfying(SchemaRegistryException.class, e -> {
                    assertThat(e.status()).isEqualTo(404);
                    assertThat(e.errorCode()).isEqualTo(40403);
                    assertThat(e.registryMessage()).isEqualTo("Schema 42 not found");
                    assertThat(e).hasMessage("Schema 42 not found; error code: 40403");
                });
    }

    @Test
    void shouldCarryTheStatusWhenTheAnswerIsNotTheRegistrysJson() {
        server.answerWith(502, "<html>Bad Gateway</html>");

        assertThatThrownBy(() -> client.latest("a-value"))
                .isInstanceOfSatisfying(SchemaRegistryException.class, e -> {
                    assertThat(e.status()).isEqualTo(502);
                    assertThat(e.registryMessage()).contains("HTTP 502").contains("<html>Bad Gateway</html>");
                });
    }

    @Test
    void shouldSendBasicAuthFromUserInfo() {
        // RFC 7617 section 2: user "Aladdin", password "open sesame".
        var authed = new RestSchemaRegistryClient(RegistryConfig.from(Map.of(
                RegistryConfig.SCHEMA_REGISTRY_URL, server.url(),
                RegistryConfig.BASIC_AUTH_CREDENTIALS_SOURCE, "USER_INFO",
                RegistryConfig.BASIC_AUTH_USER_INFO, "Aladdin:open sesame")));

        authed.register("a-value", Resources.getClassSchema());

        assertThat(server.requests().get(0).authorization()).isEqualTo("Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==");
    }

    @Test
    void shouldTryTheNextUrlWhenOneDoesNotAnswer() throws IOException {
        var failover = new RestSchemaRegistryClient(RegistryConfig.of(deadUrl() + "," + server.url()));

        assertThat(failover.register("a-value", Resources.getClassSchema())).isEqualTo(1);
        assertThat(server.requests()).hasSize(1);
    }

    @Test
    void shouldSayWhichUrlsFailedWhenNoneAnswers() throws IOException {
        var dead = deadUrl();
        var nowhere = withoutWaiting(dead);

        assertThatThrownBy(() -> nowhere.schemaById(1))
                .isInstanceOfSatisfying(SchemaRegistryException.class, e -> {
                    assertThat(e.status()).isEqualTo(SchemaRegistryException.NO_RESPONSE);
                    assertThat(e.registryMessage()).contains("no schema registry answered GET /schemas/ids/1")
                            .contains(dead);
                });
    }

    @Test
    void shouldSerializeTwiceWithOneRegistrationAndDeserializeTwiceWithOneFetch() {
        var writer = new AvroSerializer<>(UtilizationSample.class, client);
        // A second client, so that the reader cannot use what the writer's client learnt when registering.
        var reader = new AvroDeserializer<>(UtilizationSample.class,
                new RestSchemaRegistryClient(RegistryConfig.of(server.url())));

        var first = writer.serialize("gleaner.nodes.utilization", SerdeFixtures.utilizationSample());
        var second = writer.serialize("gleaner.nodes.utilization", SerdeFixtures.utilizationSample());
        reader.deserialize("gleaner.nodes.utilization", first);
        reader.deserialize("gleaner.nodes.utilization", second);

        assertThat(server.requests()).extracting(r -> r.method() + " " + r.path())
                .containsExactly("POST /subjects/gleaner.nodes.utilization-value/versions", "GET /schemas/ids/1");
    }

    @Test
    void shouldFailSerializationWithTheRegistrysMessageWhenAutoRegisterIsOff() {
        var serializer = new AvroSerializer<UtilizationSample>();
        serializer.configure(Map.of(RegistryConfig.SCHEMA_REGISTRY_URL, server.url(),
                RegistryConfig.AUTO_REGISTER_SCHEMAS, "false"), false);

        assertThatThrownBy(() -> serializer.serialize("gleaner.nodes.utilization", SerdeFixtures.utilizationSample()))
                .isInstanceOf(SerializationException.class)
                .hasMessageContaining("Subject 'gleaner.nodes.utilization-value' not found.")
                .hasMessageContaining("error code: 40401");
        assertThat(server.requests()).extracting(r -> r.method() + " " + r.path())
                .containsExactly("POST /subjects/gleaner.nodes.utilization-value");
    }

    @Test
    void shouldLetARegistryOutageThroughTheDeserializerAsSuchNotAsBadInput() throws IOException {
        var bytes = WireFormat.encode(1, new byte[] {0x02});
        var unreachable = new AvroDeserializer<>(UtilizationSample.class,
                withoutWaiting(deadUrl()));
        server.answerWith(503, "{\"error_code\":50003,\"message\":\"Error while forwarding the request\"}");
        var failing = new AvroDeserializer<>(UtilizationSample.class, client);

        assertThatThrownBy(() -> unreachable.deserialize("t", bytes))
                .isExactlyInstanceOf(SchemaRegistryException.class);
        assertThatThrownBy(() -> failing.deserialize("t", bytes))
                .isInstanceOfSatisfying(SchemaRegistryException.class,
                        e -> assertThat(e.errorCode()).isEqualTo(50003));
    }

    /** A client of {@code urls} that retries as by default but does not wait between retries. */
    static RestSchemaRegistryClient withoutWaiting(String urls) {
        return new RestSchemaRegistryClient(RegistryConfig.of(urls), HttpClient.newHttpClient(), delay -> { });
    }

    /** A URL on which nothing listens: a port the OS just handed out and took back. */
    static String deadUrl() throws IOException {
        try (var socket = new ServerSocket(0)) {
            return "http://localhost:" + socket.getLocalPort();
        }
    }
}
