package io.gleaner.schemas;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SettingValuesTest {

    private static final Map<String, Object> PROPERTIES = Map.of("a.text", "  gleaner ", "a.long", "5000000000",
            "a.int", "7", "a.decimal", "0.25", "a.duration", "PT1H", "a.bad", "x y");

    @Test
    void readsEachKindAndFallsBackWhenMissing() {
        assertThat(SettingValues.text(PROPERTIES, "a.text", "f")).isEqualTo("gleaner");
        assertThat(SettingValues.longValue(PROPERTIES, "a.long", 1)).isEqualTo(5_000_000_000L);
        assertThat(SettingValues.intValue(PROPERTIES, "a.int", 1)).isEqualTo(7);
        assertThat(SettingValues.decimal(PROPERTIES, "a.decimal", 1)).isEqualTo(0.25);
        assertThat(SettingValues.duration(PROPERTIES, "a.duration", Duration.ZERO)).isEqualTo(Duration.ofHours(1));
        assertThat(SettingValues.text(PROPERTIES, "missing", "f")).isEqualTo("f");
        assertThat(SettingValues.longValue(PROPERTIES, "missing", 3)).isEqualTo(3);
    }

    @Test
    void badValuesNameTheKeyAndTheValue() {
        assertThatThrownBy(() -> SettingValues.longValue(PROPERTIES, "a.bad", 1))
                .hasMessage("a.bad must be a whole number, was 'x y'");
        assertThatThrownBy(() -> SettingValues.intValue(PROPERTIES, "a.long", 1))
                .hasMessage("a.long must be a whole number, was '5000000000'");
        assertThatThrownBy(() -> SettingValues.decimal(PROPERTIES, "a.bad", 1))
                .hasMessage("a.bad must be a number, was 'x y'");
        assertThatThrownBy(() -> SettingValues.duration(PROPERTIES, "a.bad", Duration.ZERO))
                .hasMessage("a.bad must be an ISO-8601 duration such as PT1H or P7D, was 'x y'");
    }

    @Test
    void flagsAreTrueOrFalseInAnyCaseOrTyped() {
        var properties = Map.<String, Object>of("a", " TRUE ", "b", "false", "c", Boolean.TRUE, "d", "yes");

        assertThat(SettingValues.flag(properties, "a", false)).isTrue();
        assertThat(SettingValues.flag(properties, "b", true)).isFalse();
        assertThat(SettingValues.flag(properties, "c", false)).isTrue();
        assertThat(SettingValues.flag(properties, "missing", true)).isTrue();
        assertThatThrownBy(() -> SettingValues.flag(properties, "d", true))
                .hasMessage("d must be true or false, was 'yes'");
    }
}
