package io.gleaner.runtime.metrics;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.micrometer.core.instrument.Metrics;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.micrometer.core.instrument.binder.jvm.ClassLoaderMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.kafka.KafkaStreamsMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.apache.kafka.streams.KafkaStreams;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A process's metrics and health on one port (docs/operations.md#metrics-and-health), served by the JDK's HTTP server:
 * {@code /metrics} in Prometheus's text format (the JVM's meters, each stage's Kafka Streams metrics, Gleaner's own:
 * {@link GleanerMeters}), {@code /health/live} (200 while the process serves) and {@code /health/ready} (200 when every
 * registered part is ready, 503 otherwise, with each part's state in a small JSON body).
 *
 * <p>Its Prometheus registry joins Micrometer's global registry, which {@link GleanerMeters} counts into; closing
 * removes it again.
 */
public final class MetricsServer implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(MetricsServer.class);

    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final Map<String, Supplier<String>> parts = new ConcurrentHashMap<>();
    private final JvmGcMetrics gc = new JvmGcMetrics();
    private final HttpServer server;

    private MetricsServer(HttpServer server) {
        this.server = server;
        new JvmMemoryMetrics().bindTo(registry);
        new JvmThreadMetrics().bindTo(registry);
        new ClassLoaderMetrics().bindTo(registry);
        new ProcessorMetrics().bindTo(registry);
        new UptimeMetrics().bindTo(registry);
        gc.bindTo(registry);
        Metrics.addRegistry(registry);
        server.createContext("/metrics", exchange -> respond(exchange, 200,
                "text/plain; version=0.0.4; charset=utf-8", registry.scrape()));
        server.createContext("/health/live", exchange -> respond(exchange, 200, "application/json",
                "{\"status\":\"UP\"}"));
        server.createContext("/health/ready", this::ready);
    }

    /**
     * Serves on {@code port} of every interface (0 picks a free one: {@link #port()}).
     *
     * @throws UncheckedIOException naming the port when it cannot listen
     */
    public static MetricsServer start(int port) {
        try {
            var server = HttpServer.create(new InetSocketAddress(port), 0);
            var metrics = new MetricsServer(server);
            server.start();
            log.info("metrics and health on port {}: /metrics, /health/live, /health/ready", metrics.port());
            return metrics;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot serve metrics on port " + port + ": " + e.getMessage(), e);
        }
    }

    /** The port it serves on. */
    public int port() {
        return server.getAddress().getPort();
    }

    /**
     * Adds a stage's Kafka Streams: its metrics join {@code /metrics} and it is ready when RUNNING (Kafka Streams is
     * RUNNING only once its state stores are restored).
     */
    public void addStage(String name, KafkaStreams streams) {
        new KafkaStreamsMetrics(streams).bindTo(registry);
        addPart(name, () -> streams.state().name(), "RUNNING");
    }

    /** Adds the meters {@code binder} makes, e.g. a Kafka client's ({@code KafkaClientMetrics}). */
    public void add(MeterBinder binder) {
        binder.bindTo(registry);
    }

    /** Adds a part whose state {@code state} reads; the process is ready while every part's state is {@code ready}. */
    public void addPart(String name, Supplier<String> state, String ready) {
        parts.put(name, () -> {
            var now = state.get();
            return now.equals(ready) ? "UP:" + now : "DOWN:" + now;
        });
    }

    private void ready(HttpExchange exchange) throws IOException {
        var states = new LinkedHashMap<String, String>();
        parts.keySet().stream().sorted().forEach(name -> states.put(name, parts.get(name).get()));
        var up = states.values().stream().allMatch(state -> state.startsWith("UP:"));
        var body = new StringBuilder("{\"status\":\"").append(up ? "UP" : "DOWN").append("\",\"parts\":{");
        var first = true;
        for (var entry : states.entrySet()) {
            body.append(first ? "" : ",").append('"').append(entry.getKey()).append("\":\"")
                    .append(entry.getValue().substring(entry.getValue().indexOf(':') + 1)).append('"');
            first = false;
        }
        respond(exchange, up ? 200 : 503, "application/json", body.append("}}").toString());
    }

    private static void respond(HttpExchange exchange, int status, String type, String body) throws IOException {
        try (exchange) {
            var bytes = body.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", type);
            exchange.sendResponseHeaders(status, bytes.length);
            exchange.getResponseBody().write(bytes);
        }
    }

    /** Stops serving and leaves the global registry. */
    @Override
    public void close() {
        server.stop(0);
        Metrics.removeRegistry(registry);
        gc.close();
        registry.close();
    }
}
