package io.gleaner.deploy.executorbench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class LatencySummaryTest {

    @Test
    void shouldTakeNearestRankPercentilesInMilliseconds() {
        // 1..100 ms, shuffled by reversing: the p-th percentile of 100 samples is the p-th smallest.
        long[] nanos = LongStream.rangeClosed(1, 100).map(i -> (101 - i) * 1_000_000).toArray();

        var summary = LatencySummary.ofNanos(nanos);

        assertThat(summary).isEqualTo(new LatencySummary(100, 50, 90, 99, 100));
        assertThat(nanos[0]).isEqualTo(100_000_000);
    }

    @Test
    void shouldTakeTheOnlySampleForEveryPercentile() {
        assertThat(LatencySummary.ofNanos(new long[] {2_500_000})).isEqualTo(new LatencySummary(1, 2.5, 2.5, 2.5, 2.5));
    }

    @Test
    void shouldAnswerZerosForNoSamples() {
        assertThat(LatencySummary.ofNanos(new long[0])).isEqualTo(new LatencySummary(0, 0, 0, 0, 0));
    }
}
