package io.gleaner.ingest.alibaba;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class AlibabaMachineRuleTest {

    @Test
    void shouldPutTraceTimeZeroAtTheStartOf2018() {
        var rule = AlibabaMachineRule.defaults();

        assertThat(rule.time(0)).isEqualTo(Instant.parse("2018-01-01T00:00:00Z"));
        // 691180 s = 7 days 23:59:40, the last machine_usage time of the shared sample.
        assertThat(rule.time(691_180)).isEqualTo(Instant.parse("2018-01-08T23:59:40Z"));
        assertThat(rule.time(1.2345)).isEqualTo(Instant.parse("2018-01-01T00:00:01.235Z"));
    }

    @Test
    void shouldRefuseATraceTimeBeyondEpochMilliseconds() {
        assertThatThrownBy(() -> AlibabaMachineRule.defaults().time(1e300)).isInstanceOf(ArithmeticException.class);
    }

    @Test
    void shouldScaleNormalisedMemoryToBytes() {
        var rule = AlibabaMachineRule.defaults();

        assertThat(rule.memoryBytes(100)).isEqualTo(100L << 30);
        assertThat(rule.memoryBytes(50)).isEqualTo(50L << 30);
        assertThat(new AlibabaMachineRule(rule.traceEpoch(), 1000, 1.0, "").memoryBytes(0.15)).isEqualTo(2);
    }

    @Test
    void shouldPrefixNodeIds() {
        assertThat(AlibabaMachineRule.defaults().withNodeIdPrefix("ali-").nodeId("m_1")).isEqualTo("ali-m_1");
        assertThat(AlibabaMachineRule.defaults().nodeId("m_1")).isEqualTo("m_1");
    }

    @Test
    void shouldRefuseBadSettingsNamingTheValue() {
        var epoch = AlibabaMachineRule.DEFAULT_TRACE_EPOCH;
        assertThatThrownBy(() -> new AlibabaMachineRule(epoch, 0, 1.0, ""))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("was 0");
        assertThatThrownBy(() -> new AlibabaMachineRule(epoch, 1, Double.NaN, ""))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("NaN");
        assertThatThrownBy(() -> new AlibabaMachineRule(epoch, 1, 1.0, null)).isInstanceOf(NullPointerException.class);
    }
}
