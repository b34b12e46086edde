package io.gleaner.runtime.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class GleanerMetersTest {

    @Test
    void aDeadLettersReasonIsCountedByItsKindNotItsText() {
        assertThat(GleanerMeters.reasonKind("does not decode: Unknown magic byte!")).isEqualTo("undecodable");
        assertThat(GleanerMeters.reasonKind("record key 'a' is not the job id 'b'")).isEqualTo("key");
        assertThat(GleanerMeters.reasonKind("event time 2031-01-01T00:00:00Z is more than PT1H ahead"))
                .isEqualTo("event_time");
        assertThat(GleanerMeters.reasonKind("value of 600000 bytes is larger than 524288 bytes"))
                .isEqualTo("too_large");
        assertThat(GleanerMeters.reasonKind("report of job j9, which no cell runs: the router never routed it"))
                .isEqualTo("unknown_subject");
        assertThat(GleanerMeters.reasonKind("maps must be >= 1, was 0")).isEqualTo("invalid");
        assertThat(GleanerMeters.reasonKind(null)).isEqualTo("invalid");
    }
}
