package io.gleaner.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gleaner.schemas.serde.RegistryConfig;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StageSettingsTest {

    @Test
    void streamsRunExactlyOnceWithATransactionLongerThanTheSlowestRecord() {
        var props = StageSettings.defaults("planner", "app").streamsProperties();

        assertThat(props.getProperty("processing.guarantee")).isEqualTo("exactly_once_v2");
        // Kafka Streams' own default would be 10 s, shorter than a Salamander re-plan may take.
        assertThat(props.getProperty("producer.transaction.timeout.ms")).isEqualTo("300000");
        assertThat(StageSettings.TRANSACTION_TIMEOUT).isGreaterThan(Duration.ofSeconds(30));
    }

    @Test
    void standbyReplicasAndTheSessionTimeoutReachTheStreamsSettings() {
        var read = StageSettings.from(Map.of("gleaner.qos.standby-replicas", "2",
                "gleaner.qos.session-timeout-ms", "9000"), "qos", "gleaner-qos");

        assertThat(read.availability()).isEqualTo(new StageSettings.Availability(2, 9000));
        // Heartbeats at a sixth of the session timeout: the survivors of a crash rejoin within 1.5 s of it.
        assertThat(read.streamsProperties()).containsEntry("num.standby.replicas", "2")
                .containsEntry("main.consumer.session.timeout.ms", "9000")
                .containsEntry("main.consumer.heartbeat.interval.ms", "1500");
        assertThatThrownBy(() -> StageSettings.from(Map.of("gleaner.qos.standby-replicas", "-1"), "qos", "q"))
                .hasMessageContaining("gleaner.qos.standby-replicas");
    }

    @Test
    void clientPropertiesReachEveryStreamsClientButTheStagesOwnSettingsWin() {
        var settings = StageSettings.defaults("planner", "app").withClientProperties(Map.of(
                "security.protocol", "SASL_SSL", "sasl.mechanism", "SCRAM-SHA-512",
                "processing.guarantee", "at_least_once", "bootstrap.servers", "elsewhere:9092"));

        var props = settings.streamsProperties();

        // Unprefixed, Kafka Streams hands them to its producers, consumers and admin alike.
        assertThat(props).containsEntry("security.protocol", "SASL_SSL").containsEntry("sasl.mechanism", "SCRAM-SHA-512");
        assertThat(props).containsEntry("processing.guarantee", "exactly_once_v2")
                .containsEntry("bootstrap.servers", StageSettings.DEFAULT_BOOTSTRAP_SERVERS);
    }

    @Test
    void kafkasSecurityKeysAmongTheStagesPropertiesBecomeItsClientProperties() {
        var read = StageSettings.from(Map.of("security.protocol", "SASL_SSL", "sasl.mechanism", "SCRAM-SHA-256",
                "ssl.truststore.location", "/etc/t.p12", "linger.ms", "5", "gleaner.bootstrap-servers", "k:9092"),
                "qos", "gleaner-qos");

        assertThat(read.clientProperties()).containsOnly(Map.entry("security.protocol", "SASL_SSL"),
                Map.entry("sasl.mechanism", "SCRAM-SHA-256"), Map.entry("ssl.truststore.location", "/etc/t.p12"));
    }

    @Test
    void toStringNamesTheClientPropertiesButNotTheirValues() {
        var settings = StageSettings.defaults("planner", "app").withClientProperties(Map.of("sasl.jaas.config",
                "org.apache.kafka.common.security.scram.ScramLoginModule required username=\"u\" password=\"s3cret\";"));

        assertThat(settings.toString()).contains("sasl.jaas.config").doesNotContain("s3cret");
    }

    @Test
    void defaultsAreTheStagesOwnAndEveryKeyIsReadUnderTheStagesName() {
        var defaults = StageSettings.defaults("qos", "gleaner-qos");
        assertThat(defaults.stateDir()).isEqualTo(Path.of("gleaner-state", "qos"));
        assertThat(defaults.instanceId()).isEmpty();
        assertThat(defaults.streamsProperties()).doesNotContainKey("main.consumer.group.instance.id")
                .containsEntry("num.stream.threads", "1").containsEntry("commit.interval.ms", "100");

        var read = StageSettings.from(Map.of("gleaner.qos.application-id", "q", "gleaner.qos.instance-id", "q-1",
                "gleaner.qos.commit-interval-ms", "250", "gleaner.qos.stream-threads", 3, "gleaner.qos.state-dir", "/s",
                "gleaner.bootstrap-servers", "k:9092", "gleaner.topic-prefix", "t.",
                "schema.registry.url", "http://r:1", "gleaner.planner.state-dir", "/not-mine",
                "gleaner.max-event-time-ahead", "PT5M"), "qos", "gleaner-qos");

        assertThat(read).isEqualTo(new StageSettings("qos", "q", "q-1", 250, 3, Path.of("/s"), "k:9092", "t.",
                RegistryConfig.of("http://r:1"), java.time.Duration.ofMinutes(5), StageSettings.Availability.DEFAULTS,
                Map.of()));
        assertThat(read.streamsProperties()).containsEntry("main.consumer.group.instance.id", "q-1")
                .containsEntry("application.id", "q").containsEntry("state.dir", "/s");
        assertThat(read.topics().prefix()).isEqualTo("t.");
    }

    @Test
    void errorsNameTheStagesKey() {
        assertThatThrownBy(() -> StageSettings.from(Map.of("gleaner.forecaster.commit-interval-ms", "0"),
                "forecaster", "f")).hasMessage("Invalid value 0 for configuration gleaner.forecaster.commit-interval-ms: "
                        + "Value must be at least 1");
        assertThatThrownBy(() -> StageSettings.from(Map.of("gleaner.forecaster.stream-threads", "0"),
                "forecaster", "f")).hasMessage("Invalid value 0 for configuration gleaner.forecaster.stream-threads: "
                        + "Value must be at least 1");
        assertThatThrownBy(() -> StageSettings.from(Map.of("gleaner.forecaster.instance-id", "a b"),
                "forecaster", "f"))
                .hasMessage("gleaner.forecaster.instance-id must be letters, digits, '.', '_' or '-', was 'a b'");
        assertThatThrownBy(() -> StageSettings.from(Map.of("gleaner.bootstrap-servers", " "), "forecaster", "f"))
                .hasMessageContaining("for configuration gleaner.bootstrap-servers: String must be non-empty");
        assertThatThrownBy(() -> StageSettings.from(Map.of("gleaner.topic-prefix", "a/"), "forecaster", "f"))
                .hasMessage("gleaner.topic-prefix must be letters, digits, '.', '_' or '-', was 'a/'");
    }

    @Test
    void namesAreWhatKafkaAllowsInTopicNames() {
        assertThat(StageSettings.isName("gleaner.planner-1_a")).isTrue();
        assertThat(StageSettings.isName("a b")).isFalse();
        assertThat(StageSettings.isName("")).isFalse();
        assertThatThrownBy(() -> StageSettings.requireName("x.id", "a/b"))
                .hasMessage("x.id must be letters, digits, '.', '_' or '-', was 'a/b'");
    }
}
