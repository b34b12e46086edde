package io.gleaner.qos.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class QosModeTest {

    @Test
    void shouldParseTheConfiguredNamesIgnoringCaseAndBlanks() {
        assertThat(QosMode.parse("salamander")).isEqualTo(QosMode.SALAMANDER);
        assertThat(QosMode.parse(" Cuckoo ")).isEqualTo(QosMode.CUCKOO);
    }

    @Test
    void shouldListTheAllowedNamesForAnUnknownOne() {
        assertThatThrownBy(() -> QosMode.parse("cucko"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown QoS mode 'cucko'; expected one of salamander, cuckoo");
    }

    @Test
    void shouldCreateTheControllerOfEachMode() {
        assertThat(QosMode.SALAMANDER.create(QosSettings.defaults())).isInstanceOf(SalamanderController.class);
        assertThat(QosMode.CUCKOO.create(QosSettings.defaults())).isInstanceOf(CuckooController.class);
    }
}
