package io.gleaner.schemas.testing;

import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.apache.kafka.common.test.TestKitNodes;
import org.testcontainers.kafka.KafkaContainer;

/**
 * The Kafka every integration test runs against. By default a single-node KRaft cluster inside the test
 * JVM ({@link KafkaClusterTestKit}); with {@code -Pdocker} (system property {@code gleaner.it.kafka=docker})
 * a Kafka container started by Testcontainers. Both paths share every test.
 */
public final class TestKafka implements AutoCloseable {

    /** The Kafka image the docker profile runs; the same version as the client libraries. */
    public static final String KAFKA_IMAGE = "apache/kafka:4.1.1";

    private final AutoCloseable resource;
    private final String bootstrapServers;

    private TestKafka(AutoCloseable resource, String bootstrapServers) {
        this.resource = resource;
        this.bootstrapServers = bootstrapServers;
    }

    /** Starts the Kafka the build asked for and waits until it serves requests. */
    public static TestKafka start() {
        var mode = System.getProperty("gleaner.it.kafka", "embedded");
        try {
            return switch (mode) {
                case "embedded" -> embedded();
                case "docker" -> container();
                default -> throw new IllegalArgumentException(
                        "unknown gleaner.it.kafka '" + mode + "'; expected one of embedded, docker");
            };
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException("cannot start the test Kafka (" + mode + "): " + e.getMessage(), e);
        }
    }

    private static TestKafka embedded() throws Exception {
        var cluster = new KafkaClusterTestKit.Builder(new TestKitNodes.Builder()
                .setCombined(true)
                .setNumBrokerNodes(1)
                .setNumControllerNodes(1)
                .build())
                .setConfigProp("offsets.topic.replication.factor", "1")
                .setConfigProp("offsets.topic.num.partitions", "3")
                .setConfigProp("transaction.state.log.replication.factor", "1")
                .setConfigProp("transaction.state.log.min.isr", "1")
                .setConfigProp("transaction.state.log.num.partitions", "3")
                .setConfigProp("group.initial.rebalance.delay.ms", "0")
                .build();
        cluster.format();
        cluster.startup();
        cluster.waitForReadyBrokers();
        return new TestKafka(cluster, cluster.bootstrapServers());
    }

    private static TestKafka container() {
        var container = new KafkaContainer(KAFKA_IMAGE);
        container.start();
        return new TestKafka(container, container.getBootstrapServers());
    }

    /** The {@code bootstrap.servers} value for clients. */
    public String bootstrapServers() {
        return bootstrapServers;
    }

    @Override
    public void close() {
        try {
            resource.close();
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException("cannot stop the test Kafka: " + e.getMessage(), e);
        }
    }
}
