package io.gleaner.deploy.registry;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

/** Raw requests to a registry, for what the typed client cannot send (bad schemas, other schema types). */
final class RegistryHttp {

    /** An answer: HTTP status and JSON body. */
    record Answer(int status, JsonNode body) {
    }

    private static final ObjectMapper JSON = new ObjectMapper();
    private final HttpClient http = HttpClient.newHttpClient();
    private final String url;

    RegistryHttp(String url) {
        this.url = url;
    }

    String url() {
        return url;
    }

    Answer get(String path) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(URI.create(url + path)).GET());
    }

    Answer post(String path, JsonNode body) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(URI.create(url + path))
                .header("Content-Type", "application/vnd.schemaregistry.v1+json")
                .POST(HttpRequest.BodyPublishers.ofString(body.toString())));
    }

    Answer put(String path, JsonNode body) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(URI.create(url + path))
                .header("Content-Type", "application/vnd.schemaregistry.v1+json")
                .PUT(HttpRequest.BodyPublishers.ofString(body.toString())));
    }

    Answer delete(String path) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(URI.create(url + path)).DELETE());
    }

    /** Raw text as the body, for requests that are not JSON. */
    Answer post(String path, String body) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(URI.create(url + path))
                .header("Content-Type", "application/vnd.schemaregistry.v1+json")
                .POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    /** The body {@code {"compatibility": level}} of {@code PUT /config}. */
    static JsonNode levelBody(String level) {
        return JSON.createObjectNode().put("compatibility", level);
    }

    /** The body {@code {"schema": text}} with {@code schemaType} when it is not null. */
    static JsonNode schemaBody(String text, String schemaType) {
        var body = JSON.createObjectNode().put("schema", text);
        if (schemaType != null) {
            body.put("schemaType", schemaType);
        }
        return body;
    }

    private Answer send(HttpRequest.Builder request) throws IOException, InterruptedException {
        var response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        return new Answer(response.statusCode(), JSON.readTree(response.body()));
    }
}
