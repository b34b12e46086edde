package io.gleaner.deploy.registry;

import static io.gleaner.schemas.serde.SchemaRegistryException.INVALID_SCHEMA;
import static io.gleaner.schemas.serde.SchemaRegistryException.INVALID_VERSION;
import static io.gleaner.schemas.serde.SchemaRegistryException.SCHEMA_NOT_FOUND;
import static io.gleaner.schemas.serde.SchemaRegistryException.STORE_ERROR;
import static io.gleaner.schemas.serde.SchemaRegistryException.SUBJECT_NOT_FOUND;
import static io.gleaner.schemas.serde.SchemaRegistryException.VERSION_NOT_FOUND;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import io.gleaner.schemas.serde.RestSchemaRegistryClient;
import io.gleaner.schemas.serde.SchemaRegistryException;
import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;
import org.apache.avro.AvroRuntimeException;
import org.apache.avro.Schema;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Confluent's REST API over a {@link SchemaStore} and a {@link SchemaLog}: routes a request, answers in the
 * registry's JSON shapes and error codes, and writes every change to the log before it answers. An error body never
 * carries a Java exception's text: that goes to the log, and the client gets Confluent's message.
 */
final class RegistryHandler implements HttpHandler {

    private static final Logger log = LoggerFactory.getLogger(RegistryHandler.class);

    /** Confluent's error codes beyond those the client needs ({@link SchemaRegistryException} has those). */
    static final int SUBJECT_SOFT_DELETED = 40404;
    static final int SUBJECT_NOT_SOFT_DELETED = 40405;
    static final int VERSION_SOFT_DELETED = 40406;
    static final int VERSION_NOT_SOFT_DELETED = 40407;
    static final int SUBJECT_LEVEL_NOT_CONFIGURED = 40408;
    static final int INCOMPATIBLE_SCHEMA = 409;
    static final int INVALID_COMPATIBILITY_LEVEL = 42203;
    static final int REFERENCE_EXISTS = 42206;

    private final SchemaStore store;
    private final SchemaLog schemaLog;
    /** Changes one at a time, so that two never propose the same id or check against a stale latest version. */
    private final ReentrantLock writeLock = new ReentrantLock();
    private final ObjectMapper json = new ObjectMapper();

    RegistryHandler(SchemaStore store, SchemaLog schemaLog) {
        this.store = store;
        this.schemaLog = schemaLog;
    }

    /** A parsed request: method, decoded path segments, query parameters and the exchange for the body. */
    private record Request(String method, List<String> path, Map<String, String> query, HttpExchange exchange) {
        String at(int i) {
            return path.get(i);
        }

        boolean flag(String name) {
            return Boolean.parseBoolean(query.getOrDefault(name, "false"));
        }

        boolean is(String verb, int length) {
            return method.equals(verb) && path.size() == length;
        }
    }

    @Override
    public void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            var uri = exchange.getRequestURI();
            var path = Arrays.stream(uri.getRawPath().split("/"))
                    .filter(s -> !s.isEmpty())
                    .map(s -> URLDecoder.decode(s, StandardCharsets.UTF_8))
                    .toList();
            int status = 200;
            Object answer;
            try {
                answer = route(new Request(exchange.getRequestMethod(), path, query(uri.getRawQuery()), exchange));
            } catch (SchemaRegistryException e) {
                status = e.status();
                answer = error(e.errorCode(), e.registryMessage());
            } catch (RuntimeException e) {
                log.warn("{} {} failed", exchange.getRequestMethod(), uri, e);
                status = 500;
                // Confluent's answer to an unexpected failure; the exception's text stays in the log.
                answer = error(50001, "Internal Server Error");
            }
            var bytes = json.writeValueAsBytes(answer);
            exchange.getResponseHeaders().set("Content-Type", RestSchemaRegistryClient.CONTENT_TYPE);
            exchange.sendResponseHeaders(status, bytes.length);
            exchange.getResponseBody().write(bytes);
        }
    }

    private Object route(Request r) throws IOException {
        int n = r.path().size();
        String first = n > 0 ? r.at(0) : "";
        if (n == 0 && r.method().equals("GET")) {
            return Map.of();
        }
        switch (first) {
            case "config" -> {
                if (n == 1 || n == 2) {
                    return config(r);
                }
            }
            case "mode" -> {
                if (r.is("GET", 1)) {
                    // Confluent's modes are READWRITE, READONLY and IMPORT; this registry only ever reads and writes.
                    return Map.of("mode", "READWRITE");
                }
            }
            case "schemas" -> {
                if (r.is("GET", 2) && r.at(1).equals("types")) {
                    return List.of("AVRO");
                }
                if (r.is("GET", 3) && r.at(1).equals("ids")) {
                    var stored = schemaById(r.at(2));
                    var answer = new LinkedHashMap<String, Object>();
                    answer.put("schema", stored.schema());
                    putReferences(answer, stored);
                    return answer;
                }
                if (r.is("GET", 4) && r.at(1).equals("ids") && r.at(3).equals("versions")) {
                    int id = schemaById(r.at(2)).id();
                    return store.usesOf(id).stream().map(RegistryHandler::subjectVersion).toList();
                }
            }
            case "compatibility" -> {
                if (r.method().equals("POST") && (n == 4 || n == 5) && r.at(1).equals("subjects")
                        && r.at(3).equals("versions")) {
                    return checkCompatibility(r);
                }
            }
            case "subjects" -> {
                var subjects = subjects(r);
                if (subjects != null) {
                    return subjects;
                }
            }
            default -> {
            }
        }
        throw new SchemaRegistryException(404, 404, "HTTP 404 Not Found");
    }

    /** {@code /subjects...}, or null when the path or method is not one of them. */
    private Object subjects(Request r) throws IOException {
        int n = r.path().size();
        if (r.is("GET", 1)) {
            return store.subjects();
        }
        if (n == 2) {
            return switch (r.method()) {
                case "POST" -> lookUp(r.at(1), readSchema(r.exchange()));
                case "DELETE" -> deleteSubject(r.at(1), r.flag("permanent"));
                default -> null;
            };
        }
        if (n < 3 || !r.at(2).equals("versions")) {
            return null;
        }
        if (n == 3) {
            return switch (r.method()) {
                case "POST" -> Map.of("id", register(r.at(1), readSchema(r.exchange())));
                case "GET" -> liveVersions(r.at(1)).stream().map(StoredSchema::version).toList();
                default -> null;
            };
        }
        if (r.is("DELETE", 4)) {
            return deleteVersion(r.at(1), r.at(3), r.flag("permanent"));
        }
        if (r.is("GET", 4)) {
            return describe(version(r.at(1), r.at(3)));
        }
        if (r.is("GET", 5) && r.at(4).equals("schema")) {
            return json.readTree(version(r.at(1), r.at(3)).schema());
        }
        if (r.is("GET", 5) && r.at(4).equals("referencedby")) {
            var stored = version(r.at(1), r.at(3));
            return store.referencedBy(stored.subject(), stored.version());
        }
        return null;
    }

    /**
     * A schema from a request body: its text (as Avro prints it, the referenced types by name) and references (for
     * storing), parsed, and its identity (for matching).
     */
    private record Candidate(String text, List<SchemaReference> references, Schema schema, String identity) {
    }

    private int register(String subject, Candidate candidate) {
        writeLock.lock();
        try {
            // As Confluent does: a schema the subject already has keeps its id whatever the level now says.
            var existing = store.find(subject, candidate.identity());
            if (existing.isPresent()) {
                return existing.get().id();
            }
            var level = store.levelOf(subject);
            var problems = level.problems(candidate.schema(), schemas(store.versions(subject)));
            if (!problems.isEmpty()) {
                throw new SchemaRegistryException(409, INCOMPATIBLE_SCHEMA, "Schema being registered is "
                        + "incompatible with an earlier schema for subject \"" + subject + "\", details: ["
                        + String.join(", ", problems) + ", {compatibility: '" + level + "'}]");
            }
            var proposed = store.propose(subject, candidate.text(), candidate.references(), candidate.identity());
            try {
                write(proposed);
            } catch (SchemaRegistryException e) {
                store.burn(proposed);
                throw e;
            }
            log.info("registered schema id {} as version {} of {}", proposed.id(), proposed.version(), subject);
            return proposed.id();
        } finally {
            writeLock.unlock();
        }
    }

    private Map<String, Object> lookUp(String subject, Candidate candidate) {
        liveVersions(subject);
        return describe(store.find(subject, candidate.identity())
                .orElseThrow(() -> new SchemaRegistryException(404, SCHEMA_NOT_FOUND, "Schema not found")));
    }

    /**
     * {@code POST /compatibility/subjects/{s}/versions/{v}} checks against version {@code v} in the subject's
     * direction; without {@code {v}}, against the versions its level names (the latest, or all when transitive).
     */
    private Map<String, Object> checkCompatibility(Request r) throws IOException {
        var subject = r.at(2);
        var candidate = readSchema(r.exchange());
        var level = store.levelOf(subject);
        List<String> problems;
        if (r.path().size() == 5) {
            problems = level == Compatibility.NONE ? List.of()
                    : level.problemsWith(candidate.schema(), store.parse(version(subject, r.at(4))));
        } else {
            problems = level.problems(candidate.schema(), schemas(store.versions(subject)));
        }
        var answer = new LinkedHashMap<String, Object>();
        answer.put("is_compatible", problems.isEmpty());
        if (r.flag("verbose")) {
            answer.put("messages", problems);
        }
        return answer;
    }

    /** Soft: marks every live version deleted. Permanent: erases a subject whose versions are all soft-deleted. */
    private List<Integer> deleteSubject(String subject, boolean permanent) {
        writeLock.lock();
        try {
            var all = store.allVersions(subject);
            if (all.isEmpty()) {
                throw subjectNotFound(subject);
            }
            var live = all.stream().filter(v -> !v.deleted()).toList();
            for (var version : all) {
                refuseIfReferenced(version);
            }
            if (permanent) {
                if (!live.isEmpty()) {
                    throw new SchemaRegistryException(404, SUBJECT_NOT_SOFT_DELETED, "Subject '" + subject
                            + "' was not deleted first before being permanently deleted");
                }
                for (var version : all) {
                    write(new ErasedVersion(subject, version.version()));
                }
                log.info("permanently deleted subject {} (versions {})", subject, versionNumbers(all));
                return versionNumbers(all);
            }
            if (live.isEmpty()) {
                throw new SchemaRegistryException(404, SUBJECT_SOFT_DELETED, "Subject '" + subject
                        + "' was soft deleted.Set permanent=true to delete permanently");
            }
            for (var version : live) {
                write(version.softDeleted());
            }
            log.info("soft-deleted subject {} (versions {})", subject, versionNumbers(live));
            return versionNumbers(live);
        } finally {
            writeLock.unlock();
        }
    }

    private int deleteVersion(String subject, String version, boolean permanent) {
        writeLock.lock();
        try {
            int number = versionNumber(version);
            var all = store.allVersions(subject);
            if (all.isEmpty()) {
                throw subjectNotFound(subject);
            }
            // "latest" names the newest live version for a soft delete, the newest stored one for a permanent one.
            var stored = (number == -1 && !permanent ? store.versions(subject) : all).stream()
                    .filter(v -> number == -1 || v.version() == number)
                    .reduce((a, b) -> b)
                    .orElseThrow(() -> versionNotFound(number));
            refuseIfReferenced(stored);
            if (!permanent) {
                if (stored.deleted()) {
                    throw new SchemaRegistryException(404, VERSION_SOFT_DELETED, "Subject '" + subject + "' Version "
                            + stored.version() + " was soft deleted.Set permanent=true to delete permanently");
                }
                write(stored.softDeleted());
                log.info("soft-deleted version {} of {}", stored.version(), subject);
                return stored.version();
            }
            if (!stored.deleted()) {
                throw new SchemaRegistryException(404, VERSION_NOT_SOFT_DELETED, "Subject '" + subject
                        + "' Version " + stored.version() + " was not deleted first before being permanently deleted");
            }
            write(new ErasedVersion(subject, stored.version()));
            log.info("permanently deleted version {} of {}", stored.version(), subject);
            return stored.version();
        } finally {
            writeLock.unlock();
        }
    }

    private Object config(Request r) throws IOException {
        var subject = r.path().size() == 2 ? Optional.of(r.at(1)) : Optional.<String>empty();
        switch (r.method()) {
            case "GET" -> {
                var level = subject.isEmpty() ? Optional.of(store.globalLevel().orElse(Compatibility.DEFAULT))
                        : r.flag("defaultToGlobal") ? Optional.of(store.levelOf(subject.get()))
                        : store.subjectLevel(subject.get());
                return Map.of("compatibilityLevel", level.orElseThrow(() -> notConfigured(subject.get())).name());
            }
            case "PUT" -> {
                var level = readLevel(r.exchange());
                writeLocked(new StoredConfig(subject, Optional.of(level)));
                log.info("compatibility of {} set to {}", subject.orElse("the registry"), level);
                return Map.of("compatibility", level.name());
            }
            case "DELETE" -> {
                writeLock.lock();
                try {
                    var before = subject.isEmpty() ? store.globalLevel().orElse(Compatibility.DEFAULT)
                            : store.subjectLevel(subject.get()).orElseThrow(() -> notConfigured(subject.get()));
                    write(new StoredConfig(subject, Optional.empty()));
                    log.info("compatibility setting of {} removed", subject.orElse("the registry"));
                    return Map.of("compatibilityLevel", before.name());
                } finally {
                    writeLock.unlock();
                }
            }
            default -> throw new SchemaRegistryException(405, 405, "HTTP 405 Method Not Allowed");
        }
    }

    /**
     * As Confluent: a version that a live registration refers to cannot be deleted, softly or permanently, until
     * those registrations are deleted (soft-deleted ones do not count).
     */
    private void refuseIfReferenced(StoredSchema stored) {
        if (!store.referencedBy(stored.subject(), stored.version()).isEmpty()) {
            throw new SchemaRegistryException(422, REFERENCE_EXISTS, "One or more references exist to the schema "
                    + "{magic=1,keytype=SCHEMA,subject=" + stored.subject() + ",version=" + stored.version() + "}.");
        }
    }

    private void writeLocked(RegistryRecord record) {
        writeLock.lock();
        try {
            write(record);
        } finally {
            writeLock.unlock();
        }
    }

    /** Writes {@code record} to the log, then applies it; a failure answers 50001 without the exception's text. */
    private void write(RegistryRecord record) {
        try {
            schemaLog.append(record);
        } catch (RuntimeException e) {
            log.warn("could not store {}", record, e);
            throw new SchemaRegistryException(500, STORE_ERROR, "Error while storing the schema in the backend store",
                    e);
        }
        store.apply(record);
    }

    private List<StoredSchema> liveVersions(String subject) {
        var versions = store.versions(subject);
        if (versions.isEmpty()) {
            throw subjectNotFound(subject);
        }
        return versions;
    }

    /** The live version {@code version} ("latest" or -1 for the newest) of {@code subject}. */
    private StoredSchema version(String subject, String version) {
        // As Confluent: a malformed version is refused before the subject is looked up.
        int number = versionNumber(version);
        var versions = liveVersions(subject);
        if (number == -1) {
            return versions.get(versions.size() - 1);
        }
        return versions.stream().filter(v -> v.version() == number).findFirst()
                .orElseThrow(() -> versionNotFound(number));
    }

    /** A version path segment as a number, -1 for "latest"; answers 42202 for anything else. */
    private static int versionNumber(String version) {
        if (version.equals("latest") || version.equals("-1")) {
            return -1;
        }
        int number;
        try {
            number = Integer.parseInt(version);
        } catch (NumberFormatException e) {
            number = 0;
        }
        if (number < 1) {
            throw new SchemaRegistryException(422, INVALID_VERSION, "The specified version '" + version
                    + "' is not a valid version id. Allowed values are between [1, 2^31-1] and the string \"latest\"");
        }
        return number;
    }

    private static int schemaId(String id) {
        try {
            return Integer.parseInt(id);
        } catch (NumberFormatException e) {
            throw new SchemaRegistryException(404, SCHEMA_NOT_FOUND, "Schema " + id + " not found");
        }
    }

    private StoredSchema schemaById(String id) {
        return store.schemaById(schemaId(id))
                .orElseThrow(() -> new SchemaRegistryException(404, SCHEMA_NOT_FOUND, "Schema " + id + " not found"));
    }

    /**
     * Reads a request's {@code {"schema": ...}}. {@code normalize} is accepted and changes nothing: schemas are
     * always matched in their {@link NeutralForm}.
     */
    private Candidate readSchema(HttpExchange exchange) throws IOException {
        var body = readBody(exchange);
        if (body == null || !body.path("schema").isTextual()) {
            throw invalid("the request body has no \"schema\" string");
        }
        var type = body.path("schemaType").asText("AVRO");
        if (!type.equals("AVRO")) {
            throw invalid("schema type " + type + " is not supported; this registry takes AVRO only");
        }
        var references = readReferences(body.path("references"));
        List<Schema> referenced;
        try {
            referenced = store.referencedTypes(references);
        } catch (IllegalArgumentException e) {
            throw invalid(e.getMessage());
        } catch (AvroRuntimeException e) {
            throw invalid("a referenced schema does not parse with the ones before it: " + e.getMessage());
        }
        Schema schema;
        try {
            // The referenced types first, in order, then the schema that names them (Confluent's Avro provider).
            schema = new Schema.Parser().addTypes(referenced).parse(body.get("schema").asText());
        } catch (AvroRuntimeException e) {
            // Avro's parse errors describe the schema (a missing type, a bad default), which the sender needs.
            throw invalid(e.getMessage());
        } catch (RuntimeException e) {
            log.debug("schema parse failed", e);
            throw invalid("Avro could not parse the schema");
        }
        return new Candidate(schema.toString(referenced, false), references, schema,
                SchemaStore.identity(schema, referenced, references));
    }

    /**
     * Reads {@code [{"name","subject","version"}]}. Each must name a live version ({@code -1} or {@code latest} for
     * the newest, stored as its number); a reference to anything else answers 42201, as Confluent does.
     */
    private List<SchemaReference> readReferences(JsonNode node) {
        if (node.isMissingNode() || node.isNull()) {
            return List.of();
        }
        if (!node.isArray()) {
            throw invalid("\"references\" must be an array");
        }
        var references = new ArrayList<SchemaReference>();
        for (var reference : node) {
            var name = reference.path("name");
            var subject = reference.path("subject");
            var version = reference.path("version");
            if (!name.isTextual() || !subject.isTextual() || !(version.canConvertToInt() || version.isTextual())) {
                throw invalid("a reference needs a \"name\", a \"subject\" and a \"version\": " + reference);
            }
            var versions = store.versions(subject.asText());
            var wanted = version.asText();
            boolean latest = wanted.equals("-1") || wanted.equals("latest");
            var found = versions.stream()
                    .filter(v -> latest || wanted.equals(String.valueOf(v.version())))
                    .reduce((a, b) -> b)
                    .orElseThrow(() -> invalid("reference " + name.asText() + ": subject '" + subject.asText()
                            + "' has no live version " + wanted));
            references.add(new SchemaReference(name.asText(), found.subject(), found.version()));
        }
        return List.copyOf(references);
    }

    /** Reads {@code {"compatibility": level}}; answers 42203 for a level Confluent does not know. */
    private Compatibility readLevel(HttpExchange exchange) throws IOException {
        var body = readBody(exchange);
        var name = body == null ? null : body.path("compatibility").asText(null);
        return Compatibility.parse(name).orElseThrow(() -> new SchemaRegistryException(422,
                INVALID_COMPATIBILITY_LEVEL, Compatibility.INVALID_LEVEL_MESSAGE));
    }

    private JsonNode readBody(HttpExchange exchange) throws IOException {
        try {
            return json.readTree(exchange.getRequestBody());
        } catch (JsonProcessingException e) {
            throw new SchemaRegistryException(400, 400, "The request body is not valid JSON");
        }
    }

    private static Map<String, String> query(String raw) {
        var query = new HashMap<String, String>();
        if (raw != null) {
            for (var pair : raw.split("&")) {
                var kv = pair.split("=", 2);
                query.put(URLDecoder.decode(kv[0], StandardCharsets.UTF_8),
                        kv.length > 1 ? URLDecoder.decode(kv[1], StandardCharsets.UTF_8) : "true");
            }
        }
        return query;
    }

    private List<Schema> schemas(List<StoredSchema> versions) {
        return versions.stream().map(store::parse).toList();
    }

    private static List<Integer> versionNumbers(List<StoredSchema> versions) {
        return new ArrayList<>(versions.stream().map(StoredSchema::version).toList());
    }

    private static SchemaRegistryException subjectNotFound(String subject) {
        return new SchemaRegistryException(404, SUBJECT_NOT_FOUND, "Subject '" + subject + "' not found.");
    }

    private static SchemaRegistryException versionNotFound(int number) {
        return new SchemaRegistryException(404, VERSION_NOT_FOUND, "Version " + number + " not found.");
    }

    private static SchemaRegistryException notConfigured(String subject) {
        return new SchemaRegistryException(404, SUBJECT_LEVEL_NOT_CONFIGURED, "Subject '" + subject
                + "' does not have subject-level compatibility configured");
    }

    private static SchemaRegistryException invalid(String detail) {
        return new SchemaRegistryException(422, INVALID_SCHEMA, "Invalid schema: " + detail);
    }

    private static Map<String, Object> describe(StoredSchema stored) {
        var answer = new LinkedHashMap<String, Object>();
        answer.put("subject", stored.subject());
        answer.put("version", stored.version());
        answer.put("id", stored.id());
        answer.put("schema", stored.schema());
        putReferences(answer, stored);
        return answer;
    }

    /** Adds {@code "references"} when there are any; Confluent leaves the field out of an answer otherwise. */
    private static void putReferences(Map<String, Object> answer, StoredSchema stored) {
        if (!stored.references().isEmpty()) {
            answer.put("references", stored.references().stream().map(r -> {
                var reference = new LinkedHashMap<String, Object>();
                reference.put("name", r.name());
                reference.put("subject", r.subject());
                reference.put("version", r.version());
                return reference;
            }).toList());
        }
    }

    private static Map<String, Object> subjectVersion(StoredSchema stored) {
        var answer = new LinkedHashMap<String, Object>();
        answer.put("subject", stored.subject());
        answer.put("version", stored.version());
        return answer;
    }

    private static Map<String, Object> error(int code, String message) {
        var answer = new LinkedHashMap<String, Object>();
        answer.put("error_code", code);
        answer.put("message", message);
        return answer;
    }
}
