package io.gleaner.deploy.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ScramCredentialInfo;
import org.apache.kafka.clients.admin.ScramMechanism;
import org.apache.kafka.clients.admin.UserScramCredentialUpsertion;
import org.apache.kafka.common.security.auth.SecurityProtocol;
import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.apache.kafka.common.test.TestKitNodes;

/**
 * A one-node in-JVM KRaft cluster ({@link KafkaClusterTestKit}, as {@code TestKafka}) whose client listener asks for
 * SASL (SCRAM-SHA-256) or TLS, for the tests of {@code --kafka-config}. Embedded only: the {@code -Pdocker} path of
 * {@code TestKafka} has no secured variant.
 */
final class SecuredTestKafka implements AutoCloseable {

    /** The kit's SASL super user (PLAIN), with which the SCRAM users are created. */
    static final String PLAIN_ADMIN_JAAS = "org.apache.kafka.common.security.plain.PlainLoginModule required "
            + "username=\"plain-admin\" password=\"plain-admin-secret\";";

    private final KafkaClusterTestKit cluster;

    private SecuredTestKafka(KafkaClusterTestKit cluster) {
        this.cluster = cluster;
    }

    /**
     * A cluster whose client listener (the kit's {@code EXTERNAL}) is SASL_PLAINTEXT with PLAIN (the kit's own
     * super user) and SCRAM-SHA-256, and the SCRAM user {@code user} with {@code password}, a super user too: these
     * tests are about authentication, not ACLs.
     */
    static SecuredTestKafka scram(String user, String password) throws Exception {
        // The controller listener too: the kit's authorizer lets only its PLAIN super user register brokers.
        var cluster = start(new TestKitNodes.Builder().setBrokerSecurityProtocol(SecurityProtocol.SASL_PLAINTEXT)
                        .setControllerSecurityProtocol(SecurityProtocol.SASL_PLAINTEXT),
                Map.of("listener.name.external.sasl.enabled.mechanisms", "PLAIN,SCRAM-SHA-256",
                        "listener.name.external.scram-sha-256.sasl.jaas.config",
                        "org.apache.kafka.common.security.scram.ScramLoginModule required;",
                        "super.users", "User:plain-admin;User:" + user));
        var admin = new HashMap<String, Object>(Map.of("bootstrap.servers", cluster.bootstrapServers(),
                "security.protocol", "SASL_PLAINTEXT", "sasl.mechanism", "PLAIN",
                "sasl.jaas.config", PLAIN_ADMIN_JAAS));
        try (var client = Admin.create(admin)) {
            client.alterUserScramCredentials(List.of(new UserScramCredentialUpsertion(user,
                    new ScramCredentialInfo(ScramMechanism.SCRAM_SHA_256, 4096), password)))
                    .all().get(30, TimeUnit.SECONDS);
        }
        return new SecuredTestKafka(cluster);
    }

    /**
     * A cluster whose client listener is TLS with {@code keystore} (PKCS12, password {@code storePassword}); the
     * broker trusts {@code truststore} for its own connections to that listener.
     */
    static SecuredTestKafka tls(Path keystore, Path truststore, String storePassword) throws Exception {
        // The kit builds only PLAINTEXT and SASL_PLAINTEXT listeners; it takes our protocol map over its own.
        var cluster = start(new TestKitNodes.Builder(), Map.of(
                "listener.security.protocol.map", "EXTERNAL:SSL,CONTROLLER:PLAINTEXT",
                "ssl.keystore.type", "PKCS12",
                "ssl.keystore.location", keystore.toString(),
                "ssl.keystore.password", storePassword,
                "ssl.truststore.type", "PKCS12",
                "ssl.truststore.location", truststore.toString(),
                "ssl.truststore.password", storePassword));
        return new SecuredTestKafka(cluster);
    }

    private static KafkaClusterTestKit start(TestKitNodes.Builder nodes, Map<String, String> security)
            throws Exception {
        var builder = new KafkaClusterTestKit.Builder(nodes.setCombined(true).setNumBrokerNodes(1)
                .setNumControllerNodes(1).build())
                .setConfigProp("offsets.topic.replication.factor", "1")
                .setConfigProp("offsets.topic.num.partitions", "3")
                .setConfigProp("transaction.state.log.replication.factor", "1")
                .setConfigProp("transaction.state.log.min.isr", "1")
                .setConfigProp("transaction.state.log.num.partitions", "3")
                .setConfigProp("group.initial.rebalance.delay.ms", "0");
        security.forEach(builder::setConfigProp);
        var cluster = builder.build();
        cluster.format();
        cluster.startup();
        cluster.waitForReadyBrokers();
        return cluster;
    }

    String bootstrapServers() {
        return cluster.bootstrapServers();
    }

    /** Writes {@code properties} as a Java properties file, as an operator would for {@code --kafka-config}. */
    static Path propertiesFile(Path file, Map<String, String> properties) throws Exception {
        var lines = new ArrayList<String>();
        properties.forEach((key, value) -> lines.add(key + "=" + value.replace("\\", "\\\\")));
        return Files.write(file, lines);
    }

    @Override
    public void close() throws Exception {
        cluster.close();
    }
}
