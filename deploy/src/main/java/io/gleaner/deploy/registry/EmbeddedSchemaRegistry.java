package io.gleaner.deploy.registry;

import com.sun.net.httpserver.HttpServer;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A schema registry for the all-in-one runner: Confluent's REST API (the subset below) on a local port, backed by
 * a compacted Kafka topic so that ids survive a restart. On {@link #start()} it reads the topic to the end and
 * only then serves; a registration is written to the topic ({@code acks=all}) before the id is handed out.
 *
 * <p>It serves what Confluent's clients call (docs/schema-registry.md lists every endpoint): registration and look-up,
 * schemas by id, subjects and versions, their soft and permanent deletion, compatibility levels (global default
 * BACKWARD, as Confluent's) enforced at registration with Avro's own checker, the compatibility check endpoint and
 * {@code /mode}. It takes Avro schemas, with Confluent's schema references to other registrations, matches schemas
 * with {@code avro.java.string} removed (so another language's copy of a schema gets the same id), and assumes it is
 * the only writer of its topic.
 */
public final class EmbeddedSchemaRegistry implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(EmbeddedSchemaRegistry.class);

    private final EmbeddedSchemaRegistryConfig config;
    private final SchemaLog schemaLog;
    private HttpServer server;
    private ExecutorService executor;

    /** A registry keeping its schemas in the Kafka topic of {@code config}; {@link #start()} starts it. */
    public EmbeddedSchemaRegistry(EmbeddedSchemaRegistryConfig config) {
        this(config, new KafkaSchemaLog(config));
    }

    EmbeddedSchemaRegistry(EmbeddedSchemaRegistryConfig config, SchemaLog schemaLog) {
        this.config = Objects.requireNonNull(config, "config");
        this.schemaLog = Objects.requireNonNull(schemaLog, "schemaLog");
    }

    /**
     * Creates the store topic if missing, reads it to the end, then listens on the configured port.
     *
     * @return this, to chain {@code new EmbeddedSchemaRegistry(config).start()}
     * @throws IllegalStateException if Kafka or the port is unavailable, or the registry was started before
     */
    public synchronized EmbeddedSchemaRegistry start() {
        if (server != null) {
            throw new IllegalStateException("the schema registry is already started at " + url());
        }
        try {
            var store = new SchemaStore();
            var replayed = schemaLog.replay();
            replayed.forEach(store::apply);
            var threads = new AtomicInteger();
            executor = Executors.newFixedThreadPool(4, task -> {
                var thread = new Thread(task, "schema-registry-http-" + threads.incrementAndGet());
                thread.setDaemon(true);
                return thread;
            });
            var address = new InetSocketAddress(config.host(), config.port());
            if (config.keystore().isPresent()) {
                var https = HttpsServer.create(address, 0);
                https.setHttpsConfigurator(new HttpsConfigurator(config.keystore().get().sslContext()));
                server = https;
            } else {
                server = HttpServer.create(address, 0);
            }
            var context = server.createContext("/", new RegistryHandler(store, schemaLog));
            config.credentials().ifPresent(credentials -> context.setAuthenticator(new BasicAuth(credentials)));
            server.setExecutor(executor);
            server.start();
            log.info("schema registry serving {} with {} records from {}{}", url(), replayed.size(),
                    config.topic(), config.credentials().map(c -> ", basic auth as " + c.user()).orElse(""));
            return this;
        } catch (IOException e) {
            close();
            throw new UncheckedIOException("could not listen on " + config.host() + ":" + config.port(), e);
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    /**
     * The base URL to give to {@code schema.registry.url}, e.g. {@code http://localhost:40321} ({@code https} with a
     * keystore).
     */
    public synchronized String url() {
        var host = config.host().equals("0.0.0.0") || config.host().equals("::") ? "localhost" : config.host();
        return (config.keystore().isPresent() ? "https://" : "http://") + host + ":" + port();
    }

    /** The port it listens on (the one picked when the configured port is 0). */
    public synchronized int port() {
        if (server == null) {
            throw new IllegalStateException("the schema registry is not started");
        }
        return server.getAddress().getPort();
    }

    /** Stops listening (releasing the port) and closes the Kafka clients. Safe to call more than once. */
    @Override
    public synchronized void close() {
        if (server != null) {
            server.stop(0);
            server = null;
        }
        if (executor != null) {
            executor.shutdown();
            try {
                if (!executor.awaitTermination(config.timeout().toMillis(), TimeUnit.MILLISECONDS)) {
                    executor.shutdownNow();
                }
            } catch (InterruptedException e) {
                executor.shutdownNow();
                Thread.currentThread().interrupt();
            }
            executor = null;
        }
        schemaLog.close();
    }
}
