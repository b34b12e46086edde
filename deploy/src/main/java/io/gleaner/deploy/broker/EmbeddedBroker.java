package io.gleaner.deploy.broker;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.utils.Time;
import org.apache.kafka.metadata.storage.Formatter;
import org.apache.kafka.server.common.MetadataVersion;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A single-node KRaft Kafka (broker and controller in one process) running inside this JVM, with its log
 * under a data directory that survives restarts. The storage is formatted on first start only.
 */
public final class EmbeddedBroker implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(EmbeddedBroker.class);
    private static final int NODE_ID = 1;

    private final KafkaRaftServer server;
    private final String bootstrapServers;
    private final Path dataDir;

    private EmbeddedBroker(KafkaRaftServer server, String bootstrapServers, Path dataDir) {
        this.server = server;
        this.bootstrapServers = bootstrapServers;
        this.dataDir = dataDir;
    }

    /**
     * Starts the broker and waits until it answers.
     *
     * @param dataDir    where the log lives; created and formatted if it holds no Kafka storage yet
     * @param port       client port, 0 for any free port
     * @param overrides  extra broker settings, applied last
     */
    public static EmbeddedBroker start(Path dataDir, int port, Map<String, String> overrides) {
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("port must be in 0..65535, was " + port);
        }
        try {
            var logDir = dataDir.toAbsolutePath().resolve("kafka");
            Files.createDirectories(logDir);
            int clientPort = port == 0 ? freePort() : port;
            int controllerPort = freePort();
            var props = brokerProperties(logDir, clientPort, controllerPort);
            props.putAll(overrides);
            var config = KafkaConfig.fromProps(props, false);
            if (!Files.exists(logDir.resolve("meta.properties"))) {
                format(config, logDir, clusterIdFor(dataDir));
            }
            var server = new KafkaRaftServer(config, Time.SYSTEM);
            server.startup();
            var bootstrap = "localhost:" + clientPort;
            var broker = new EmbeddedBroker(server, bootstrap, dataDir);
            broker.awaitReady(Duration.ofSeconds(60));
            log.info("Kafka broker ready at {} with its log in {}", bootstrap, logDir);
            return broker;
        } catch (IOException e) {
            throw new IllegalStateException("cannot prepare the broker's data directory " + dataDir + ": " + e.getMessage(), e);
        }
    }

    /** The {@code bootstrap.servers} value clients connect with. */
    public String bootstrapServers() {
        return bootstrapServers;
    }

    /** The data directory the broker keeps its log in. */
    public Path dataDir() {
        return dataDir;
    }

    @Override
    public void close() {
        server.shutdown();
        server.awaitShutdown();
        log.info("Kafka broker at {} stopped", bootstrapServers);
    }

    private static Properties brokerProperties(Path logDir, int clientPort, int controllerPort) {
        var props = new Properties();
        props.put("process.roles", "broker,controller");
        props.put("node.id", Integer.toString(NODE_ID));
        props.put("controller.quorum.voters", NODE_ID + "@localhost:" + controllerPort);
        props.put("listeners", "PLAINTEXT://localhost:" + clientPort + ",CONTROLLER://localhost:" + controllerPort);
        props.put("advertised.listeners", "PLAINTEXT://localhost:" + clientPort);
        props.put("controller.listener.names", "CONTROLLER");
        props.put("inter.broker.listener.name", "PLAINTEXT");
        props.put("listener.security.protocol.map", "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT");
        props.put("log.dirs", logDir.toString());
        // One node: every internal topic has one replica, and consumer groups start without waiting.
        props.put("offsets.topic.replication.factor", "1");
        props.put("offsets.topic.num.partitions", "3");
        props.put("transaction.state.log.replication.factor", "1");
        props.put("transaction.state.log.min.isr", "1");
        props.put("transaction.state.log.num.partitions", "3");
        props.put("share.coordinator.state.topic.replication.factor", "1");
        props.put("share.coordinator.state.topic.min.isr", "1");
        props.put("group.initial.rebalance.delay.ms", "0");
        props.put("auto.create.topics.enable", "false");
        props.put("num.partitions", "1");
        return props;
    }

    private static void format(KafkaConfig config, Path logDir, String clusterId) {
        try {
            new Formatter()
                    .setNodeId(NODE_ID)
                    .setClusterId(clusterId)
                    .setDirectories(java.util.List.of(logDir.toString()))
                    .setMetadataLogDirectory(config.metadataLogDir())
                    .setControllerListenerName("CONTROLLER")
                    .setReleaseVersion(MetadataVersion.LATEST_PRODUCTION)
                    .setPrintStream(new java.io.PrintStream(java.io.OutputStream.nullOutputStream()))
                    .run();
            log.info("formatted new Kafka storage in {} (cluster id {})", logDir, clusterId);
        } catch (Exception e) {
            throw new IllegalStateException("cannot format Kafka storage in " + logDir + ": " + e.getMessage(), e);
        }
    }

    /** A stable cluster id per data directory, so nothing here depends on a random draw. */
    private static String clusterIdFor(Path dataDir) {
        var uuid = UUID.nameUUIDFromBytes(("gleaner:" + dataDir.toAbsolutePath().normalize())
                .getBytes(StandardCharsets.UTF_8));
        return new Uuid(uuid.getMostSignificantBits(), uuid.getLeastSignificantBits()).toString();
    }

    private void awaitReady(Duration timeout) {
        var props = Map.<String, Object>of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
                AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, (int) timeout.toMillis());
        try (var admin = Admin.create(props)) {
            admin.describeCluster().nodes().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the broker at " + bootstrapServers, e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("broker at " + bootstrapServers + " did not become ready within "
                    + timeout + ": " + e.getMessage(), e);
        }
    }

    private static int freePort() throws IOException {
        try (var socket = new ServerSocket(0)) {
            socket.setReuseAddress(true);
            return socket.getLocalPort();
        }
    }
}
