package io.gleaner.ingest.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.streams.StreamsConfig;
import org.junit.jupiter.api.Test;

/** The adapter's settings: defaults, the default application id, validation and the Streams properties. */
class AdapterConfigTest {

    @Test
    void shouldNameTheApplicationAfterThePresetOrTheMappingFile() {
        assertThat(AdapterConfig.defaultApplicationId("telegraf-json")).isEqualTo("gleaner-ingest-telegraf-json");
        assertThat(AdapterConfig.defaultApplicationId("/etc/gleaner/My Hosts.yaml"))
                .isEqualTo("gleaner-ingest-My-Hosts");
        assertThat(AdapterConfig.of("telegraf", "conf/racks.v2.yml").stage().applicationId())
                .isEqualTo("gleaner-ingest-racks.v2");
    }

    @Test
    void shouldReadPropertiesWithDefaults() {
        var config = AdapterConfig.from(Map.of(AdapterConfig.SOURCE_TOPIC, "otel-metrics",
                AdapterConfig.MAPPING, "otlp-json", "gleaner.ingest.commit-interval-ms", "250",
                "schema.registry.url", "http://registry:8081"));

        assertThat(config.stage().applicationId()).isEqualTo("gleaner-ingest-otlp-json");
        assertThat(config.stage().commitIntervalMs()).isEqualTo(250);
        assertThat(config.stage().stateDir()).isEqualTo(Path.of("gleaner-state", "ingest"));
        assertThat(config.stage().streamThreads()).isEqualTo(1);
        assertThat(config.stage().registry().urls()).extracting(Object::toString)
                .containsExactly("http://registry:8081");
    }

    @Test
    void shouldRequireTheSourceTopicAndTheMapping() {
        assertThatThrownBy(() -> AdapterConfig.from(Map.of(AdapterConfig.MAPPING, "otlp-json")))
                .hasMessage("gleaner.ingest.source-topic is required");
        assertThatThrownBy(() -> AdapterConfig.from(Map.of(AdapterConfig.SOURCE_TOPIC, "t")))
                .hasMessage("gleaner.ingest.mapping is required");
    }

    @Test
    void shouldRefuseBadValuesNamingTheKey() {
        var config = AdapterConfig.of("telegraf", "telegraf-json");

        assertThatThrownBy(() -> config.withStage(s -> s.withCommitIntervalMs(0)))
                .hasMessage("gleaner.ingest.commit-interval-ms must be > 0, was 0");
        assertThatThrownBy(() -> config.withStage(s -> s.withStreamThreads(0)))
                .hasMessage("gleaner.ingest.stream-threads must be >= 1, was 0");
        assertThatThrownBy(() -> config.withStage(s -> s.withApplicationId("my app")))
                .hasMessage("gleaner.ingest.application-id must be letters, digits, '.', '_' or '-', was 'my app'");
        assertThatThrownBy(() -> AdapterConfig.of("tele/graf", "telegraf-json"))
                .hasMessageStartingWith("gleaner.ingest.source-topic must be a topic name");
        assertThatThrownBy(() -> AdapterConfig.of("gleaner.nodes.utilization", "telegraf-json"))
                .hasMessage("gleaner.ingest.source-topic must not be one of the adapter's outputs, was "
                        + "'gleaner.nodes.utilization'");
        assertThatThrownBy(() -> AdapterConfig.from(Map.of(AdapterConfig.SOURCE_TOPIC, "t", AdapterConfig.MAPPING,
                "otlp-json", "gleaner.ingest.stream-threads", "two")))
                .hasMessage("Invalid value two for configuration gleaner.ingest.stream-threads: "
                        + "Not a number of type INT");
    }

    @Test
    void shouldRunExactlyOnceWithExplicitNames() {
        var props = AdapterConfig.of("telegraf", "telegraf-json").withStage(s -> s.withStateDir(Path.of("/tmp/x"))
                .withStreamThreads(2))
                .streamsProperties();

        assertThat(props).containsEntry(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, StreamsConfig.EXACTLY_ONCE_V2)
                .containsEntry(StreamsConfig.ENSURE_EXPLICIT_INTERNAL_RESOURCE_NAMING_CONFIG, "true")
                .containsEntry(StreamsConfig.APPLICATION_ID_CONFIG, "gleaner-ingest-telegraf-json")
                .containsEntry(StreamsConfig.STATE_DIR_CONFIG, "/tmp/x")
                .containsEntry(StreamsConfig.NUM_STREAM_THREADS_CONFIG, "2")
                .doesNotContainKey(StreamsConfig.mainConsumerPrefix(ConsumerConfig.GROUP_INSTANCE_ID_CONFIG));
    }

    @Test
    void shouldMakeTheConsumerAStaticMemberWithAnInstanceId() {
        var props = AdapterConfig.of("telegraf", "telegraf-json").withStage(s -> s.withInstanceId("ingest-a"))
                .streamsProperties();

        assertThat(props).containsEntry(StreamsConfig.mainConsumerPrefix(ConsumerConfig.GROUP_INSTANCE_ID_CONFIG),
                "ingest-a");
        assertThatThrownBy(() -> AdapterConfig.of("telegraf", "telegraf-json").withStage(s -> s.withInstanceId("a b")))
                .hasMessage("gleaner.ingest.instance-id must be letters, digits, '.', '_' or '-', was 'a b'");
    }
}
