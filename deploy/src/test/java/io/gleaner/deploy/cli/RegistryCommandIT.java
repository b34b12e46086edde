package io.gleaner.deploy.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.gleaner.schemas.testing.TestKafka;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code gleaner registry} as a process, as a container runs it: it serves the registry on every interface and its
 * readiness on the metrics port, and stops on SIGTERM.
 */
@Tag("integration")
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class RegistryCommandIT {

    private static TestKafka cluster;

    @BeforeAll
    static void startBroker() {
        cluster = TestKafka.start();
    }

    @AfterAll
    static void stopBroker() {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void servesTheRegistryAndItsProbesUntilSigterm(@TempDir Path dir) throws Exception {
        var log = dir.resolve("registry.log");
        var process = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m", "-cp", System.getProperty("java.class.path"), "io.gleaner.deploy.Main", "registry",
                "--bootstrap-servers", cluster.bootstrapServers(), "--topic-prefix", "it-registry.",
                "--registry-host", "0.0.0.0", "--registry-port", "0", "--metrics-port", "0")
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try {
            await().atMost(Duration.ofSeconds(60)).until(() -> Files.readString(log).contains("Ctrl-C stops it")
                    || !process.isAlive());
            var printed = Files.readString(log);
            assertThat(process.isAlive()).as(printed).isTrue();
            var registryUrl = value(printed, "schema.registry.url=");
            var metricsPort = value(printed, "metrics.port=");

            assertThat(get(registryUrl + "/subjects").body()).isEqualTo("[]");
            assertThat(get("http://localhost:" + metricsPort + "/health/ready").statusCode()).isEqualTo(200);
            assertThat(get("http://localhost:" + metricsPort + "/metrics").body()).contains("jvm_memory_used_bytes");
        } finally {
            process.destroy();
        }
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        // 128 + 15: the JVM's status after a SIGTERM whose shutdown hooks ran (docs/operations.md#exit-codes-and-supervision).
        assertThat(process.exitValue()).as(Files.readString(log)).isEqualTo(143);
    }

    @Test
    void refusesAnotherRegistrysUrlWithTheUsage() {
        var execution = Execution.execute("registry", "--bootstrap-servers", cluster.bootstrapServers(),
                "--schema-registry-url", "http://elsewhere:8081");

        assertThat(execution.exitCode()).isEqualTo(2);
        assertThat(execution.err()).contains("--schema-registry-url names another registry");
    }

    private static String value(String printed, String prefix) {
        return printed.lines().filter(line -> line.startsWith(prefix)).findFirst().orElseThrow()
                .substring(prefix.length());
    }

    private static HttpResponse<String> get(String url) throws Exception {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(url)).build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
