package io.gleaner.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Map;
import org.apache.kafka.common.config.ConfigDef.Type;
import org.junit.jupiter.api.Test;

class StageConfigDefTest {

    private static final StageConfigDef DEF = StageSettings.configDef("test", "gleaner-test")
            .define("window", Type.STRING, "P7D", SettingValidators.positiveDuration(), "History.")
            .define("share", Type.DOUBLE, 0.1, SettingValidators.shareBelowOne(), "A share.")
            .deprecated("gleaner.test.old.window", "window");

    @Test
    void shouldReadADeprecatedKeyUnlessItsNewKeyIsGiven() {
        assertThat(DEF.parse(Map.of("gleaner.test.old.window", "PT1H")).getString("gleaner.test.window"))
                .isEqualTo("PT1H");
        assertThat(DEF.parse(Map.of("gleaner.test.old.window", "PT1H", "gleaner.test.window", "PT2H"))
                .getString("gleaner.test.window")).isEqualTo("PT2H");
        assertThat(DEF.deprecatedKeys()).containsExactly(Map.entry("gleaner.test.old.window", "gleaner.test.window"));
    }

    @Test
    void shouldTakeATypedDurationAsItsText() {
        assertThat(DEF.parse(Map.of("gleaner.test.window", Duration.ofMinutes(3))).getString("gleaner.test.window"))
                .isEqualTo("PT3M");
    }

    @Test
    void shouldNameTheKeyAndTheValueOfABadDurationOrShare() {
        assertThatThrownBy(() -> DEF.parse(Map.of("gleaner.test.window", "PT0S")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Invalid value PT0S for configuration gleaner.test.window: must be > 0");
        assertThatThrownBy(() -> DEF.parse(Map.of("gleaner.test.window", "a week")))
                .hasMessage("Invalid value a week for configuration gleaner.test.window: "
                        + "must be an ISO-8601 duration such as PT1H or P7D");
        assertThatThrownBy(() -> DEF.parse(Map.of("gleaner.test.share", 1.0)))
                .hasMessage("Invalid value 1.0 for configuration gleaner.test.share: must be in [0, 1)");
    }

    @Test
    void shouldRefuseAnAliasOfAnUndeclaredSetting() {
        assertThatThrownBy(() -> StageSettings.configDef("test", "t").deprecated("gleaner.test.x", "y"))
                .hasMessage("gleaner.test.x is an alias of an undeclared setting gleaner.test.y");
    }
}
