package io.gleaner.classifier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.apache.kafka.streams.StreamsConfig;
import org.junit.jupiter.api.Test;

class ClassifierConfigTest {

    @Test
    void shouldDefaultToTheClassifiersApplicationIdAndTheGleanerPrefix() {
        var config = ClassifierConfig.from(Map.of());

        assertThat(config.stage().applicationId()).isEqualTo("gleaner-classifier");
        assertThat(config.stage().commitIntervalMs()).isEqualTo(100);
        assertThat(config.stage().stateDir()).isEqualTo(Path.of("gleaner-state", "classifier"));
        assertThat(config.stage().bootstrapServers()).isEqualTo("localhost:9092");
        assertThat(config.topics().jobsProfiles().name()).isEqualTo("gleaner.jobs.profiles");
        assertThat(config.stage().registry().urls()).containsExactly(java.net.URI.create("http://localhost:8081"));
        assertThat(config.profiledRetention()).isEqualTo(Duration.ofDays(7));
        assertThat(config.unfinishedRetention()).isEqualTo(Duration.ofDays(30));
        assertThat(config).isEqualTo(ClassifierConfig.defaults());
    }

    @Test
    void shouldReadEveryKey() {
        var config = ClassifierConfig.from(Map.of(
                "gleaner.classifier.application-id", "cl",
                "gleaner.classifier.instance-id", "cl-0",
                "gleaner.classifier.commit-interval-ms", "250",
                "gleaner.classifier.stream-threads", "2",
                "gleaner.classifier.state-dir", "/tmp/cl",
                "gleaner.bootstrap-servers", "kafka:9092",
                "gleaner.topic-prefix", "x.",
                "schema.registry.url", "http://registry:8081",
                "gleaner.classifier.profiled-retention", "P2D",
                "gleaner.classifier.unfinished-retention", "PT36H"));

        assertThat(config.stage().applicationId()).isEqualTo("cl");
        assertThat(config.stage().instanceId()).isEqualTo("cl-0");
        assertThat(config.stage().stateDir()).isEqualTo(Path.of("/tmp/cl"));
        assertThat(config.topics().jobsProfiles().name()).isEqualTo("x.jobs.profiles");
        assertThat(config.stage().registry().urls()).containsExactly(java.net.URI.create("http://registry:8081"));
        assertThat(config.profiledRetention()).isEqualTo(Duration.ofDays(2));
        assertThat(config.unfinishedRetention()).isEqualTo(Duration.ofHours(36));
        var props = config.streamsProperties();
        assertThat(props.get(StreamsConfig.APPLICATION_ID_CONFIG)).isEqualTo("cl");
        assertThat(props.get(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG)).isEqualTo("kafka:9092");
        assertThat(props.get(StreamsConfig.COMMIT_INTERVAL_MS_CONFIG)).isEqualTo("250");
        assertThat(props.get(StreamsConfig.NUM_STREAM_THREADS_CONFIG)).isEqualTo("2");
        assertThat(props.get(StreamsConfig.PROCESSING_GUARANTEE_CONFIG)).isEqualTo(StreamsConfig.EXACTLY_ONCE_V2);
        assertThat(props.get(StreamsConfig.ENSURE_EXPLICIT_INTERNAL_RESOURCE_NAMING_CONFIG)).isEqualTo("true");
        assertThat(props.get(StreamsConfig.mainConsumerPrefix("group.instance.id"))).isEqualTo("cl-0");
    }

    @Test
    void shouldNameTheKeyAndTheValueOfABadSetting() {
        assertThatThrownBy(() -> ClassifierConfig.from(Map.of("gleaner.classifier.commit-interval-ms", "0")))
                .hasMessageContaining("gleaner.classifier.commit-interval-ms: Value must be at least 1");
        assertThatThrownBy(() -> ClassifierConfig.from(Map.of("gleaner.classifier.application-id", "a b")))
                .hasMessageContaining("gleaner.classifier.application-id").hasMessageContaining("'a b'");
        assertThatThrownBy(() -> ClassifierConfig.from(Map.of("gleaner.classifier.stream-threads", "many")))
                .hasMessageContaining("gleaner.classifier.stream-threads").hasMessageContaining("many");
        assertThatThrownBy(() -> ClassifierConfig.from(Map.of("gleaner.classifier.profiled-retention", "PT0S")))
                .hasMessage("Invalid value PT0S for configuration gleaner.classifier.profiled-retention: must be > 0");
        assertThatThrownBy(() -> ClassifierConfig.from(Map.of("gleaner.classifier.unfinished-retention", "-P1D")))
                .hasMessage("Invalid value -P1D for configuration gleaner.classifier.unfinished-retention: must be > 0");
        assertThatThrownBy(() -> ClassifierConfig.from(Map.of("gleaner.classifier.profiled-retention", "7 days")))
                .hasMessageContaining("gleaner.classifier.profiled-retention").hasMessageContaining("7 days");
    }
}
