package io.gleaner.schemas.streams;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class StageSettingsTest {

    @Test
    void streamsRunExactlyOnceWithATransactionLongerThanTheSlowestRecord() {
        var props = StageSettings.streamsProperties("app", "kafka:9092", Path.of("state"), 100, 1, "");

        assertThat(props.getProperty("processing.guarantee")).isEqualTo("exactly_once_v2");
        // Kafka Streams' own default would be 10 s, shorter than a Salamander re-plan may take.
        assertThat(props.getProperty("producer.transaction.timeout.ms")).isEqualTo("300000");
        assertThat(StageSettings.TRANSACTION_TIMEOUT).isGreaterThan(Duration.ofSeconds(30));
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
