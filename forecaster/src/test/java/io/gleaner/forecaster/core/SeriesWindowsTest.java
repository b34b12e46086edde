package io.gleaner.forecaster.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

class SeriesWindowsTest {

    @Test
    void shouldFindTheLastKnownValueForEveryLimitAsTheScanBackDoes() {
        var random = new Random(3);
        for (int trial = 0; trial < 20; trial++) {
            // Mostly gaps, as in a young series, with a few values, sometimes none at all.
            double[] v = new double[1 + random.nextInt(200)];
            for (int i = 0; i < v.length; i++) {
                v[i] = random.nextInt(10) < trial % 10 ? random.nextDouble() : Double.NaN;
            }

            int[] known = SeriesWindows.lastKnown(v);

            for (int limit = 0; limit <= v.length + 1; limit++) {
                double fromIndices = SeriesWindows.last(v, limit, known);
                // Boxed, so that NaN equals NaN.
                assertThat(Double.valueOf(fromIndices)).as("trial %d, limit %d", trial, limit)
                        .isEqualTo(Double.valueOf(SeriesWindows.last(v, limit)));
            }
        }
    }

    @Test
    void shouldMarkIndicesBeforeTheFirstValueAsUnknown() {
        double[] v = {Double.NaN, Double.NaN, 0.4, Double.NaN, 0.1};

        assertThat(SeriesWindows.lastKnown(v)).containsExactly(-1, -1, 2, 2, 4);
    }
}
