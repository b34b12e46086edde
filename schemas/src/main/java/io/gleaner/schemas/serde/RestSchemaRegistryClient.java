package io.gleaner.schemas.serde;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.LongSupplier;
import org.apache.avro.Schema;
import org.apache.avro.SchemaParseException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A client of Confluent's schema registry REST API (the four calls of {@link SchemaRegistryClient}), with
 * caches so that a schema costs one request per subject and an id one request per client. Works against
 * Confluent's registry and against Gleaner's embedded one. Thread-safe.
 *
 * <p>A request that meets no answer, or an answer that the registry cannot serve it now (5xx, 429), is sent again as
 * {@link RegistryConfig#retries()} says, waiting longer before each retry, so that a registry away for a few seconds
 * costs only warnings, and never after the call's deadline, so that a registry that takes requests and does not answer,
 * or answers slowly, cannot hold a stream thread past its consumer's poll interval. Every request is safe to repeat: a
 * registration of a schema already registered returns its id. Other answers (404, 422, ...) are the registry's
 * final word and are not retried.
 */
public final class RestSchemaRegistryClient implements SchemaRegistryClient {

    /** The media type of the registry's API, sent as both {@code Content-Type} and {@code Accept}. */
    public static final String CONTENT_TYPE = "application/vnd.schemaregistry.v1+json";

    private static final Logger log = LoggerFactory.getLogger(RestSchemaRegistryClient.class);
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);
    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(30);
    private static final int MAX_BODY_IN_MESSAGE = 300;

    private final RegistryConfig config;
    private final HttpClient http;
    private final Sleeper sleeper;
    /** Nanoseconds of a monotonic clock, for the deadline. */
    private final LongSupplier nanoTime;
    private final ObjectMapper json = new ObjectMapper();
    private final String authorization;
    /** Index into the config's URLs of the one that answered last; requests start there. */
    private volatile int preferredUrl;
    /**
     * Keyed by the schema object, not its text: Schema.toString() costs more than the serialization it serves.
     * Avro's Schema.equals ignores docs, so a schema that differs only in docs reuses the earlier id.
     */
    private final Map<String, Map<Schema, Integer>> idsBySubjectAndSchema = new ConcurrentHashMap<>();
    private final Map<Integer, Schema> schemasById = new ConcurrentHashMap<>();

    /** A client with its own {@link HttpClient}. */
    public RestSchemaRegistryClient(RegistryConfig config) {
        this(config, HttpClient.newBuilder().connectTimeout(CONNECT_TIMEOUT).build());
    }

    /** A client that sends its requests through {@code http}. */
    public RestSchemaRegistryClient(RegistryConfig config, HttpClient http) {
        this(config, http, delay -> Thread.sleep(delay.toMillis()));
    }

    /** A client that waits between retries with {@code sleeper}. */
    RestSchemaRegistryClient(RegistryConfig config, HttpClient http, Sleeper sleeper) {
        this(config, http, sleeper, System::nanoTime);
    }

    /** A client that waits with {@code sleeper} and reads the time towards the deadline from {@code nanoTime}. */
    RestSchemaRegistryClient(RegistryConfig config, HttpClient http, Sleeper sleeper, LongSupplier nanoTime) {
        this.config = Objects.requireNonNull(config, "config");
        this.http = Objects.requireNonNull(http, "http");
        this.sleeper = Objects.requireNonNull(sleeper, "sleeper");
        this.nanoTime = Objects.requireNonNull(nanoTime, "nanoTime");
        this.authorization = config.basicAuthUserInfo() == null ? null : "Basic " + Base64.getEncoder()
                .encodeToString(config.basicAuthUserInfo().getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public int register(String subject, Schema schema) {
        return cachedId(subject, schema, "/subjects/" + encode(subject) + "/versions");
    }

    @Override
    public int idOf(String subject, Schema schema) {
        return cachedId(subject, schema, "/subjects/" + encode(subject));
    }

    @Override
    public Schema schemaById(int id) {
        var cached = schemasById.get(id);
        if (cached != null) {
            return cached;
        }
        var answer = send("GET", "/schemas/ids/" + id, null);
        var schema = parseWithReferences(answer);
        schemasById.putIfAbsent(id, schema);
        return schema;
    }

    @Override
    public RegisteredSchema latest(String subject) {
        Objects.requireNonNull(subject, "subject");
        var answer = send("GET", "/subjects/" + encode(subject) + "/versions/latest", null);
        var registered = new RegisteredSchema(text(answer, "subject"), number(answer, "version"),
                number(answer, "id"), parseWithReferences(answer));
        schemasById.putIfAbsent(registered.id(), registered.schema());
        return registered;
    }

    /** Registers or looks up (depending on {@code path}) unless this subject already gave an id for the schema. */
    private int cachedId(String subject, Schema schema, String path) {
        Objects.requireNonNull(subject, "subject");
        Objects.requireNonNull(schema, "schema");
        var ids = idsBySubjectAndSchema.computeIfAbsent(subject, s -> new ConcurrentHashMap<>());
        var cached = ids.get(schema);
        if (cached != null) {
            return cached;
        }
        var body = json.createObjectNode().put("schema", schema.toString());
        int id = number(send("POST", path, body), "id");
        ids.put(schema, id);
        schemasById.putIfAbsent(id, schema);
        return id;
    }

    /**
     * Sends one request, again after a transient failure, until it is answered, the retries are spent or the next
     * retry would begin after the deadline.
     */
    private JsonNode send(String method, String path, JsonNode body) {
        var retries = config.retries();
        long start = nanoTime.getAsLong();
        for (int attempt = 1; ; attempt++) {
            try {
                return sendToAnyUrl(method, path, body, start);
            } catch (SchemaRegistryException e) {
                if (!e.isTransient() || attempt > retries.maxRetries() || Thread.currentThread().isInterrupted()) {
                    // Not logged here: the caller reports it once (StreamsStage, for a stage, before stopping it).
                    throw e;
                }
                var delay = retries.delayBefore(attempt);
                if (remaining(start).compareTo(delay) <= 0) {
                    throw new SchemaRegistryException(e.status(), e.errorCode(), e.registryMessage()
                            + " (gave up after " + attempt + " attempt(s): a retry in " + delay.toMillis()
                            + " ms would pass the " + RegistryConfig.DEADLINE_MS + " of "
                            + retries.deadline().toMillis() + " ms)", e);
                }
                log.warn("{} {} to the schema registry failed (attempt {} of {}), retrying in {} ms: {}", method, path,
                        attempt, retries.maxRetries() + 1, delay.toMillis(), describe(e));
                try {
                    sleeper.sleep(delay);
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    e.addSuppressed(interrupted);
                    throw e;
                }
            }
        }
    }

    /** What is left of the deadline of a call that began at {@code start}, possibly negative. */
    private Duration remaining(long start) {
        return config.retries().deadline().minusNanos(nanoTime.getAsLong() - start);
    }

    private static String describe(SchemaRegistryException e) {
        return e.status() == SchemaRegistryException.NO_RESPONSE ? e.registryMessage()
                : "HTTP " + e.status() + " " + e.registryMessage();
    }

    /**
     * Sends one request once, trying each URL in turn (from the last that answered) until one answers, each waited
     * for at most until the deadline of the call that began at {@code start}.
     */
    private JsonNode sendToAnyUrl(String method, String path, JsonNode body, long start) {
        var urls = config.urls();
        int first = preferredUrl;
        IOException lastFailure = null;
        for (int tried = 0; tried < urls.size(); tried++) {
            var left = remaining(start);
            if (left.toMillis() < 1) {
                throw new SchemaRegistryException(SchemaRegistryException.NO_RESPONSE,
                        SchemaRegistryException.NO_RESPONSE, "no schema registry answered " + method + " " + path
                        + " within the " + RegistryConfig.DEADLINE_MS + " of " + config.retries().deadline().toMillis()
                        + " ms" + (lastFailure == null ? "" : ": " + lastFailure), lastFailure);
            }
            int index = (first + tried) % urls.size();
            var uri = URI.create(urls.get(index) + path);
            var wait = left.compareTo(REQUEST_TIMEOUT) < 0 ? left : REQUEST_TIMEOUT;
            var request = HttpRequest.newBuilder(uri)
                    .header("Accept", CONTENT_TYPE)
                    .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                            : HttpRequest.BodyPublishers.ofString(body.toString(), StandardCharsets.UTF_8));
            if (body != null) {
                request.header("Content-Type", CONTENT_TYPE);
            }
            if (authorization != null) {
                request.header("Authorization", authorization);
            }
            try {
                var response = exchange(request.build(), wait);
                preferredUrl = index;
                return answer(method, uri, response);
            } catch (IOException e) {
                // The last URL's failure goes into the exception (and the retry's warning) instead.
                if (tried < urls.size() - 1) {
                    log.warn("schema registry {} did not answer {} {}: {}", urls.get(index), method, path,
                            e.toString());
                }
                lastFailure = e;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new SchemaRegistryException(SchemaRegistryException.NO_RESPONSE,
                        SchemaRegistryException.NO_RESPONSE, "interrupted while calling " + method + " " + uri, e);
            }
        }
        throw new SchemaRegistryException(SchemaRegistryException.NO_RESPONSE, SchemaRegistryException.NO_RESPONSE,
                "no schema registry answered " + method + " " + path + " at " + urls + ": " + lastFailure,
                lastFailure);
    }

    /**
     * Sends {@code request} and reads its whole answer within {@code wait}. {@link HttpRequest#timeout} would end at
     * the response headers and leave the connection attempt to the client's own connect timeout; this bound covers
     * connecting, the headers and the body, so a registry that answers slowly cannot hold the caller either.
     */
    private HttpResponse<String> exchange(HttpRequest request, Duration wait)
            throws IOException, InterruptedException {
        var pending = http.sendAsync(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        try {
            return pending.get(wait.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            throw new HttpTimeoutException("no complete answer from " + request.uri() + " within " + wait.toMillis()
                    + " ms");
        } catch (ExecutionException e) {
            if (e.getCause() instanceof IOException failure) {
                throw failure;
            }
            throw new IllegalStateException("calling " + request.uri() + " failed", e.getCause());
        } finally {
            // Aborts the exchange when it has not completed (a timeout, an interrupt); a no-op when it has.
            pending.cancel(true);
        }
    }

    private JsonNode answer(String method, URI uri, HttpResponse<String> response) {
        int status = response.statusCode();
        JsonNode node;
        try {
            node = json.readTree(response.body());
        } catch (IOException e) {
            node = null;
        }
        if (status / 100 == 2 && node != null && node.isObject()) {
            return node;
        }
        if (node != null && node.hasNonNull("message")) {
            int errorCode = node.path("error_code").asInt(status);
            throw new SchemaRegistryException(status, errorCode, node.get("message").asText());
        }
        var bodyText = response.body() == null ? "" : response.body();
        if (bodyText.length() > MAX_BODY_IN_MESSAGE) {
            bodyText = bodyText.substring(0, MAX_BODY_IN_MESSAGE) + "...";
        }
        throw new SchemaRegistryException(status, status, "unexpected answer to " + method + " " + uri + ": HTTP "
                + status + " " + bodyText);
    }

    private static String text(JsonNode answer, String field) {
        var value = answer.get(field);
        if (value == null || !value.isTextual()) {
            throw new SchemaRegistryException(200, 200, "registry answer lacks text field '" + field + "': " + answer);
        }
        return value.asText();
    }

    private static int number(JsonNode answer, String field) {
        var value = answer.get(field);
        if (value == null || !value.canConvertToInt()) {
            throw new SchemaRegistryException(200, 200, "registry answer lacks int field '" + field + "': " + answer);
        }
        return value.asInt();
    }

    /**
     * The schema of a registry answer with {@code "references"}: as Confluent's Avro provider does, each referenced
     * version is fetched (its own references first, each version once) and parsed in that order, so that the schema,
     * which names those types without defining them, parses after them. Another language registers Gleaner's shipped
     * {@code .avsc} files this way (docs/schema-registry.md).
     */
    private Schema parseWithReferences(JsonNode answer) {
        var texts = new LinkedHashMap<String, String>();
        collectReferenced(answer, texts);
        var parser = new Schema.Parser();
        texts.values().forEach(text -> parseSchema(parser, text));
        return parseSchema(parser, text(answer, "schema"));
    }

    private void collectReferenced(JsonNode answer, Map<String, String> texts) {
        for (var reference : answer.path("references")) {
            var path = "/subjects/" + encode(text(reference, "subject")) + "/versions/" + number(reference, "version");
            if (!texts.containsKey(path)) {
                var version = send("GET", path, null);
                collectReferenced(version, texts);
                texts.put(path, text(version, "schema"));
            }
        }
    }

    private static Schema parseSchema(Schema.Parser parser, String text) {
        try {
            return parser.parse(text);
        } catch (SchemaParseException e) {
            throw new SchemaRegistryException(200, SchemaRegistryException.INVALID_SCHEMA,
                    "registry returned a schema Avro cannot parse: " + e.getMessage(), e);
        }
    }

    private static String encode(String subject) {
        return URLEncoder.encode(subject, StandardCharsets.UTF_8).replace("+", "%20");
    }

    /** Waits before a retry; tests pass one that records the delay instead of waiting. */
    @FunctionalInterface
    interface Sleeper {
        void sleep(Duration delay) throws InterruptedException;
    }
}
