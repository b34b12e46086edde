package io.gleaner.ingest.swim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class SwimJobRuleTest {

    @Test
    void shouldDefaultToTheDocumentedSettings() {
        var rule = SwimJobRule.defaults();
        assertThat(rule.jobIdPrefix()).isEmpty();
        assertThat(rule.traceEpoch()).isEqualTo(Instant.parse("2009-05-01T00:00:00Z"));
        assertThat(rule.chunkBytes()).isEqualTo(134_217_728L);
        assertThat(rule.mapFlopPerByte()).isEqualTo(3100.0);
        assertThat(rule.mapCpus()).isEqualTo(1.0);
        assertThat(rule.mapMemoryBytes()).isEqualTo(3L << 30);
        assertThat(rule.reduceBytes()).isEqualTo(1L << 30);
        assertThat(rule.maxReduces()).isEqualTo(1000);
        assertThat(rule.reduceFlopPerByte()).isEqualTo(6300.0);
        assertThat(rule.reduceCpus()).isEqualTo(1.0);
        assertThat(rule.reduceMemoryBytes()).isEqualTo(4L << 30);
    }

    @Test
    void shouldRefuseANonPositiveChunkSize() {
        assertThatThrownBy(() -> SwimJobRule.defaults().withChunkBytes(0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("chunkBytes must be > 0, was 0");
    }

    @Test
    void shouldRefuseReduceSizingThatCouldLeaveTheLastReduceEmpty() {
        // 5 shuffle bytes over at most 4 reduces of 1 byte: ceil(5/4) = 2 bytes each leaves 5 - 3*2 = -1.
        assertThatThrownBy(() -> SwimJobRule.defaults().withReduceSizing(1, 4))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("reduceBytes must be >= maxReduces (4) so that every reduce reads at least one byte, was 1");
    }

    @Test
    void shouldRefuseNoReduces() {
        assertThatThrownBy(() -> SwimJobRule.defaults().withReduceSizing(1024, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("maxReduces must be >= 1, was 0");
    }

    @Test
    void shouldRefuseANonFiniteDemand() {
        var d = SwimJobRule.defaults();
        assertThatThrownBy(() -> new SwimJobRule(d.jobIdPrefix(), d.traceEpoch(), d.chunkBytes(), d.mapFlopPerByte(),
                Double.NaN, d.mapMemoryBytes(), d.reduceBytes(), d.maxReduces(), d.reduceFlopPerByte(),
                d.reduceCpus(), d.reduceMemoryBytes()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("mapCpus must be > 0 and finite, was NaN");
    }

    @Test
    void shouldCountMapsAndReducesByTheRule() {
        var rule = SwimJobRule.defaults().withChunkBytes(10).withReduceSizing(100, 3);
        assertThat(rule.mapCount(0)).isEqualTo(1);
        assertThat(rule.mapCount(10)).isEqualTo(1);
        assertThat(rule.mapCount(11)).isEqualTo(2);
        assertThat(rule.reduceCount(0)).isZero();
        assertThat(rule.reduceCount(100)).isEqualTo(1);
        assertThat(rule.reduceCount(101)).isEqualTo(2);
        // ceil(1000 / 100) = 10 wanted, capped at 3.
        assertThat(rule.reduceCount(1000)).isEqualTo(3);
    }

    @Test
    void shouldRejectSubmitTimesPastTheLastTimestamp() {
        assertThatThrownBy(() -> SwimJobRule.defaults().submitTime(Long.MAX_VALUE))
                .isInstanceOf(ArithmeticException.class);
        assertThat(SwimJobRule.defaults().submitTime(3600)).isEqualTo(Instant.parse("2009-05-01T01:00:00Z"));
    }
}
