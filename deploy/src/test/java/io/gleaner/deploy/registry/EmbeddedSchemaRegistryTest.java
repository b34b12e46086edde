package io.gleaner.deploy.registry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.gleaner.schemas.avro.Resources;
import io.gleaner.schemas.avro.TaskReport;
import io.gleaner.schemas.avro.UtilizationSample;
import io.gleaner.schemas.serde.RegisteredSchema;
import io.gleaner.schemas.serde.RegistryConfig;
import io.gleaner.schemas.serde.RestSchemaRegistryClient;
import io.gleaner.schemas.serde.SchemaRegistryException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The registry's HTTP behaviour over a store in a list; {@code EmbeddedSchemaRegistryIT} runs it on Kafka. */
class EmbeddedSchemaRegistryTest {

    private final MemorySchemaLog schemaLog = new MemorySchemaLog();
    private EmbeddedSchemaRegistry registry;
    private RestSchemaRegistryClient client;
    private RegistryHttp http;

    @BeforeEach
    void start() {
        registry = new EmbeddedSchemaRegistry(EmbeddedSchemaRegistryConfig.of("unused:9092"), schemaLog).start();
        client = new RestSchemaRegistryClient(RegistryConfig.of(registry.url()));
        http = new RegistryHttp(registry.url());
    }

    @AfterEach
    void stop() {
        registry.close();
    }

    @Test
    void shouldRegisterFetchByIdAndReportTheLatestVersion() {
        int id = client.register("gleaner.nodes.utilization-value", UtilizationSample.getClassSchema());

        assertThat(id).isEqualTo(1);
        assertThat(client.schemaById(1)).isEqualTo(UtilizationSample.getClassSchema());
        assertThat(client.latest("gleaner.nodes.utilization-value")).isEqualTo(new RegisteredSchema(
                "gleaner.nodes.utilization-value", 1, 1, UtilizationSample.getClassSchema()));
    }

    @Test
    void shouldStoreARegistrationBeforeAnsweringWithItsId() {
        int id = client.register("s", Resources.getClassSchema());

        assertThat(schemaLog.records()).containsExactly(new StoredSchema("s", 1, id,
                Resources.getClassSchema().toString()));
    }

    @Test
    void shouldGiveAnIdenticalSchemaItsExistingIdWithoutWritingAgain() throws Exception {
        int first = client.register("a-value", Resources.getClassSchema());
        // A second client has no cache, so this reaches the registry; so does the raw, differently spaced text.
        int again = new RestSchemaRegistryClient(RegistryConfig.of(registry.url()))
                .register("a-value", Resources.getClassSchema());
        var raw = http.post("/subjects/a-value/versions",
                RegistryHttp.schemaBody(Resources.getClassSchema().toString().replace("\":", "\" : "), null));
        int otherSubject = client.register("b-value", Resources.getClassSchema());

        assertThat(again).isEqualTo(first);
        assertThat(raw.body().get("id").asInt()).isEqualTo(first);
        assertThat(otherSubject).isEqualTo(first);
        assertThat(schemaLog.records()).extracting(StoredSchema::subject).containsExactly("a-value", "b-value");
    }

    @Test
    void shouldListSubjectsVersionsAndTheUsesOfAnId() throws Exception {
        // Two unrelated records as versions of one subject: only a subject at level NONE takes that.
        http.put("/config/a-value", RegistryHttp.levelBody("NONE"));
        client.register("b-value", Resources.getClassSchema());
        client.register("a-value", Resources.getClassSchema());
        client.register("a-value", UtilizationSample.getClassSchema());

        assertThat(http.get("/subjects").body()).hasToString("[\"a-value\",\"b-value\"]");
        assertThat(http.get("/subjects/a-value/versions").body()).hasToString("[1,2]");
        assertThat(http.get("/schemas/ids/1/versions").body())
                .hasToString("[{\"subject\":\"a-value\",\"version\":1},{\"subject\":\"b-value\",\"version\":1}]");
        var second = http.get("/subjects/a-value/versions/2").body();
        assertThat(second.get("subject").asText()).isEqualTo("a-value");
        assertThat(second.get("version").asInt()).isEqualTo(2);
        assertThat(second.get("id").asInt()).isEqualTo(2);
        assertThat(second.get("schema").asText()).isEqualTo(UtilizationSample.getClassSchema().toString());
        assertThat(http.get("/subjects/a-value/versions/1/schema").body().get("name").asText())
                .isEqualTo("Resources");
        assertThat(http.get("/config").body()).hasToString("{\"compatibilityLevel\":\"BACKWARD\"}");
    }

    @Test
    void shouldLookUpWithoutRegistering() {
        client.register("a-value", Resources.getClassSchema());

        assertThat(client.idOf("a-value", Resources.getClassSchema())).isEqualTo(1);
        assertThatThrownBy(() -> client.idOf("a-value", UtilizationSample.getClassSchema()))
                .isInstanceOfSatisfying(SchemaRegistryException.class, e -> {
                    assertThat(e.status()).isEqualTo(404);
                    assertThat(e.errorCode()).isEqualTo(40403);
                    assertThat(e.registryMessage()).isEqualTo("Schema not found");
                });
        assertThatThrownBy(() -> client.idOf("b-value", Resources.getClassSchema()))
                .isInstanceOfSatisfying(SchemaRegistryException.class, e -> {
                    assertThat(e.errorCode()).isEqualTo(40401);
                    assertThat(e.registryMessage()).isEqualTo("Subject 'b-value' not found.");
                });
        assertThat(schemaLog.records()).hasSize(1);
    }

    @Test
    void shouldAnswer42201WithAvrosReasonForASchemaItCannotParse() throws Exception {
        var answer = http.post("/subjects/s/versions",
                RegistryHttp.schemaBody("{\"type\": \"record\", \"name\": \"R\", \"fields\": [{\"name\": \"x\"}]}",
                        null));

        assertThat(answer.status()).isEqualTo(422);
        assertThat(answer.body().get("error_code").asInt()).isEqualTo(42201);
        assertThat(answer.body().get("message").asText()).startsWith("Invalid schema: ").contains("x");
        assertThat(schemaLog.records()).isEmpty();
    }

    @Test
    void shouldAnswer42201ForOtherSchemaTypesAndBodiesWithoutASchema() throws Exception {
        var protobuf = http.post("/subjects/s/versions", RegistryHttp.schemaBody("syntax = \"proto3\";", "PROTOBUF"));
        var avro = http.post("/subjects/s/versions", RegistryHttp.schemaBody("\"string\"", "AVRO"));
        var empty = http.post("/subjects/s/versions", new ObjectMapper().createObjectNode());

        assertThat(protobuf.status()).isEqualTo(422);
        assertThat(protobuf.body().get("error_code").asInt()).isEqualTo(42201);
        assertThat(protobuf.body().get("message").asText()).contains("PROTOBUF").contains("AVRO only");
        assertThat(avro.status()).isEqualTo(200);
        assertThat(empty.body().get("message").asText()).contains("no \"schema\" string");
    }

    @Test
    void shouldAnswerTheRegistrysErrorCodesForUnknownThings() throws Exception {
        client.register("s", Resources.getClassSchema());

        assertThat(http.get("/schemas/ids/99").body()).hasToString(
                "{\"error_code\":40403,\"message\":\"Schema 99 not found\"}");
        assertThat(http.get("/schemas/ids/99").status()).isEqualTo(404);
        assertThat(http.get("/subjects/t/versions").body().get("error_code").asInt()).isEqualTo(40401);
        assertThat(http.get("/subjects/s/versions/2").body()).hasToString(
                "{\"error_code\":40402,\"message\":\"Version 2 not found.\"}");
        var badVersion = http.get("/subjects/s/versions/first");
        assertThat(badVersion.status()).isEqualTo(422);
        assertThat(badVersion.body().get("error_code").asInt()).isEqualTo(42202);
        assertThat(http.get("/nowhere").status()).isEqualTo(404);
    }

    @Test
    void shouldAnswer50001AndHandOutNoIdWhenTheStoreFails() {
        schemaLog.failWrites(true);
        // Sent once: the client's retries of a 5xx would each take an id and wait between attempts.
        var once = new RestSchemaRegistryClient(RegistryConfig.from(Map.of(RegistryConfig.SCHEMA_REGISTRY_URL,
                registry.url(), RegistryConfig.MAX_RETRIES, 0)));

        assertThatThrownBy(() -> once.register("s", Resources.getClassSchema()))
                .isInstanceOfSatisfying(SchemaRegistryException.class, e -> {
                    assertThat(e.status()).isEqualTo(500);
                    assertThat(e.errorCode()).isEqualTo(50001);
                    // The store's exception text is logged, not sent to the client.
                    assertThat(e.registryMessage()).doesNotContain("broker unavailable")
                            .isEqualTo("Error while storing the schema in the backend store");
                });
        assertThatThrownBy(() -> once.latest("s")).isInstanceOf(SchemaRegistryException.class);

        schemaLog.failWrites(false);
        // Id 1 and version 1 went to a write that may yet land; they are not handed out again.
        assertThat(client.register("s", Resources.getClassSchema())).isEqualTo(2);
        assertThat(client.latest("s").version()).isEqualTo(2);
    }

    @Test
    void shouldKeepIdsAcrossARestartOnTheSameStore() throws Exception {
        http.put("/config/a-value", RegistryHttp.levelBody("NONE"));
        client.register("a-value", Resources.getClassSchema());
        client.register("b-value", UtilizationSample.getClassSchema());
        registry.close();

        registry = new EmbeddedSchemaRegistry(EmbeddedSchemaRegistryConfig.of("unused:9092"), schemaLog).start();
        var restarted = new RestSchemaRegistryClient(RegistryConfig.of(registry.url()));

        assertThat(restarted.schemaById(2)).isEqualTo(UtilizationSample.getClassSchema());
        assertThat(restarted.register("a-value", Resources.getClassSchema())).isEqualTo(1);
        assertThat(restarted.register("a-value", UtilizationSample.getClassSchema())).isEqualTo(2);
        assertThat(restarted.register("c-value", TaskReport.getClassSchema())).isEqualTo(3);
    }

    @Test
    void shouldReleaseItsPortOnClose() throws IOException {
        int port = registry.port();
        registry.close();

        try (var socket = new ServerSocket()) {
            socket.bind(new InetSocketAddress(InetAddress.getByName("localhost"), port));
            assertThat(socket.getLocalPort()).isEqualTo(port);
        }
    }

    @Test
    void shouldRefuseToStartTwice() {
        assertThatThrownBy(() -> registry.start())
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("already started");
    }
}
