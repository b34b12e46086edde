package io.gleaner.deploy.liveview;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.ToStringSerializer;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.gleaner.deploy.liveview.core.ViewSnapshot;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.time.Instant;
import java.util.Objects;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Serves the live view on the JDK's HTTP server, as {@code MetricsServer} serves metrics: {@code /} the page (one
 * self-contained file, {@code liveview/index.html} on the classpath: its script and styles inline, nothing fetched from
 * elsewhere) and {@code /api/view} the view now as JSON, which the page polls (docs/operations.md#watching-it).
 */
public final class LiveViewServer implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(LiveViewServer.class);
    static final String PAGE = "liveview/index.html";

    private final HttpServer server;
    private final Supplier<ViewSnapshot> view;
    private final byte[] page;
    /** The view's JSON: times as ISO-8601 text. */
    static final ObjectMapper JSON = new ObjectMapper()
            .registerModule(new SimpleModule().addSerializer(Instant.class, ToStringSerializer.instance));

    private LiveViewServer(HttpServer server, Supplier<ViewSnapshot> view, byte[] page) {
        this.server = server;
        this.view = view;
        this.page = page;
        server.createContext("/", this::page);
        server.createContext("/api/view", this::snapshot);
    }

    /**
     * Serves {@code view} on {@code port} of every interface.
     *
     * @throws UncheckedIOException naming the port when it cannot listen
     */
    public static LiveViewServer start(int port, Supplier<ViewSnapshot> view) {
        byte[] page;
        try (var in = Objects.requireNonNull(LiveViewServer.class.getClassLoader().getResourceAsStream(PAGE), PAGE)) {
            page = in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + PAGE, e);
        }
        try {
            var server = new LiveViewServer(HttpServer.create(new InetSocketAddress(port), 0), view, page);
            server.server.start();
            log.info("live view on http://localhost:{}/", server.port());
            return server;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot serve the live view on port " + port + ": " + e.getMessage(), e);
        }
    }

    /** The port it serves on. */
    public int port() {
        return server.getAddress().getPort();
    }

    private void page(HttpExchange exchange) throws IOException {
        var path = exchange.getRequestURI().getPath();
        if (path.equals("/") || path.equals("/index.html")) {
            respond(exchange, 200, "text/html; charset=utf-8", page);
        } else {
            respond(exchange, 404, "text/plain; charset=utf-8", "not found\n".getBytes());
        }
    }

    private void snapshot(HttpExchange exchange) throws IOException {
        byte[] body;
        try {
            body = JSON.writeValueAsBytes(view.get());
        } catch (JsonProcessingException e) {
            respond(exchange, 500, "text/plain; charset=utf-8", "cannot write the view\n".getBytes());
            return;
        }
        respond(exchange, 200, "application/json", body);
    }

    private static void respond(HttpExchange exchange, int status, String type, byte[] body) throws IOException {
        try (exchange) {
            exchange.getResponseHeaders().set("Content-Type", type);
            exchange.getResponseHeaders().set("Cache-Control", "no-store");
            exchange.sendResponseHeaders(status, body.length);
            exchange.getResponseBody().write(body);
        }
    }

    /** Stops serving. */
    @Override
    public void close() {
        server.stop(0);
    }
}
