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
                QosConfig.MODE, " Cuckoo ",
                QosConfig.PERIOD_MS, "250",
                QosConfig.CPU_SAFETY_MARGIN, "0.05",
                QosConfig.RAM_SAFETY_MARGIN, "0.2",
                QosConfig.RAM_THRESHOLD_SHARE, "1",
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
        assertThatThrownBy(() -> QosConfig.from(Map.of(QosConfig.MODE, "cucko")))
                .hasMessageContaining(QosConfig.MODE).hasMessageContaining("'cucko'")
                .hasMessageContaining("salamander, cuckoo");
        assertThatThrownBy(() -> QosConfig.from(Map.of(QosConfig.PERIOD_MS, "0")))
                .hasMessage(QosConfig.PERIOD_MS + " must be > 0, was 0");
        assertThatThrownBy(() -> QosConfig.defaults().withSafetyMargins(1.0, 0.1))
                .hasMessage(QosConfig.CPU_SAFETY_MARGIN + " must be in [0, 1), was 1.0");
        assertThatThrownBy(() -> QosConfig.defaults().withSafetyMargins(0.1, -0.1))
                .hasMessage(QosConfig.RAM_SAFETY_MARGIN + " must be in [0, 1), was -0.1");
        assertThatThrownBy(() -> QosConfig.defaults().withRamThresholdShare(1.5))
                .hasMessage(QosConfig.RAM_THRESHOLD_SHARE + " must be in [0, 1], was 1.5");
        assertThatThrownBy(() -> QosConfig.from(Map.of(QosConfig.CPU_SAFETY_MARGIN, "ten")))
                .hasMessageContaining(QosConfig.CPU_SAFETY_MARGIN).hasMessageContaining("'ten'");
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
