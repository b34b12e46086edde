package io.gleaner.deploy.registry;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gleaner.schemas.avro.NodeHeartbeat;
import io.gleaner.schemas.serde.AvroDeserializer;
import io.gleaner.schemas.serde.RegistryConfig;
import io.gleaner.schemas.serde.RestSchemaRegistryClient;
import io.gleaner.schemas.serde.SerdeFixtures;
import io.gleaner.schemas.serde.WireFormat;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.avro.Schema;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.specific.SpecificDatumWriter;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Confluent's schema references over HTTP, on a store in a list: the shipped {@code .avsc} files register byte for
 * byte, each top-level file referring to the {@code common/} types it names, registered under their own subjects.
 */
class SchemaReferencesTest {

    /** The shipped .avsc files, as another language's client reads them from the repository. */
    static final Path AVRO_SOURCES = Path.of("..", "schemas", "src", "main", "avro");
    private static final String NAMESPACE = "io.gleaner.schemas.avro.";

    private final MemorySchemaLog schemaLog = new MemorySchemaLog();
    private EmbeddedSchemaRegistry registry;
    private RegistryHttp http;

    @BeforeEach
    void start() {
        registry = new EmbeddedSchemaRegistry(EmbeddedSchemaRegistryConfig.of("unused:9092"), schemaLog).start();
        http = new RegistryHttp(registry.url());
    }

    @AfterEach
    void stop() {
        registry.close();
    }

    static Stream<Named<Path>> shippedTopLevelFiles() throws IOException {
        try (var files = Files.list(AVRO_SOURCES)) {
            return files.filter(f -> f.toString().endsWith(".avsc")).sorted()
                    .map(f -> Named.of(f.getFileName().toString(), f)).toList().stream();
        }
    }

    @ParameterizedTest
    @MethodSource("shippedTopLevelFiles")
    void shouldRegisterAShippedFileAsItIsAndParseItToTheGeneratedClassesSchema(Path file) throws Exception {
        var type = file.getFileName().toString().replace(".avsc", "");
        registerTypesNamedIn(file, new ArrayList<>());

        var answer = http.post("/subjects/" + type + "-value/versions", bodyWithReferences(file));

        assertThat(answer.status()).as(answer.body().toString()).isEqualTo(200);
        var generated = (Schema) Class.forName(NAMESPACE + type).getMethod("getClassSchema").invoke(null);
        var served = parseAsAClientWould(http.get("/schemas/ids/" + answer.body().get("id").asInt()).body());
        assertThat(NeutralForm.of(served)).isEqualTo(NeutralForm.of(generated));
    }

    @Test
    void shouldServeTheReferencesOfAVersionAndOfAnIdAndLookThemUp() throws Exception {
        registerCommonTypes();
        var body = bodyWithReferences(AVRO_SOURCES.resolve("NodeHeartbeat.avsc"));
        int id = http.post("/subjects/hb-value/versions", body).body().get("id").asInt();

        var expected = "[{\"name\":\"io.gleaner.schemas.avro.Resources\",\"subject\":\"Resources\",\"version\":1}]";
        assertThat(http.get("/subjects/hb-value/versions/1").body().get("references")).hasToString(expected);
        assertThat(http.get("/schemas/ids/" + id).body().get("references")).hasToString(expected);
        // The stored text names Resources and does not define it, so a client parses it after the reference.
        assertThat(http.get("/schemas/ids/" + id).body().get("schema").asText())
                .contains("\"type\":\"Resources\"").doesNotContain("memoryBytes");
        var lookUp = http.post("/subjects/hb-value", body);
        assertThat(lookUp.body().get("id").asInt()).isEqualTo(id);
        assertThat(lookUp.body().get("references")).hasToString(expected);
        assertThat(http.post("/subjects/hb-value/versions", body).body().get("id").asInt()).isEqualTo(id);
        assertThat(http.get("/subjects/hb-value/versions").body()).hasToString("[1]");
    }

    @Test
    void shouldGiveTheSelfContainedFormOfASchemaAnotherIdThanTheFormWithReferences() throws Exception {
        // As Confluent: the references are part of what a schema is, so the same types are two registrations.
        registerCommonTypes();
        int selfContained = http.post("/subjects/hb-value/versions",
                RegistryHttp.schemaBody(NodeHeartbeat.getClassSchema().toString(), null)).body().get("id").asInt();

        var withReferences = http.post("/subjects/hb-value/versions",
                bodyWithReferences(AVRO_SOURCES.resolve("NodeHeartbeat.avsc")));

        assertThat(withReferences.body().get("id").asInt()).isNotEqualTo(selfContained);
        assertThat(http.get("/subjects/hb-value/versions").body()).hasToString("[1,2]");
    }

    @Test
    void shouldLetGleanersDeserializerReadARecordWrittenWithTheShippedFileAndItsReferences() throws Exception {
        // What a stage does with a heartbeat from an executor in another language that registered the .avsc file.
        registerCommonTypes();
        var file = AVRO_SOURCES.resolve("NodeHeartbeat.avsc");
        int id = http.post("/subjects/hb-value/versions", bodyWithReferences(file)).body().get("id").asInt();
        var heartbeat = SerdeFixtures.nodeHeartbeat();
        var body = new ByteArrayOutputStream();
        var encoder = EncoderFactory.get().binaryEncoder(body, null);
        new SpecificDatumWriter<>(NodeHeartbeat.class).write(heartbeat, encoder);
        encoder.flush();

        var client = new RestSchemaRegistryClient(RegistryConfig.of(registry.url()));
        var read = new AvroDeserializer<>(NodeHeartbeat.class, client)
                .deserialize("gleaner.nodes.heartbeats", WireFormat.encode(id, body.toByteArray()));

        assertThat(read).isEqualTo(heartbeat);
        assertThat(NeutralForm.of(client.schemaById(id))).isEqualTo(NeutralForm.of(NodeHeartbeat.getClassSchema()));
    }

    @Test
    void shouldListTheIdsThatReferToAVersion() throws Exception {
        registerCommonTypes();
        int heartbeat = http.post("/subjects/hb-value/versions",
                bodyWithReferences(AVRO_SOURCES.resolve("NodeHeartbeat.avsc"))).body().get("id").asInt();
        int placement = http.post("/subjects/pd-value/versions",
                bodyWithReferences(AVRO_SOURCES.resolve("PlacementDecision.avsc"))).body().get("id").asInt();

        assertThat(http.get("/subjects/Resources/versions/1/referencedby").body())
                .hasToString("[" + Math.min(heartbeat, placement) + "," + Math.max(heartbeat, placement) + "]");
        assertThat(http.get("/subjects/TaskKind/versions/latest/referencedby").body())
                .hasToString("[" + placement + "]");
        assertThat(http.get("/subjects/Metric/versions/1/referencedby").body()).hasToString("[]");
        assertThat(http.get("/subjects/Metric/versions/2/referencedby").body().get("error_code").asInt())
                .isEqualTo(40402);
    }

    @Test
    void shouldRefuseWith42206ToDeleteAReferencedVersionUntilItsReferrersAreDeleted() throws Exception {
        registerCommonTypes();
        http.post("/subjects/hb-value/versions", bodyWithReferences(AVRO_SOURCES.resolve("NodeHeartbeat.avsc")));

        var version = http.delete("/subjects/Resources/versions/1");
        var subject = http.delete("/subjects/Resources");

        assertThat(version.status()).isEqualTo(422);
        assertThat(version.body()).hasToString("{\"error_code\":42206,\"message\":\"One or more references exist "
                + "to the schema {magic=1,keytype=SCHEMA,subject=Resources,version=1}.\"}");
        assertThat(subject.body().get("error_code").asInt()).isEqualTo(42206);
        assertThat(http.get("/subjects/Resources/versions").body()).hasToString("[1]");

        // A soft-deleted referrer no longer holds the version (Confluent's order: referrer first, then reference).
        http.delete("/subjects/hb-value");
        assertThat(http.delete("/subjects/Resources/versions/1").body()).hasToString("1");
        assertThat(http.delete("/subjects/Resources/versions/1?permanent=true").body()).hasToString("1");
    }

    @Test
    void shouldRefuseWith42201AReferenceToAVersionThatIsNotThere() throws Exception {
        registerCommonTypes();
        var body = bodyWithReferences(AVRO_SOURCES.resolve("NodeHeartbeat.avsc"));
        ((ObjectNode) body.get("references").get(0)).put("version", 2);

        var answer = http.post("/subjects/hb-value/versions", body);

        assertThat(answer.status()).isEqualTo(422);
        assertThat(answer.body().get("error_code").asInt()).isEqualTo(42201);
        assertThat(answer.body().get("message").asText()).contains("Resources").contains("no live version 2");
        assertThat(http.get("/subjects/hb-value/versions").body().get("error_code").asInt()).isEqualTo(40401);
    }

    @Test
    void shouldRefuseWith42201TheShippedFileWithoutItsReferences() throws Exception {
        var answer = http.post("/subjects/hb-value/versions", RegistryHttp.schemaBody(
                Files.readString(AVRO_SOURCES.resolve("NodeHeartbeat.avsc"), StandardCharsets.UTF_8), null));

        assertThat(answer.body().get("error_code").asInt()).isEqualTo(42201);
        assertThat(answer.body().get("message").asText()).contains("Resources");
    }

    @Test
    void shouldCheckCompatibilityOfASchemaWithReferences() throws Exception {
        registerCommonTypes();
        var body = bodyWithReferences(AVRO_SOURCES.resolve("NodeHeartbeat.avsc"));
        http.post("/subjects/hb-value/versions", body);

        assertThat(http.post("/compatibility/subjects/hb-value/versions/latest", body).body())
                .hasToString("{\"is_compatible\":true}");
        assertThat(http.post("/compatibility/subjects/hb-value/versions", body).body())
                .hasToString("{\"is_compatible\":true}");
    }

    @Test
    void shouldKeepReferencesAndIdsAcrossARestartOnTheSameStore() throws Exception {
        registerCommonTypes();
        var body = bodyWithReferences(AVRO_SOURCES.resolve("JobSubmitted.avsc"));
        int id = http.post("/subjects/js-value/versions", body).body().get("id").asInt();
        registry.close();

        registry = new EmbeddedSchemaRegistry(EmbeddedSchemaRegistryConfig.of("unused:9092"), schemaLog).start();
        http = new RegistryHttp(registry.url());

        assertThat(http.get("/schemas/ids/" + id).body().get("references")).hasSize(4);
        assertThat(http.post("/subjects/js-value/versions", body).body().get("id").asInt()).isEqualTo(id);
        assertThat(http.delete("/subjects/TaskSpec").body().get("error_code").asInt()).isEqualTo(42206);
    }

    /** Each {@code common/*.avsc} file as it is, under a subject named after its type. */
    private void registerCommonTypes() throws IOException, InterruptedException {
        var registered = new ArrayList<String>();
        for (var type : shippedTypes()) {
            var file = fileOf(type);
            if (file.getParent().endsWith("common")) {
                registerTypesNamedIn(file, registered);
                register(type, registered);
            }
        }
    }

    /**
     * Registers, each under a subject named after its type and before the types that name it, every shipped type
     * that {@code file} names (PlannerJobState names JobSubmitted, which names four common types).
     */
    private void registerTypesNamedIn(Path file, List<String> registered) throws IOException, InterruptedException {
        for (var type : typesNamedIn(file)) {
            if (!registered.contains(type)) {
                registerTypesNamedIn(fileOf(type), registered);
                register(type, registered);
            }
        }
    }

    private void register(String type, List<String> registered) throws IOException, InterruptedException {
        var answer = http.post("/subjects/" + type + "/versions", bodyWithReferences(fileOf(type)));
        assertThat(answer.status()).as(answer.body().toString()).isEqualTo(200);
        registered.add(type);
    }

    /**
     * The file's bytes as its schema, with a reference (version 1 of the subject named after the type) for each other
     * shipped type the file names.
     */
    static ObjectNode bodyWithReferences(Path file) throws IOException {
        var body = (ObjectNode) RegistryHttp.schemaBody(Files.readString(file, StandardCharsets.UTF_8), null);
        var references = body.putArray("references");
        for (var type : typesNamedIn(file)) {
            references.addObject().put("name", NAMESPACE + type).put("subject", type).put("version", 1);
        }
        return body;
    }

    /** The other shipped types that {@code file} uses by name, in the order of {@link #shippedTypes}. */
    static List<String> typesNamedIn(Path file) throws IOException {
        var text = Files.readString(file, StandardCharsets.UTF_8);
        var own = file.getFileName().toString().replace(".avsc", "");
        var named = new ArrayList<String>();
        for (var type : shippedTypes()) {
            if (!type.equals(own)
                    && (text.contains("\"" + type + "\"") || text.contains("\"" + NAMESPACE + type + "\""))) {
                named.add(type);
            }
        }
        return named;
    }

    /** Every shipped type: the common ones, then the top-level ones, each sorted. */
    static List<String> shippedTypes() throws IOException {
        var types = new ArrayList<String>();
        for (var dir : List.of(AVRO_SOURCES.resolve("common"), AVRO_SOURCES)) {
            try (var files = Files.list(dir)) {
                files.map(f -> f.getFileName().toString()).filter(f -> f.endsWith(".avsc")).sorted()
                        .forEach(f -> types.add(f.replace(".avsc", "")));
            }
        }
        return types;
    }

    static Path fileOf(String type) {
        var common = AVRO_SOURCES.resolve("common").resolve(type + ".avsc");
        return Files.exists(common) ? common : AVRO_SOURCES.resolve(type + ".avsc");
    }

    /**
     * What a client does with {@code GET /schemas/ids/{id}}: fetches each reference's version (its own references
     * first, each once), parses them in that order, then the schema.
     */
    private Schema parseAsAClientWould(JsonNode answer) throws IOException, InterruptedException {
        var texts = new LinkedHashMap<String, String>();
        collectReferenced(answer, texts);
        var parser = new Schema.Parser();
        texts.values().forEach(parser::parse);
        return parser.parse(answer.get("schema").asText());
    }

    private void collectReferenced(JsonNode answer, Map<String, String> texts)
            throws IOException, InterruptedException {
        for (var reference : answer.path("references")) {
            var path = "/subjects/" + reference.get("subject").asText() + "/versions/" + reference.get("version");
            if (!texts.containsKey(path)) {
                var version = http.get(path).body();
                collectReferenced(version, texts);
                texts.put(path, version.get("schema").asText());
            }
        }
    }
}
