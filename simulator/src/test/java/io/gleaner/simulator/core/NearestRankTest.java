package io.gleaner.simulator.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class NearestRankTest {

    private static final List<Long> ONE_TO_TWENTY = LongStream.rangeClosed(1, 20).boxed().toList();

    @Test
    void percentileIsTheValueOfRankCeilPTimesNOverHundred() {
        // n = 20: p50 -> rank 10, p95 -> rank 19, p99 -> rank ceil(19.8) = 20.
        assertThat(NearestRank.percentile(ONE_TO_TWENTY, 50)).isEqualTo(10);
        assertThat(NearestRank.percentile(ONE_TO_TWENTY, 95)).isEqualTo(19);
        assertThat(NearestRank.percentile(ONE_TO_TWENTY, 99)).isEqualTo(20);
    }

    @Test
    void singleValueIsEveryPercentile() {
        assertThat(NearestRank.percentile(List.of(7L), 1)).isEqualTo(7);
        assertThat(NearestRank.percentile(List.of(7L), 100)).isEqualTo(7);
    }
}
