package io.gleaner.ingest.google;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class GoogleTraceRuleTest {

    private static final long GIB = 1024L * 1024 * 1024;
    private final GoogleTraceRule rule = GoogleTraceRule.defaults();

    @Test
    void shouldPutTraceTime600SecondsAt7pmEdtOnMay1st2011() {
        // ClusterData2011_2.md: the trace starts at 19:00 EDT (UTC-4) on Sunday May 1, 2011, trace time 600 s.
        var start = OffsetDateTime.of(2011, 5, 1, 19, 0, 0, 0, ZoneOffset.ofHours(-4)).toInstant();

        assertThat(rule.time(600_000_000L)).isEqualTo(start);
        assertThat(rule.time(0)).isEqualTo(start.minusSeconds(600));
    }

    @Test
    void shouldCutMicrosecondsToTheMillisecond() {
        assertThat(rule.time(1_517_557_392L)).isEqualTo(rule.time(0).plusMillis(1_517_557));
        assertThat(rule.time(999)).isEqualTo(rule.time(0));
    }

    @Test
    void shouldRefuseTimestampsThatNameNoInstant() {
        assertThatThrownBy(() -> rule.time(Long.MAX_VALUE))
                .hasMessage("timestamp 9223372036854775807 means after the end of the trace");
        assertThatThrownBy(() -> rule.time(-1)).hasMessage("timestamp must be >= 0, was -1");
    }

    @Test
    void shouldScaleNormalisedSizesByTheLargestMachine() {
        assertThat(rule.cores(0.5)).isEqualTo(16.0);
        assertThat(rule.memoryBytes(0.25)).isEqualTo(32 * GIB);
        assertThat(rule.withLargestMachine(64, 256 * GIB).cores(0.5)).isEqualTo(32.0);
        assertThat(rule.slots(16.0)).isEqualTo(16);
        assertThat(rule.slots(7.99)).isEqualTo(7);
        assertThat(rule.slots(0.0)).isZero();
    }

    @Test
    void shouldMakeIdsWithThePrefixes() {
        var prefixed = rule.withPrefixes("g/", "gm-");

        assertThat(rule.jobId(6_251_748_207L, 3)).isEqualTo("6251748207/3");
        assertThat(rule.nodeId(16_913_931L)).isEqualTo("16913931");
        assertThat(prefixed.jobId(6_251_748_207L, 3)).isEqualTo("g/6251748207/3");
        assertThat(prefixed.nodeId(16_913_931L)).isEqualTo("gm-16913931");
        assertThat(GoogleTaskEventReader.decisionId("g/1/2")).isEqualTo("g/1/2/m/0/0");
    }

    @Test
    void shouldRefuseSettingsThatCannotWork() {
        assertThatThrownBy(() -> rule.withLargestMachine(0, GIB)).hasMessage("machineCpus must be > 0 and finite, was 0.0");
        assertThatThrownBy(() -> rule.withLargestMachine(1, 0)).hasMessage("machineMemoryBytes must be > 0, was 0");
        assertThatThrownBy(() -> rule.withTaskBytes(-1)).hasMessage("taskBytes must be >= 0, was -1");
        assertThat(rule.withTraceEpoch(Instant.EPOCH).time(5_000_000)).isEqualTo(Instant.ofEpochSecond(5));
    }
}
