package io.gleaner.deploy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.deploy.TestCertificates;
import io.gleaner.schemas.Topics;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --kafka-config} against a broker whose listener speaks TLS with a certificate made for the test
 * ({@link TestCertificates}): with the truststore the commands work, without it the handshake fails and says so.
 */
@Tag("integration")
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class KafkaConfigTlsIT {

    private static final String STORE_PASSWORD = "tls-st0re-7b2e";

    private static SecuredTestKafka cluster;

    @TempDir
    static Path dir;

    private static Path truststore;

    @BeforeAll
    static void start() throws Exception {
        var certificates = TestCertificates.make(dir, STORE_PASSWORD);
        truststore = certificates.truststore();
        cluster = SecuredTestKafka.tls(certificates.keystore(), truststore, STORE_PASSWORD);
    }

    @AfterAll
    static void stop() throws Exception {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void shouldCreateTopicsAndSubmitAJobOverTlsWithTheTruststoreOfTheFile() throws Exception {
        var config = SecuredTestKafka.propertiesFile(dir.resolve("tls.properties"), Map.of(
                "security.protocol", "SSL", "ssl.truststore.type", "PKCS12",
                "ssl.truststore.location", truststore.toString(), "ssl.truststore.password", STORE_PASSWORD));
        var prefix = "it.tls.";

        var created = Execution.execute("topics", "create", "--bootstrap-servers", cluster.bootstrapServers(),
                "--kafka-config", config.toString(), "--topic-prefix", prefix);
        var job = Files.writeString(dir.resolve("job.json"), JobsCommandTest.JOB);
        var submitted = Execution.execute("jobs", "submit", job.toString(), "--bootstrap-servers",
                cluster.bootstrapServers(), "--kafka-config", config.toString(), "--topic-prefix", prefix,
                "--data-dir", dir.resolve("submit").toString());
        var described = Execution.execute("topics", "describe", "--bootstrap-servers", cluster.bootstrapServers(),
                "--kafka-config", config.toString(), "--topic-prefix", prefix);

        assertThat(created.exitCode()).as(created.err()).isZero();
        assertThat(submitted.exitCode()).as(submitted.err()).isZero();
        assertThat(described.exitCode()).as(described.err()).isZero();
        // One job record; exactly-once is not used by jobs submit, so the offset span is the record count.
        assertThat(described.out()).containsPattern(Topics.withPrefix(prefix).jobsSubmitted().name() + " +1 +delete +1");
        assertThat(described.out() + submitted.err() + created.err()).doesNotContain(STORE_PASSWORD);
    }

    @Test
    void shouldFailTheHandshakeWithoutTheTruststore() throws Exception {
        var config = SecuredTestKafka.propertiesFile(dir.resolve("no-truststore.properties"),
                Map.of("security.protocol", "SSL"));

        var run = Execution.execute("topics", "create", "--bootstrap-servers", cluster.bootstrapServers(),
                "--kafka-config", config.toString(), "--topic-prefix", "it.tls.untrusted.");

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).contains("SSL handshake failed");
    }
}
