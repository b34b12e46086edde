package io.gleaner.deploy.registry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gleaner.deploy.TestCertificates;
import io.gleaner.schemas.avro.UtilizationSample;
import io.gleaner.schemas.serde.RegistryConfig;
import io.gleaner.schemas.serde.RestSchemaRegistryClient;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Map;
import java.util.Optional;
import javax.net.ssl.SSLHandshakeException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The embedded registry behind HTTP basic auth and TLS, over a store in a list. */
class EmbeddedSchemaRegistrySecurityTest {

    private static final RegistryCredentials CREDENTIALS = new RegistryCredentials("gleaner", "reg:s3cret-41");

    private EmbeddedSchemaRegistry registry;

    @AfterEach
    void stop() {
        if (registry != null) {
            registry.close();
        }
    }

    private EmbeddedSchemaRegistry start(EmbeddedSchemaRegistryConfig config) {
        registry = new EmbeddedSchemaRegistry(config, new MemorySchemaLog()).start();
        return registry;
    }

    private static int get(HttpClient http, String url, Optional<String> userInfo) throws Exception {
        var request = HttpRequest.newBuilder(URI.create(url + "/subjects"));
        userInfo.ifPresent(value -> request.header("Authorization",
                "Basic " + Base64.getEncoder().encodeToString(value.getBytes(StandardCharsets.UTF_8))));
        return http.send(request.build(), HttpResponse.BodyHandlers.discarding()).statusCode();
    }

    @Test
    void shouldAnswer401WithoutTheRightCredentialsAnd200WithThem() throws Exception {
        var url = start(EmbeddedSchemaRegistryConfig.of("unused:9092").withCredentials(CREDENTIALS)).url();
        var http = HttpClient.newHttpClient();

        assertThat(get(http, url, Optional.empty())).isEqualTo(401);
        assertThat(get(http, url, Optional.of("gleaner:wrong"))).isEqualTo(401);
        assertThat(get(http, url, Optional.of("someone:reg:s3cret-41"))).isEqualTo(401);
        assertThat(get(http, url, Optional.of("gleaner:reg:s3cret-41"))).isEqualTo(200);
    }

    @Test
    void gleanersClientRegistersWithTheCredentialsAndIsRefusedWithout() {
        var url = start(EmbeddedSchemaRegistryConfig.of("unused:9092").withCredentials(CREDENTIALS)).url();
        var authorized = new RestSchemaRegistryClient(RegistryConfig.from(Map.of("schema.registry.url", url,
                "basic.auth.credentials.source", "USER_INFO", "basic.auth.user.info", "gleaner:reg:s3cret-41")));
        var anonymous = new RestSchemaRegistryClient(RegistryConfig.of(url));

        assertThat(authorized.register("s-value", UtilizationSample.getClassSchema())).isEqualTo(1);
        assertThatThrownBy(() -> anonymous.register("s-value", UtilizationSample.getClassSchema()))
                .hasMessageContaining("401");
    }

    @Test
    void shouldServeHttpsWithTheKeystoreToClientsThatTrustItsCertificate(@TempDir Path dir) throws Exception {
        var certificates = TestCertificates.make(dir, "st0re-pw-5c");
        var url = start(EmbeddedSchemaRegistryConfig.of("unused:9092").withCredentials(CREDENTIALS)
                .withKeystore(new RegistryKeystore(certificates.keystore(), certificates.password()))).url();
        var trusting = HttpClient.newBuilder().sslContext(certificates.trustingContext()).build();

        assertThat(url).startsWith("https://localhost:");
        assertThat(get(trusting, url, Optional.of("gleaner:reg:s3cret-41"))).isEqualTo(200);
        var client = new RestSchemaRegistryClient(RegistryConfig.from(Map.of("schema.registry.url", url,
                "basic.auth.user.info", "gleaner:reg:s3cret-41")), trusting);
        assertThat(client.register("s-value", UtilizationSample.getClassSchema())).isEqualTo(1);
        // The JVM's default truststore does not hold the test's certificate.
        assertThatThrownBy(() -> get(HttpClient.newHttpClient(), url, Optional.empty()))
                .isInstanceOf(SSLHandshakeException.class);
    }

    @Test
    void itsSettingsPrintNoPassword(@TempDir Path dir) {
        var config = EmbeddedSchemaRegistryConfig.of("unused:9092").withCredentials(CREDENTIALS)
                .withKeystore(new RegistryKeystore(dir.resolve("k.p12"), "st0re-pw-5c"))
                .withClientProperties(Map.of("sasl.jaas.config", "x required password=\"kafka-pw-3\";"));

        assertThat(config.toString()).contains("gleaner").doesNotContain("s3cret").doesNotContain("st0re-pw-5c")
                .doesNotContain("kafka-pw-3");
    }
}
