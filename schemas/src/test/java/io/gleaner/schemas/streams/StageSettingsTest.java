package io.gleaner.schemas.streams;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StageSettingsTest {

    private static final Map<String, Object> PROPERTIES = Map.of("a.text", "  gleaner ", "a.long", "5000000000",
            "a.int", "7", "a.decimal", "0.25", "a.duration", "PT1H", "a.bad", "x y");

    @Test
    void readsEachKindAndFallsBackWhenMissing() {
        assertThat(StageSettings.text(PROPERTIES, "a.text", "f")).isEqualTo("gleaner");
        assertThat(StageSettings.longValue(PROPERTIES, "a.long", 1)).isEqualTo(5_000_000_000L);
        assertThat(StageSettings.intValue(PROPERTIES, "a.int", 1)).isEqualTo(7);
        assertThat(StageSettings.decimal(PROPERTIES, "a.decimal", 1)).isEqualTo(0.25);
        assertThat(StageSettings.duration(PROPERTIES, "a.duration", Duration.ZERO)).isEqualTo(Duration.ofHours(1));
        assertThat(StageSettings.text(PROPERTIES, "missing", "f")).isEqualTo("f");
        assertThat(StageSettings.longValue(PROPERTIES, "missing", 3)).isEqualTo(3);
    }

    @Test
    void badValuesNameTheKeyAndTheValue() {
        assertThatThrownBy(() -> StageSettings.longValue(PROPERTIES, "a.bad", 1))
                .hasMessage("a.bad must be a whole number, was 'x y'");
        assertThatThrownBy(() -> StageSettings.intValue(PROPERTIES, "a.long", 1))
                .hasMessage("a.long must be a whole number, was '5000000000'");
        assertThatThrownBy(() -> StageSettings.decimal(PROPERTIES, "a.bad", 1))
                .hasMessage("a.bad must be a number, was 'x y'");
        assertThatThrownBy(() -> StageSettings.duration(PROPERTIES, "a.bad", Duration.ZERO))
                .hasMessage("a.bad must be an ISO-8601 duration such as PT1H or P7D, was 'x y'");
    }

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
