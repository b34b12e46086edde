package io.gleaner.deploy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.schemas.Topics;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --kafka-config} against a broker whose listener speaks TLS with a certificate made for the test by the JDK's
 * {@code keytool}: with the truststore the commands work, without it the handshake fails and says so.
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
        var keystore = dir.resolve("broker.p12");
        truststore = dir.resolve("truststore.p12");
        var certificate = dir.resolve("broker.pem");
        // A self-signed broker certificate for localhost, its own trust anchor.
        keytool("-genkeypair", "-alias", "broker", "-keyalg", "RSA", "-keysize", "2048", "-validity", "2",
                "-dname", "CN=localhost", "-ext", "SAN=dns:localhost,ip:127.0.0.1", "-storetype", "PKCS12",
                "-keystore", keystore.toString(), "-storepass", STORE_PASSWORD, "-keypass", STORE_PASSWORD);
        keytool("-exportcert", "-rfc", "-alias", "broker", "-keystore", keystore.toString(),
                "-storepass", STORE_PASSWORD, "-file", certificate.toString());
        keytool("-importcert", "-noprompt", "-alias", "broker", "-file", certificate.toString(),
                "-storetype", "PKCS12", "-keystore", truststore.toString(), "-storepass", STORE_PASSWORD);
        cluster = SecuredTestKafka.tls(keystore, truststore, STORE_PASSWORD);
    }

    @AfterAll
    static void stop() throws Exception {
        if (cluster != null) {
            cluster.close();
        }
    }

    private static void keytool(String... args) throws Exception {
        var command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "keytool").toString()));
        command.addAll(List.of(args));
        var process = new ProcessBuilder(command).redirectErrorStream(true).start();
        var output = new String(process.getInputStream().readAllBytes());
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("keytool %s", args[0]).isTrue();
        assertThat(process.exitValue()).as("keytool %s: %s", args[0], output).isZero();
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
