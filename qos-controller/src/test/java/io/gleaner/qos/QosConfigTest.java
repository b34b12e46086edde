package io.gleaner.qos;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gleaner.qos.core.QosMode;
import io.gleaner.qos.core.QosSettings;
import java.time.Duration;
import java.util.Map;
import org.apache.kafka.streams.StreamsConfig;
import org.junit.jupiter.api.Test;

/** {@link QosConfig}: defaults, properties, validation messages, the core settings and Kafka Streams properties. */
class QosConfigTest {

    @Test
    void shouldDefaultToSalamanderEvery100MsWithTenPercentMargins() {
        var config = QosConfig.defaults();

        assertThat(config.stage().applicationId()).isEqualTo("gleaner-qos");
        assertThat(config.mode()).isEqualTo(QosMode.SALAMANDER);
        assertThat(config.settings().period()).isEqualTo(Duration.ofMillis(100))
                .isEqualTo(QosSettings.DEFAULT_PERIOD);
        assertThat(config.settings().cpuSafetyMargin()).isEqualTo(0.10);
        assertThat(config.settings().ramSafetyMargin()).isEqualTo(0.10);
        assertThat(config.settings().ramThresholdShare()).isEqualTo(0.5);
    }

    @Test
    void shouldReadEverySettingFromItsProperty() {
        var config = QosConfig.from(Map.of(
                "gleaner.qos.application-id", "qos-a",
                "gleaner.qos.mode", " Cuckoo ",
                "gleaner.qos.period-ms", "250",
                "gleaner.qos.safety-margin-cpu", "0.05",
                "gleaner.qos.cpu-safety-margin", "0.3", "gleaner.qos.ram-safety-margin", "0.2",
                "gleaner.qos.ram-threshold-share", "1",
                "gleaner.qos.commit-interval-ms", "500",
                "gleaner.topic-prefix", "x."));

        assertThat(config.stage().applicationId()).isEqualTo("qos-a");
        assertThat(config.mode()).isEqualTo(QosMode.CUCKOO);
        assertThat(config.settings().period()).isEqualTo(Duration.ofMillis(250));
        assertThat(config.settings().cpuSafetyMargin()).isEqualTo(0.05);
        assertThat(config.settings().ramSafetyMargin()).isEqualTo(0.2);
        assertThat(config.settings().ramThresholdShare()).isEqualTo(1.0);
        assertThat(config.stage().commitIntervalMs()).isEqualTo(500);
        assertThat(config.topics().qosActions().name()).isEqualTo("x.qos.actions");
    }

    @Test
    void shouldNameTheKeyAndTheValueOfABadSetting() {
        assertThatThrownBy(() -> QosConfig.from(Map.of("gleaner.qos.mode", "cucko")))
                .hasMessageContaining("gleaner.qos.mode").hasMessageContaining("'cucko'")
                .hasMessageContaining("salamander, cuckoo");
        assertThatThrownBy(() -> QosConfig.from(Map.of("gleaner.qos.period-ms", "0")))
                .hasMessage("Invalid value 0 for configuration gleaner.qos.period-ms: Value must be at least 1");
        assertThatThrownBy(() -> QosConfig.defaults().withSafetyMargins(1.0, 0.1))
                .hasMessage("gleaner.qos.safety-margin-cpu must be in [0, 1), was 1.0");
        assertThatThrownBy(() -> QosConfig.defaults().withSafetyMargins(0.1, -0.1))
                .hasMessage("gleaner.qos.safety-margin-memory must be in [0, 1), was -0.1");
        assertThatThrownBy(() -> QosConfig.defaults().withRamThresholdShare(1.5))
                .hasMessage("gleaner.qos.ram-threshold-share must be in [0, 1], was 1.5");
        assertThatThrownBy(() -> QosConfig.from(Map.of("gleaner.qos.safety-margin-cpu", "ten")))
                .hasMessageContaining("gleaner.qos.safety-margin-cpu").hasMessageContaining("ten");
        assertThatThrownBy(() -> QosConfig.defaults().withStage(s -> s.withApplicationId("a b")))
                .hasMessageContaining("gleaner.qos.application-id").hasMessageContaining("'a b'");
    }

    @Test
    void shouldRunExactlyOnceWithExplicitInternalNames() {
        var props = QosConfig.defaults().streamsProperties();

        assertThat(props.getProperty(StreamsConfig.PROCESSING_GUARANTEE_CONFIG))
                .isEqualTo(StreamsConfig.EXACTLY_ONCE_V2);
        assertThat(props.getProperty(StreamsConfig.ENSURE_EXPLICIT_INTERNAL_RESOURCE_NAMING_CONFIG))
                .isEqualTo("true");
        assertThat(props.getProperty(StreamsConfig.APPLICATION_ID_CONFIG)).isEqualTo("gleaner-qos");
    }
}
