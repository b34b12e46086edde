package io.gleaner.schemas.serde;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.avro.Schema;

/**
 * A registry for tests of the REST client: Confluent's four endpoints over an {@link InMemorySchemaRegistryClient},
 * recording every request. {@link #answerWith} makes it return one canned answer instead, to every request or to the
 * next few.
 */
final class FakeRegistryServer implements AutoCloseable {

    /** One request as the server saw it. */
    record Request(String method, String path, String contentType, String authorization, String body) {
    }

    private final InMemorySchemaRegistryClient store = new InMemorySchemaRegistryClient();
    private final ObjectMapper json = new ObjectMapper();
    private final List<Request> requests = new CopyOnWriteArrayList<>();
    private final HttpServer server;
    private final AtomicInteger cannedLeft = new AtomicInteger();
    private volatile int cannedStatus;
    private volatile String cannedBody;

    FakeRegistryServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", this::handle);
        server.start();
    }

    String url() {
        return "http://localhost:" + server.getAddress().getPort();
    }

    List<Request> requests() {
        return List.copyOf(requests);
    }

    InMemorySchemaRegistryClient store() {
        return store;
    }

    /** Answers every request from now on with {@code status} and {@code body}. */
    void answerWith(int status, String body) {
        answerWith(status, body, Integer.MAX_VALUE);
    }

    /** Answers the next {@code times} requests with {@code status} and {@code body}, and then as a registry. */
    void answerWith(int status, String body, int times) {
        cannedBody = body;
        cannedStatus = status;
        cannedLeft.set(times);
    }

    @Override
    public void close() {
        server.stop(0);
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            var body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            var path = exchange.getRequestURI().getRawPath();
            requests.add(new Request(exchange.getRequestMethod(), path,
                    exchange.getRequestHeaders().getFirst("Content-Type"),
                    exchange.getRequestHeaders().getFirst("Authorization"), body));
            int status;
            String answer;
            if (cannedLeft.getAndUpdate(left -> Math.max(left - 1, 0)) > 0) {
                status = cannedStatus;
                answer = cannedBody;
            } else {
                try {
                    answer = json.writeValueAsString(route(exchange.getRequestMethod(), path.split("/"), body));
                    status = 200;
                } catch (SchemaRegistryException e) {
                    status = e.status();
                    answer = json.writeValueAsString(Map.of("error_code", e.errorCode(), "message",
                            e.registryMessage()));
                }
            }
            var bytes = answer.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", RestSchemaRegistryClient.CONTENT_TYPE);
            exchange.sendResponseHeaders(status, bytes.length);
            exchange.getResponseBody().write(bytes);
        }
    }

    private Object route(String method, String[] parts, String body) throws IOException {
        // parts[0] is "" because the path starts with '/'.
        if (parts.length == 4 && parts[1].equals("subjects") && parts[3].equals("versions") && method.equals("POST")) {
            return Map.of("id", store.register(decode(parts[2]), schemaOf(body)));
        }
        if (parts.length == 3 && parts[1].equals("subjects") && method.equals("POST")) {
            var schema = schemaOf(body);
            return Map.of("subject", decode(parts[2]), "id", store.idOf(decode(parts[2]), schema), "schema",
                    schema.toString());
        }
        if (parts.length == 4 && parts[1].equals("schemas") && parts[2].equals("ids") && method.equals("GET")) {
            return Map.of("schema", store.schemaById(Integer.parseInt(parts[3])).toString());
        }
        if (parts.length == 5 && parts[1].equals("subjects") && parts[4].equals("latest") && method.equals("GET")) {
            var latest = store.latest(decode(parts[2]));
            return Map.of("subject", latest.subject(), "version", latest.version(), "id", latest.id(), "schema",
                    latest.schema().toString());
        }
        throw new SchemaRegistryException(404, 404, "HTTP 404 Not Found");
    }

    private Schema schemaOf(String body) throws IOException {
        return new Schema.Parser().parse(json.readTree(body).get("schema").asText());
    }

    private static String decode(String segment) {
        return URLDecoder.decode(segment, StandardCharsets.UTF_8);
    }
}
