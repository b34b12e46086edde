package io.gleaner.ingest.alibaba;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gleaner.schemas.avro.TaskKind;
import java.time.Instant;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class AlibabaJobRuleTest {

    private static final long GIB = 1024L * 1024 * 1024;

    static Stream<Arguments> kinds() {
        return Stream.of(
                Arguments.of(Named.of("M is a map", "M1"), TaskKind.MAP),
                Arguments.of(Named.of("M with upstream tasks is still a map", "M5_3_4"), TaskKind.MAP),
                Arguments.of(Named.of("R is a reduce", "R2_1"), TaskKind.REDUCE),
                Arguments.of(Named.of("R without upstream tasks is still a reduce", "R7"), TaskKind.REDUCE),
                Arguments.of(Named.of("J with upstream tasks reads their output: reduce", "J3_1_2"), TaskKind.REDUCE),
                Arguments.of(Named.of("J without upstream tasks reads input: map", "J1"), TaskKind.MAP),
                Arguments.of(Named.of("lower-case r", "r2_1"), TaskKind.REDUCE),
                Arguments.of(Named.of("independent task", "task_Nzg3ODAwNDgzMTAwNTc2NTQ2Mw=="), TaskKind.MAP));
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void shouldTellTheKindFromTheTaskName(String taskName, TaskKind expected) {
        assertThat(AlibabaJobRule.kind(taskName)).isEqualTo(expected);
    }

    @Test
    void shouldMakeTheJobIdFromPrefixJobNameAndTaskName() {
        var rule = AlibabaJobRule.defaults().withJobIdPrefix("ali/");

        assertThat(rule.jobId("j_17", "R2_1")).isEqualTo("ali/j_17/R2_1");
        assertThat(AlibabaJobRule.jobName("j_17", "R2_1")).isEqualTo("j_17/R2_1");
        assertThat(rule.nodeId("m_1")).isEqualTo("m_1");
        assertThat(rule.withNodeIdPrefix("ali-").nodeId("m_1")).isEqualTo("ali-m_1");
    }

    @Test
    void shouldBuildDecisionIdsInThePlannersForm() {
        assertThat(AlibabaJobRule.decisionId("j_1/M1", TaskKind.MAP, 74_901_673, 0)).isEqualTo("j_1/M1/m/74901673/0");
        assertThat(AlibabaJobRule.decisionId("j_1/R2_1", TaskKind.REDUCE, 5, 2)).isEqualTo("j_1/R2_1/r/5/2");
    }

    @Test
    void shouldDeriveBytesSoThatTheWorkTakesTheTraceDurationAtTheReferenceSpeed() {
        var rule = AlibabaJobRule.defaults();

        // 60 s x 0.5 cores x 8e9 flop/s = 2.4e11 flop; / 3100 flop/B = 77,419,354.8 B.
        assertThat(rule.bytesPerInstance(60, 0.5, TaskKind.MAP)).isEqualTo(77_419_355L);
        // The same work as a reduce at 6300 flop/B: 38,095,238.1 B.
        assertThat(rule.bytesPerInstance(60, 0.5, TaskKind.REDUCE)).isEqualTo(38_095_238L);
        // Work = bytes x flop/B, run at speed x cores, gives back the duration (to rounding).
        double seconds = 77_419_355L * 3100.0 / (8e9 * 0.5);
        assertThat(seconds).isCloseTo(60.0, org.assertj.core.data.Offset.offset(1e-6));
    }

    @Test
    void shouldScaleNormalisedMemoryByTheMachineMemory() {
        var rule = AlibabaJobRule.defaults();

        assertThat(rule.memoryBytes(100)).isEqualTo(100 * GIB);
        assertThat(rule.memoryBytes(50)).isEqualTo(50 * GIB);
        assertThat(rule.memoryBytes(0.5)).isEqualTo(GIB / 2);
        assertThat(rule.withMachineMemoryBytes(200 * GIB).memoryBytes(1)).isEqualTo(2 * GIB);
        assertThat(rule.memoryBytes(0)).isZero();
    }

    @Test
    void shouldPlaceSecondsAfterTheTraceEpoch() {
        var rule = AlibabaJobRule.defaults();

        assertThat(rule.time(0)).isEqualTo(Instant.parse("2018-01-01T00:00:00Z"));
        assertThat(rule.time(86_400 + 61)).isEqualTo(Instant.parse("2018-01-02T00:01:01Z"));
        assertThat(rule.withTraceEpoch(Instant.EPOCH).time(5)).isEqualTo(Instant.ofEpochSecond(5));
        assertThatThrownBy(() -> rule.time(Long.MAX_VALUE)).isInstanceOf(ArithmeticException.class);
        assertThatThrownBy(() -> rule.time(-1)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void shouldRefuseSettingsThatCannotWork() {
        var defaults = AlibabaJobRule.defaults();

        assertThatThrownBy(() -> defaults.withMachineMemoryBytes(0))
                .hasMessage("machineMemoryBytes must be > 0, was 0");
        assertThatThrownBy(() -> defaults.withReferenceSpeedGflops(Double.NaN))
                .hasMessage("referenceSpeedGflops must be > 0 and finite, was NaN");
        assertThatThrownBy(() -> defaults.withReferenceSpeedGflops(-1))
                .hasMessage("referenceSpeedGflops must be > 0 and finite, was -1.0");
    }
}
