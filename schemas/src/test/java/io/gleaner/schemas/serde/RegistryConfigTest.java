package io.gleaner.schemas.serde;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RegistryConfigTest {

    @Test
    void shouldDefaultToAutoRegisterGenericReaderNoAuthAndFiveRetriesFrom200Ms() {
        var config = RegistryConfig.from(Map.of("schema.registry.url", "http://localhost:8081"));

        assertThat(config).isEqualTo(new RegistryConfig(List.of(URI.create("http://localhost:8081")), true, null,
                false, new RegistryConfig.Retries(5, Duration.ofMillis(200), Duration.ofSeconds(5))));
    }

    @Test
    void shouldReadRetriesFromConfluentsKeysGivenAsStringsOrNumbers() {
        var config = RegistryConfig.from(Map.of("schema.registry.url", "http://r:1",
                "max.retries", "2", "retries.wait.ms", 50, "retries.max.wait.ms", 1_000L));

        assertThat(config.retries())
                .isEqualTo(new RegistryConfig.Retries(2, Duration.ofMillis(50), Duration.ofSeconds(1)));
    }

    @Test
    void shouldBoundEachCallBy60SecondsUnlessTheDeadlineKeySaysOtherwise() {
        assertThat(RegistryConfig.of("http://r:1").retries().deadline()).isEqualTo(Duration.ofSeconds(60));
        var config = RegistryConfig.from(Map.of("schema.registry.url", "http://r:1",
                "gleaner.registry.deadline-ms", "2500"));

        assertThat(config.retries()).isEqualTo(new RegistryConfig.Retries(5, Duration.ofMillis(200),
                Duration.ofSeconds(5), Duration.ofMillis(2500)));
        assertThatThrownBy(() -> RegistryConfig.from(Map.of("schema.registry.url", "http://r:1",
                "gleaner.registry.deadline-ms", "0")))
                .hasMessage("gleaner.registry.deadline-ms must be >= 1, was 0");
    }

    @Test
    void shouldTakeTheDefaultUrlButTheOtherSettingsWhenNoUrlIsNamed() {
        var config = RegistryConfig.fromOrDefault(Map.of("max.retries", "0", "auto.register.schemas", "false"));

        assertThat(config.urls()).containsExactly(URI.create(RegistryConfig.DEFAULT_URL));
        assertThat(config.retries().maxRetries()).isZero();
        assertThat(config.autoRegisterSchemas()).isFalse();
        assertThat(RegistryConfig.fromOrDefault(Map.of("schema.registry.url", "http://r:1")).urls())
                .containsExactly(URI.create("http://r:1"));
        assertThatThrownBy(() -> RegistryConfig.fromOrDefault(Map.of("schema.registry.url", " ")))
                .hasMessageContaining("missing schema.registry.url");
    }

    @Test
    void shouldDoubleTheWaitBeforeEachRetryUpToTheCap() {
        var retries = new RegistryConfig.Retries(10, Duration.ofMillis(200), Duration.ofSeconds(5));

        // 200 ms * 2^(n-1): 200, 400, 800, 1600, 3200, then 6400 and more capped to 5000.
        assertThat(List.of(1, 2, 3, 4, 5, 6, 10)).map(retries::delayBefore).containsExactly(Duration.ofMillis(200),
                Duration.ofMillis(400), Duration.ofMillis(800), Duration.ofMillis(1600), Duration.ofMillis(3200),
                Duration.ofSeconds(5), Duration.ofSeconds(5));
        // Far past the point where 200 ms * 2^(n-1) would overflow a Duration.
        assertThat(retries.delayBefore(Integer.MAX_VALUE)).isEqualTo(Duration.ofSeconds(5));
        assertThat(new RegistryConfig.Retries(3, Duration.ZERO, Duration.ZERO).delayBefore(3)).isZero();
    }

    @Test
    void shouldSayWhichRetrySettingIsWrong() {
        assertThatThrownBy(() -> RegistryConfig.from(Map.of("schema.registry.url", "http://r:1",
                "max.retries", "three")))
                .hasMessage("max.retries must be a whole number, was 'three'");
        assertThatThrownBy(() -> RegistryConfig.from(Map.of("schema.registry.url", "http://r:1",
                "max.retries", "-1")))
                .hasMessage("max.retries must be >= 0, was -1");
        assertThatThrownBy(() -> RegistryConfig.from(Map.of("schema.registry.url", "http://r:1",
                "retries.wait.ms", "-5")))
                .hasMessage("retries.wait.ms must be >= 0, was -5");
        assertThatThrownBy(() -> RegistryConfig.from(Map.of("schema.registry.url", "http://r:1",
                "retries.wait.ms", "1000", "retries.max.wait.ms", "500")))
                .hasMessage("retries.max.wait.ms must be >= retries.wait.ms (1000), was 500");
        assertThatThrownBy(() -> RegistryConfig.from(Map.of("schema.registry.url", "http://r:1",
                "retries.max.wait.ms", "1.5")))
                .hasMessage("retries.max.wait.ms must be a whole number, was '1.5'");
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
