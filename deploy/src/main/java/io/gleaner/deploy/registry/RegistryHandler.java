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
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;
import org.apache.avro.Schema;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Confluent's REST API over a {@link SchemaStore} and a {@link SchemaLog}: routes a request, answers in the
 * registry's JSON shapes, and writes a registration to the log before it answers with the id.
 */
final class RegistryHandler implements HttpHandler {

    private static final Logger log = LoggerFactory.getLogger(RegistryHandler.class);

    private final SchemaStore store;
    private final SchemaLog schemaLog;
    /** Registrations one at a time, so that two never propose the same id; reads do not wait for it. */
    private final ReentrantLock writeLock = new ReentrantLock();
    private final ObjectMapper json = new ObjectMapper();

    RegistryHandler(SchemaStore store, SchemaLog schemaLog) {
        this.store = store;
        this.schemaLog = schemaLog;
    }

    @Override
    public void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            var method = exchange.getRequestMethod();
            var path = Arrays.stream(exchange.getRequestURI().getRawPath().split("/"))
                    .filter(s -> !s.isEmpty())
                    .map(s -> URLDecoder.decode(s, StandardCharsets.UTF_8))
                    .toList();
            int status = 200;
            Object answer;
            try {
                answer = route(method, path, exchange);
            } catch (SchemaRegistryException e) {
                status = e.status();
                answer = error(e.errorCode(), e.registryMessage());
            } catch (RuntimeException e) {
                log.warn("{} {} failed", method, exchange.getRequestURI(), e);
                status = 500;
                answer = error(500, "Internal Server Error: " + e);
            }
            var bytes = json.writeValueAsBytes(answer);
            exchange.getResponseHeaders().set("Content-Type", RestSchemaRegistryClient.CONTENT_TYPE);
            exchange.sendResponseHeaders(status, bytes.length);
            exchange.getResponseBody().write(bytes);
        }
    }

    private Object route(String method, List<String> path, HttpExchange exchange) throws IOException {
        int n = path.size();
        String first = n > 0 ? path.get(0) : "";
        boolean get = method.equals("GET");
        boolean post = method.equals("POST");
        if (n == 0 && get) {
            return Map.of();
        }
        if (first.equals("config") && n == 1 && get) {
            // This registry checks no compatibility between versions.
            return Map.of("compatibilityLevel", "NONE");
        }
        if (first.equals("schemas") && n == 2 && path.get(1).equals("types") && get) {
            return List.of("AVRO");
        }
        if (first.equals("schemas") && n >= 3 && path.get(1).equals("ids")) {
            if (n == 3 && get) {
                return Map.of("schema", schemaText(path.get(2)));
            }
            if (n == 4 && path.get(3).equals("versions") && get) {
                schemaText(path.get(2));
                return store.usesOf(Integer.parseInt(path.get(2))).stream()
                        .map(RegistryHandler::subjectVersion).toList();
            }
        }
        if (first.equals("subjects")) {
            if (n == 1 && get) {
                return store.subjects();
            }
            if (n == 2 && post) {
                return lookUp(path.get(1), readSchema(exchange));
            }
            if (n == 3 && path.get(2).equals("versions")) {
                if (post) {
                    return Map.of("id", register(path.get(1), readSchema(exchange)));
                }
                if (get) {
                    return versions(path.get(1)).stream().map(StoredSchema::version).toList();
                }
            }
            if (n >= 4 && path.get(2).equals("versions") && get) {
                var version = version(path.get(1), path.get(3));
                if (n == 4) {
                    return describe(version);
                }
                if (n == 5 && path.get(4).equals("schema")) {
                    return json.readTree(version.schema());
                }
            }
        }
        throw new SchemaRegistryException(404, 404, "HTTP 404 Not Found: " + method + " /" + String.join("/", path));
    }

    private int register(String subject, String text) {
        writeLock.lock();
        try {
            var existing = store.find(subject, text);
            if (existing.isPresent()) {
                return existing.get().id();
            }
            var proposed = store.propose(subject, text);
            try {
                schemaLog.append(proposed);
            } catch (RuntimeException e) {
                store.burn(proposed);
                log.warn("could not store schema id {} as version {} of {}", proposed.id(), proposed.version(),
                        subject, e);
                throw new SchemaRegistryException(500, STORE_ERROR, "Error while storing the schema: "
                        + e.getMessage(), e);
            }
            store.apply(proposed);
            log.info("registered schema id {} as version {} of {}", proposed.id(), proposed.version(), subject);
            return proposed.id();
        } finally {
            writeLock.unlock();
        }
    }

    private Map<String, Object> lookUp(String subject, String text) {
        versions(subject);
        return describe(store.find(subject, text)
                .orElseThrow(() -> new SchemaRegistryException(404, SCHEMA_NOT_FOUND, "Schema not found")));
    }

    private List<StoredSchema> versions(String subject) {
        var versions = store.versions(subject);
        if (versions.isEmpty()) {
            throw new SchemaRegistryException(404, SUBJECT_NOT_FOUND, "Subject '" + subject + "' not found.");
        }
        return versions;
    }

    private StoredSchema version(String subject, String version) {
        var versions = versions(subject);
        if (version.equals("latest") || version.equals("-1")) {
            return versions.get(versions.size() - 1);
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
        int wanted = number;
        return versions.stream().filter(v -> v.version() == wanted).findFirst()
                .orElseThrow(() -> new SchemaRegistryException(404, VERSION_NOT_FOUND, "Version " + wanted
                        + " not found."));
    }

    private String schemaText(String id) {
        try {
            return store.schemaText(Integer.parseInt(id)).orElseThrow();
        } catch (RuntimeException e) {
            throw new SchemaRegistryException(404, SCHEMA_NOT_FOUND, "Schema " + id + " not found");
        }
    }

    /** Reads a request's {@code {"schema": ...}} and returns the schema's canonical text, or answers 422. */
    private String readSchema(HttpExchange exchange) throws IOException {
        JsonNode body;
        try {
            body = json.readTree(exchange.getRequestBody());
        } catch (JsonProcessingException e) {
            throw invalid("the request body is not JSON: " + e.getOriginalMessage());
        }
        if (body == null || !body.path("schema").isTextual()) {
            throw invalid("the request body has no \"schema\" string");
        }
        var type = body.path("schemaType").asText("AVRO");
        if (!type.equals("AVRO")) {
            throw invalid("schema type " + type + " is not supported; this registry takes AVRO only");
        }
        if (body.path("references").size() > 0) {
            throw invalid("schema references are not supported by this registry");
        }
        try {
            return new Schema.Parser().parse(body.get("schema").asText()).toString();
        } catch (RuntimeException e) {
            throw invalid(e.getMessage());
        }
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
        return answer;
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
