package io.gleaner.schemas.serde;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RegistryConfigTest {

    @Test
    void shouldDefaultToAutoRegisterGenericReaderAndNoAuth() {
        var config = RegistryConfig.from(Map.of("schema.registry.url", "http://localhost:8081"));

        assertThat(config).isEqualTo(new RegistryConfig(List.of(URI.create("http://localhost:8081")), true, null,
                false));
    }

    @Test
    void shouldSplitCommaSeparatedUrlsAndDropTrailingSlashes() {
        var config = RegistryConfig.of("http://a:8081/, https://b:8081");

        assertThat(config.urls()).containsExactly(URI.create("http://a:8081"), URI.create("https://b:8081"));
    }

    @Test
    void shouldReadBooleansGivenAsStringsOrBooleans() {
        var config = RegistryConfig.from(Map.of("schema.registry.url", "http://r:1",
                "auto.register.schemas", "FALSE", "specific.avro.reader", true));

        assertThat(config.autoRegisterSchemas()).isFalse();
        assertThat(config.specificAvroReader()).isTrue();
    }

    @Test
    void shouldTakeUserInfoWithOrWithoutTheSourceKey() {
        var implicit = RegistryConfig.from(Map.of("schema.registry.url", "http://r:1",
                "basic.auth.user.info", "fred:s3cret"));
        var explicit = RegistryConfig.from(Map.of("schema.registry.url", "http://r:1",
                "basic.auth.user.info", "fred:s3cret", "basic.auth.credentials.source", "USER_INFO"));

        assertThat(implicit.basicAuthUserInfo()).isEqualTo("fred:s3cret");
        assertThat(explicit).isEqualTo(implicit);
    }

    @Test
    void shouldNeverShowThePassword() {
        var config = RegistryConfig.from(Map.of("schema.registry.url", "http://r:1",
                "basic.auth.user.info", "fred:s3cret"));

        assertThat(config.toString()).contains("fred").doesNotContain("s3cret");
    }

    @Test
    void shouldSayWhatIsMissingOrWrong() {
        assertThatThrownBy(() -> RegistryConfig.from(Map.of("auto.register.schemas", "true")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("missing schema.registry.url");
        assertThatThrownBy(() -> RegistryConfig.of("localhost:8081"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'localhost:8081' is not an http(s) URL");
        assertThatThrownBy(() -> RegistryConfig.from(Map.of("schema.registry.url", "http://r:1",
                "auto.register.schemas", "yes")))
                .hasMessage("auto.register.schemas must be true or false, was 'yes'");
        assertThatThrownBy(() -> RegistryConfig.from(Map.of("schema.registry.url", "http://r:1",
                "basic.auth.credentials.source", "SASL_INHERIT", "basic.auth.user.info", "a:b")))
                .hasMessage("basic.auth.credentials.source 'SASL_INHERIT' is not supported; expected USER_INFO");
        assertThatThrownBy(() -> RegistryConfig.from(Map.of("schema.registry.url", "http://r:1",
                "basic.auth.credentials.source", "USER_INFO")))
                .hasMessageContaining("needs basic.auth.user.info");
        assertThatThrownBy(() -> RegistryConfig.from(Map.of("schema.registry.url", "http://r:1",
                "basic.auth.user.info", "fred")))
                .hasMessageContaining("must be user:password");
    }
}
