package io.gleaner.simulator.evaluate;

import io.gleaner.planner.core.PolicyName;
import io.gleaner.qos.core.QosMode;
import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ControllersTest {

    @Test
    void shouldGiveCuckooItsControllerAndEveryOtherPolicySalamandersUnderOwn() {
        var own = Controllers.parse(" OWN ");

        assertThat(own.of(PolicyName.CUCKOO)).contains(QosMode.CUCKOO);
        assertThat(own.of(PolicyName.SALAMANDER)).contains(QosMode.SALAMANDER);
        assertThat(own.of(PolicyName.FIFO)).contains(QosMode.SALAMANDER);
        assertThat(own.configValue()).isEqualTo("own");
    }

    @Test
    void shouldGiveEveryPolicyTheSameNamedController() {
        assertThat(Controllers.parse("cuckoo").of(PolicyName.SALAMANDER)).contains(QosMode.CUCKOO);
        assertThat(Controllers.parse("none").of(PolicyName.CUCKOO)).isEmpty();
        assertThat(Controllers.parse("salamander").configValue()).isEqualTo("salamander");
    }

    @Test
    void shouldRefuseAnUnknownNameListingTheKnownOnes() {
        assertThatThrownBy(() -> Controllers.parse("cucko"))
                .hasMessage("unknown QoS controller 'cucko'; expected one of none, salamander, cuckoo or own");
        assertThatThrownBy(() -> new Controllers(Optional.of(QosMode.CUCKOO), true))
                .hasMessageContaining("take no common controller");
    }
}
