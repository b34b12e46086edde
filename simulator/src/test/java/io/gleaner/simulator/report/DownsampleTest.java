package io.gleaner.simulator.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class DownsampleTest {

    @Test
    void shouldKeepEveryPointOfAShortSeries() {
        double[] ys = {3, 1, 4, 1, 5};

        assertThat(Downsample.minMax(ys, 10)).containsExactly(0, 1, 2, 3, 4);
    }

    @Test
    void shouldKeepAtMostTheLimitWithBothEndsAndTheExtremes() {
        // 100,000 points of a slow sine, with one spike up and one down that a stride would step over.
        var ys = IntStream.range(0, 100_000).mapToDouble(i -> Math.sin(i / 5000.0)).toArray();
        ys[31_337] = 50;
        ys[77_777] = -50;

        var kept = Downsample.minMax(ys, Downsample.MAX_POINTS);

        assertThat(kept.length).isLessThanOrEqualTo(Downsample.MAX_POINTS).isGreaterThanOrEqualTo(Downsample.MAX_POINTS / 2);
        assertThat(kept).startsWith(0).endsWith(99_999).contains(31_337, 77_777);
        assertThat(Arrays.stream(kept).boxed().toList()).isSorted().doesNotHaveDuplicates();
    }

    @Test
    void shouldKeepTheSamePointsEveryTime() {
        var ys = IntStream.range(0, 10_000).mapToDouble(i -> (i * 7919) % 101).toArray();

        assertThat(Downsample.minMax(ys, 500)).containsExactly(Downsample.minMax(ys, 500));
    }

    @Test
    void shouldRefuseALimitTooSmallForOneBucket() {
        assertThatThrownBy(() -> Downsample.minMax(new double[10], 3)).hasMessage("maxPoints must be >= 4, was 3");
    }
}
