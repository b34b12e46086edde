package io.gleaner.classifier.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** When a {@link ProfilingProgress} entry or a job entry without progress expires, and how often the purge runs. */
class ProgressRetentionTest {

    private static final long MINUTE = 60_000;
    private static final long AT = 1_000 * MINUTE;

    private final ProgressRetention retention = new ProgressRetention(Duration.ofMinutes(10), Duration.ofMinutes(30));

    @Test
    void shouldExpireAProfiledMarkerWhenItsAgeReachesTheProfiledRetention() {
        var marker = new ProfilingProgress(4, true, AT);

        assertThat(retention.expired(marker, AT + 10 * MINUTE - 1)).isFalse();
        assertThat(retention.expired(marker, AT + 10 * MINUTE)).isTrue();
    }

    @Test
    void shouldKeepAnUnfinishedRunUntilTheLongerUnfinishedRetention() {
        var unfinished = new ProfilingProgress(2, false, AT);

        // past the profiled retention, which is not the one that applies
        assertThat(retention.expired(unfinished, AT + 10 * MINUTE)).isFalse();
        assertThat(retention.expired(unfinished, AT + 30 * MINUTE - 1)).isFalse();
        assertThat(retention.expired(unfinished, AT + 30 * MINUTE)).isTrue();
    }

    @Test
    void shouldNeverExpireAnEntryWithoutATimeBeforeThePurgeStampsIt() {
        var formatOne = new ProfilingProgress(4, true, ProfilingProgress.UNKNOWN_TIME);

        assertThat(retention.expired(formatOne, AT + 365 * 24 * 60 * MINUTE)).isFalse();
    }

    @Test
    void shouldExpireAJobEntryWithoutProgressWhenItsAgeReachesTheUnfinishedRetention() {
        var job = new JobEntry("sort", 2, 1, AT);

        // past the profiled retention, which is not the one that applies
        assertThat(retention.expired(job, AT + 10 * MINUTE)).isFalse();
        assertThat(retention.expired(job, AT + 30 * MINUTE - 1)).isFalse();
        assertThat(retention.expired(job, AT + 30 * MINUTE)).isTrue();
    }

    @Test
    void shouldNeverExpireAJobEntryWithoutATimeBeforeThePurgeStampsIt() {
        var formatOne = new JobEntry("sort", 2, 1, JobEntry.UNKNOWN_TIME);

        assertThat(retention.expired(formatOne, AT + 365 * 24 * 60 * MINUTE)).isFalse();
    }

    @Test
    void shouldPurgeHourlyOrAtTheShorterRetentionIfThatIsLess() {
        assertThat(new ProgressRetention(Duration.ofDays(7), Duration.ofDays(30)).purgeInterval())
                .isEqualTo(Duration.ofHours(1));
        assertThat(retention.purgeInterval()).isEqualTo(Duration.ofMinutes(10));
        assertThat(new ProgressRetention(Duration.ofHours(2), Duration.ofMinutes(20)).purgeInterval())
                .isEqualTo(Duration.ofMinutes(20));
    }

    @Test
    void shouldRefuseARetentionThatIsNotPositive() {
        assertThatThrownBy(() -> new ProgressRetention(Duration.ZERO, Duration.ofDays(1)))
                .hasMessage("profiled retention must be > 0, was PT0S");
        assertThatThrownBy(() -> new ProgressRetention(Duration.ofDays(1), Duration.ofMinutes(-1)))
                .hasMessage("unfinished retention must be > 0, was PT-1M");
    }
}
