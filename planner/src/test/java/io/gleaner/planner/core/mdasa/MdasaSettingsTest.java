package io.gleaner.planner.core.mdasa;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gleaner.classifier.estimate.SlotsForDeadline;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class MdasaSettingsTest {

    @Test
    void shouldParseBothSizingsAndNameTheAllowedOnesForAnUnknownOne() {
        assertThat(MdasaSettings.parseSizing(" Lagrange ")).isEqualTo(SlotsForDeadline.Method.LAGRANGE);
        assertThat(MdasaSettings.parseSizing("fixed-reduce")).isEqualTo(SlotsForDeadline.Method.FIXED_REDUCE);
        assertThat(MdasaSettings.sizingName(SlotsForDeadline.Method.FIXED_REDUCE)).isEqualTo("fixed-reduce");
        assertThatThrownBy(() -> MdasaSettings.parseSizing("lagrang"))
                .hasMessage("unknown sizing 'lagrang'; expected one of lagrange, fixed-reduce");
    }

    @Test
    void shouldRefuseANegativeEpoch() {
        assertThatThrownBy(() -> MdasaSettings.defaults().withEdfEpoch(Duration.ofMillis(-1)))
                .hasMessage("edfEpoch must be >= 0, was PT-0.001S");
    }
}
