package io.gleaner.deploy.registry;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gleaner.schemas.avro.DeadLetter;
import io.gleaner.schemas.avro.NodeHeartbeat;
import io.gleaner.schemas.avro.Resources;
import io.gleaner.schemas.serde.RegistryConfig;
import io.gleaner.schemas.serde.RestSchemaRegistryClient;
import io.gleaner.schemas.testing.TestKafka;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.Timeout;

/**
 * Each endpoint of docs/schema-registry.md over HTTP, against the embedded registry on the in-JVM broker: what it
 * answers, its Confluent error codes, and that what it changes survives a restart.
 */
@Tag("integration")
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class SchemaRegistryEndpointsIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** The shipped .avsc files, as another language's client would read them from the repository. */
    private static final Path AVRO_SOURCES = Path.of("..", "schemas", "src", "main", "avro");

    private static TestKafka cluster;

    private final List<EmbeddedSchemaRegistry> started = new ArrayList<>();
    private EmbeddedSchemaRegistryConfig config;
    private RegistryHttp http;
    private String subject;

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

    @BeforeEach
    void start(TestInfo test) {
        var name = test.getTestMethod().orElseThrow().getName();
        config = EmbeddedSchemaRegistryConfig.of(cluster.bootstrapServers()).withTopic("it." + name + "._schemas");
        http = new RegistryHttp(start().url());
        subject = name + "-value";
    }

    @AfterEach
    void closeRegistries() {
        started.forEach(EmbeddedSchemaRegistry::close);
    }

    @Test
    void shouldServeTheRootTheSchemaTypesAndModeReadWrite() throws Exception {
        assertThat(http.get("/").body()).hasToString("{}");
        assertThat(http.get("/schemas/types").body()).hasToString("[\"AVRO\"]");
        assertThat(http.get("/mode").body()).hasToString("{\"mode\":\"READWRITE\"}");
    }

    @Test
    void shouldServeSubjectsVersionsAndSchemasById() throws Exception {
        int id = register(subject, Resources.getClassSchema().toString()).body().get("id").asInt();

        assertThat(http.get("/subjects").body()).hasToString("[\"" + subject + "\"]");
        assertThat(http.get("/subjects/" + subject + "/versions").body()).hasToString("[1]");
        assertThat(http.get("/subjects/" + subject + "/versions/latest").body().get("id").asInt()).isEqualTo(id);
        assertThat(http.get("/subjects/" + subject + "/versions/1/schema").body().get("name").asText())
                .isEqualTo("Resources");
        assertThat(http.get("/schemas/ids/" + id).body().get("schema").asText())
                .isEqualTo(Resources.getClassSchema().toString());
        assertThat(http.get("/schemas/ids/" + id + "/versions").body())
                .hasToString("[{\"subject\":\"" + subject + "\",\"version\":1}]");
        assertThat(http.post("/subjects/" + subject, schemaBody(Resources.getClassSchema().toString()))
                .body().get("version").asInt()).isEqualTo(1);
    }

    @Test
    void shouldAnswerBackwardAsTheGlobalLevelUntilOneIsSetAndAgainOnceItIsRemoved() throws Exception {
        assertThat(http.get("/config").body()).hasToString("{\"compatibilityLevel\":\"BACKWARD\"}");

        var put = http.put("/config", RegistryHttp.levelBody("full_transitive"));

        assertThat(put.body()).hasToString("{\"compatibility\":\"FULL_TRANSITIVE\"}");
        assertThat(http.get("/config").body()).hasToString("{\"compatibilityLevel\":\"FULL_TRANSITIVE\"}");
        assertThat(http.delete("/config").body()).hasToString("{\"compatibilityLevel\":\"FULL_TRANSITIVE\"}");
        assertThat(http.get("/config").body()).hasToString("{\"compatibilityLevel\":\"BACKWARD\"}");
    }

    @Test
    void shouldSetReadAndRemoveASubjectsLevel() throws Exception {
        var unset = http.get("/config/" + subject);
        assertThat(unset.status()).isEqualTo(404);
        assertThat(unset.body().get("error_code").asInt()).isEqualTo(40408);
        assertThat(http.get("/config/" + subject + "?defaultToGlobal=true").body())
                .hasToString("{\"compatibilityLevel\":\"BACKWARD\"}");

        // What the stock JavaScript client does on its first register(): GET, then PUT on the 404.
        assertThat(http.put("/config/" + subject, RegistryHttp.levelBody("NONE")).body())
                .hasToString("{\"compatibility\":\"NONE\"}");

        assertThat(http.get("/config/" + subject).body()).hasToString("{\"compatibilityLevel\":\"NONE\"}");
        assertThat(http.delete("/config/" + subject).body()).hasToString("{\"compatibilityLevel\":\"NONE\"}");
        assertThat(http.get("/config/" + subject).body().get("error_code").asInt()).isEqualTo(40408);
        assertThat(http.delete("/config/" + subject).body().get("error_code").asInt()).isEqualTo(40408);
    }

    @Test
    void shouldRefuseALevelConfluentDoesNotKnowWith42203() throws Exception {
        var answer = http.put("/config/" + subject, RegistryHttp.levelBody("SIDEWAYS"));

        assertThat(answer.status()).isEqualTo(422);
        assertThat(answer.body().get("error_code").asInt()).isEqualTo(42203);
        assertThat(answer.body().get("message").asText()).startsWith("Invalid compatibility level");
        assertThat(http.get("/config/" + subject).status()).isEqualTo(404);
    }

    @Test
    void shouldKeepLevelsAcrossARestartAsConfigRecordsOfTheStoreTopic() throws Exception {
        http.put("/config", RegistryHttp.levelBody("FORWARD"));
        http.put("/config/" + subject, RegistryHttp.levelBody("NONE"));
        started.forEach(EmbeddedSchemaRegistry::close);

        var restarted = new RegistryHttp(start().url());

        assertThat(restarted.get("/config").body()).hasToString("{\"compatibilityLevel\":\"FORWARD\"}");
        assertThat(restarted.get("/config/" + subject).body()).hasToString("{\"compatibilityLevel\":\"NONE\"}");
        // Laid out as Confluent's registry lays out a CONFIG record in _schemas.
        assertThat(storeTopic()).containsEntry("{\"keytype\":\"CONFIG\",\"subject\":\"" + subject + "\",\"magic\":0}",
                "{\"compatibilityLevel\":\"NONE\"}")
                .containsEntry("{\"keytype\":\"CONFIG\",\"subject\":null,\"magic\":0}",
                        "{\"compatibilityLevel\":\"FORWARD\"}");
    }

    @Test
    void shouldRefuseWith409ASchemaTheDefaultBackwardLevelForbids() throws Exception {
        register(subject, Resources.getClassSchema().toString());
        // A new field without a default: the new schema cannot read what version 1 wrote.
        var grown = withField(Resources.getClassSchema().toString(), "{\"name\":\"gpus\",\"type\":\"int\"}");

        var answer = register(subject, grown);

        assertThat(answer.status()).isEqualTo(409);
        assertThat(answer.body().get("error_code").asInt()).isEqualTo(409);
        assertThat(answer.body().get("message").asText())
                .startsWith("Schema being registered is incompatible with an earlier schema for subject \""
                        + subject + "\"")
                .contains("READER_FIELD_MISSING_DEFAULT_VALUE").contains("gpus").contains("BACKWARD");
        assertThat(http.get("/subjects/" + subject + "/versions").body()).hasToString("[1]");
    }

    @Test
    void shouldRefuseTheHeartbeatWithTwoFieldsRemovedUnderFullButNotUnderBackward() throws Exception {
        // Issue 24's case: readers still on the full schema cannot read records written without these two
        // fields (no defaults); BACKWARD only asks that the new schema read the old records, which it can.
        var current = NodeHeartbeat.getClassSchema().toString();
        var cut = withoutFields(current, "speedGflops", "slots");
        var backward = "backward-" + subject;
        register(backward, current);
        http.put("/config/" + subject, RegistryHttp.levelBody("FULL"));
        register(subject, current);

        assertThat(register(backward, cut).status()).isEqualTo(200);
        var refused = register(subject, cut);
        assertThat(refused.status()).isEqualTo(409);
        assertThat(refused.body().get("message").asText()).contains("speedGflops").contains("FULL");
    }

    @Test
    void shouldAcceptTheDeadLetterSchemaGrowingThreeFieldsWithDefaults() throws Exception {
        // DeadLetter as of commit 15a84bb, before keySize, valueSize and valueSha256 (all with defaults).
        var before = read(Path.of("src", "test", "resources", "registry", "DeadLetter-15a84bb.avsc"));
        http.put("/config/" + subject, RegistryHttp.levelBody("FULL_TRANSITIVE"));
        register(subject, before);

        var now = new RestSchemaRegistryClient(RegistryConfig.of(http.url())).register(subject,
                DeadLetter.getClassSchema());

        assertThat(now).isEqualTo(2);
        assertThat(http.get("/subjects/" + subject + "/versions").body()).hasToString("[1,2]");
    }

    @Test
    void shouldCheckCompatibilityWithoutRegistering() throws Exception {
        register(subject, Resources.getClassSchema().toString());
        var grown = withField(Resources.getClassSchema().toString(), "{\"name\":\"gpus\",\"type\":\"int\"}");
        var optional = withField(Resources.getClassSchema().toString(),
                "{\"name\":\"gpus\",\"type\":\"int\",\"default\":0}");

        var bad = http.post("/compatibility/subjects/" + subject + "/versions/latest?verbose=true",
                schemaBody(grown));
        var good = http.post("/compatibility/subjects/" + subject + "/versions/1", schemaBody(optional));
        var all = http.post("/compatibility/subjects/" + subject + "/versions", schemaBody(grown));
        var missing = http.post("/compatibility/subjects/" + subject + "/versions/7", schemaBody(optional));

        assertThat(bad.body().get("is_compatible").asBoolean()).isFalse();
        assertThat(bad.body().get("messages").toString()).contains("gpus");
        assertThat(good.body()).hasToString("{\"is_compatible\":true}");
        assertThat(all.body()).hasToString("{\"is_compatible\":false}");
        assertThat(missing.body().get("error_code").asInt()).isEqualTo(40402);
        assertThat(http.get("/subjects/" + subject + "/versions").body()).hasToString("[1]");
    }

    @Test
    void shouldGiveAnotherLanguagesCopyOfASchemaTheIdOfGleanersGeneratedOne() throws Exception {
        // The .avsc as a JavaScript client sends it: JSON.stringify of the parsed file, no avro.java.string.
        var javascript = JSON.readTree(read(AVRO_SOURCES.resolve("DeadLetter.avsc"))).toString();
        var generated = DeadLetter.getClassSchema();
        assertThat(javascript).doesNotContain("avro.java.string");
        assertThat(generated.toString()).contains("avro.java.string");
        var client = new RestSchemaRegistryClient(RegistryConfig.of(http.url()));

        int fromJavascript = register(subject, javascript).body().get("id").asInt();
        int fromJava = client.register(subject, generated);
        int javaFirst = client.register("java-first-" + subject, generated);
        var lookedUp = http.post("/subjects/java-first-" + subject, schemaBody(javascript));

        assertThat(fromJava).isEqualTo(fromJavascript);
        assertThat(http.get("/subjects/" + subject + "/versions").body()).hasToString("[1]");
        assertThat(javaFirst).isEqualTo(fromJavascript);
        assertThat(lookedUp.body().get("id").asInt()).isEqualTo(fromJavascript);
    }

    @Test
    void shouldAcceptNormalizeTrueOnRegisterAndLookUp() throws Exception {
        var registered = http.post("/subjects/" + subject + "/versions?normalize=true",
                schemaBody(Resources.getClassSchema().toString()));
        var lookedUp = http.post("/subjects/" + subject + "?normalize=true",
                schemaBody(Resources.getClassSchema().toString()));

        assertThat(registered.status()).isEqualTo(200);
        assertThat(lookedUp.body().get("id").asInt()).isEqualTo(registered.body().get("id").asInt());
    }

    @Test
    void shouldSoftDeleteAVersionThenDeleteItPermanently() throws Exception {
        registerTwoVersions();

        assertThat(http.delete("/subjects/" + subject + "/versions/1").body()).hasToString("1");
        assertThat(http.get("/subjects/" + subject + "/versions").body()).hasToString("[2]");
        assertThat(http.get("/subjects/" + subject + "/versions/1").body().get("error_code").asInt())
                .isEqualTo(40402);
        assertThat(http.delete("/subjects/" + subject + "/versions/1").body().get("error_code").asInt())
                .isEqualTo(40406);
        assertThat(http.delete("/subjects/" + subject + "/versions/2?permanent=true").body()
                .get("error_code").asInt()).isEqualTo(40407);
        assertThat(http.delete("/subjects/" + subject + "/versions/1?permanent=true").body()).hasToString("1");
        assertThat(http.delete("/subjects/" + subject + "/versions/1?permanent=true").body()
                .get("error_code").asInt()).isEqualTo(40402);
        assertThat(storeTopic()).containsEntry(
                "{\"keytype\":\"SCHEMA\",\"subject\":\"" + subject + "\",\"version\":1,\"magic\":1}", null);
    }

    @Test
    void shouldSoftDeleteASubjectThenDeleteItPermanentlyAndRememberThatAfterARestart() throws Exception {
        int id = registerTwoVersions();

        var notFirst = http.delete("/subjects/" + subject + "?permanent=true");
        assertThat(notFirst.body().get("error_code").asInt()).isEqualTo(40405);
        assertThat(http.delete("/subjects/" + subject).body()).hasToString("[1,2]");
        assertThat(http.get("/subjects").body()).hasToString("[]");
        assertThat(http.get("/subjects/" + subject + "/versions").body().get("error_code").asInt())
                .isEqualTo(40401);
        assertThat(http.delete("/subjects/" + subject).body().get("error_code").asInt()).isEqualTo(40404);
        assertThat(http.delete("/subjects/" + subject + "?permanent=true").body()).hasToString("[1,2]");
        assertThat(http.delete("/subjects/" + subject).body().get("error_code").asInt()).isEqualTo(40401);
        started.forEach(EmbeddedSchemaRegistry::close);

        var restarted = new RegistryHttp(start().url());

        assertThat(restarted.get("/subjects/" + subject + "/versions").body().get("error_code").asInt())
                .isEqualTo(40401);
        // Records written with the erased versions still carry the id, so it stays readable.
        assertThat(restarted.get("/schemas/ids/" + id).status()).isEqualTo(200);
        // Ids are never reused: the same schema registered again gets the id it had.
        assertThat(restarted.post("/subjects/" + subject + "/versions",
                schemaBody(DeadLetter.getClassSchema().toString())).body().get("id").asInt()).isEqualTo(id);
    }

    @Test
    void shouldStoreReferencesAsConfluentDoesAndResolveThemAfterARestart() throws Exception {
        var resources = read(AVRO_SOURCES.resolve("common").resolve("Resources.avsc"));
        assertThat(register("Resources-" + subject, resources).status()).isEqualTo(200);
        var heartbeat = (ObjectNode) schemaBody(read(AVRO_SOURCES.resolve("NodeHeartbeat.avsc")));
        heartbeat.putArray("references").addObject().put("name", "io.gleaner.schemas.avro.Resources")
                .put("subject", "Resources-" + subject).put("version", 1);
        int id = http.post("/subjects/" + subject + "/versions", heartbeat).body().get("id").asInt();

        var value = JSON.readTree(storeTopic().get(
                "{\"keytype\":\"SCHEMA\",\"subject\":\"" + subject + "\",\"version\":1,\"magic\":1}"));
        assertThat(value.get("references")).hasToString("[{\"name\":\"io.gleaner.schemas.avro.Resources\","
                + "\"subject\":\"Resources-" + subject + "\",\"version\":1}]");
        started.forEach(EmbeddedSchemaRegistry::close);

        var restarted = new RegistryHttp(start().url());

        assertThat(restarted.get("/schemas/ids/" + id).body().get("references")).isEqualTo(value.get("references"));
        assertThat(restarted.get("/subjects/Resources-" + subject + "/versions/1/referencedby").body())
                .hasToString("[" + id + "]");
        assertThat(restarted.post("/subjects/" + subject, heartbeat).body().get("id").asInt()).isEqualTo(id);
        assertThat(restarted.delete("/subjects/Resources-" + subject + "/versions/1").body().get("error_code")
                .asInt()).isEqualTo(42206);
    }

    @Test
    void shouldAnswerErrorsInConfluentsShapeWithoutJavaExceptionText() throws Exception {
        var answers = List.of(
                http.post("/subjects/" + subject + "/versions", "{not json"),
                http.get("/schemas/ids/abc/versions"),
                http.get("/schemas/ids/abc"),
                http.post("/subjects/" + subject + "/versions", schemaBody("{\"type\":\"record\"}")),
                http.put("/config", JSON.createObjectNode()),
                http.get("/subjects/" + subject + "/versions/0"),
                http.get("/nowhere"));

        assertThat(answers).extracting(RegistryHttp.Answer::status).containsExactly(400, 404, 404, 422, 422, 422, 404);
        assertThat(answers).extracting(a -> a.body().get("error_code").asInt())
                .containsExactly(400, 40403, 40403, 42201, 42203, 42202, 404);
        assertThat(answers).extracting(a -> a.body().get("message").asText())
                .allSatisfy(message -> assertThat(message).doesNotContain("Exception").doesNotContain("java.")
                        .doesNotContain("com.fasterxml"));
    }

    /** Versions 1 and 2 of the subject: DeadLetter before and after its three new fields; returns 2's id. */
    private int registerTwoVersions() throws Exception {
        register(subject, read(Path.of("src", "test", "resources", "registry", "DeadLetter-15a84bb.avsc")));
        return register(subject, DeadLetter.getClassSchema().toString()).body().get("id").asInt();
    }

    private RegistryHttp.Answer register(String subject, String schema) throws Exception {
        return http.post("/subjects/" + subject + "/versions", schemaBody(schema));
    }

    private static JsonNode schemaBody(String schema) {
        return RegistryHttp.schemaBody(schema, null);
    }

    private static String withField(String schema, String field) throws IOException {
        var tree = (ObjectNode) JSON.readTree(schema);
        ((ArrayNode) tree.get("fields")).add(JSON.readTree(field));
        return tree.toString();
    }

    private static String withoutFields(String schema, String... names) throws IOException {
        var tree = (ObjectNode) JSON.readTree(schema);
        var fields = (ArrayNode) tree.get("fields");
        for (int i = fields.size() - 1; i >= 0; i--) {
            if (Set.of(names).contains(fields.get(i).get("name").asText())) {
                fields.remove(i);
            }
        }
        return tree.toString();
    }

    private static String read(Path path) throws IOException {
        return Files.readString(path, StandardCharsets.UTF_8);
    }

    private EmbeddedSchemaRegistry start() {
        var registry = new EmbeddedSchemaRegistry(config);
        started.add(registry);
        return registry.start();
    }

    /** The store topic's records, key to value (the last one of each key; null for a tombstone). */
    private Map<String, String> storeTopic() {
        var records = new HashMap<String, String>();
        try (var consumer = new KafkaConsumer<>(Map.<String, Object>of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers()),
                new StringDeserializer(), new StringDeserializer())) {
            var partition = new TopicPartition(config.topic(), 0);
            consumer.assign(Set.of(partition));
            consumer.seekToBeginning(Set.of(partition));
            long end = consumer.endOffsets(Set.of(partition)).get(partition);
            while (consumer.position(partition) < end) {
                consumer.poll(Duration.ofMillis(200)).forEach(r -> records.put(r.key(), r.value()));
            }
        }
        return records;
    }
}
