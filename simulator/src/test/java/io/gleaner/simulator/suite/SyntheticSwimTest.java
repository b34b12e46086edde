package io.gleaner.simulator.suite;

import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.ingest.swim.SwimTraceReader;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.function.ToLongFunction;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** Synthetic SWIM-like workloads drawn from the bundled FB-2009 day. */
class SyntheticSwimTest {

    private static final List<SwimRow> DAY = SwimRows.read(SwimTraceReader.FB_2009);
    private static final int DRAWN = 5_000;

    @Test
    void shouldDrawTheSameWorkloadFromTheSameSeedAndAnotherFromAnother() {
        assertThat(SyntheticSwim.draw(DAY, 3, 500, "s/")).isEqualTo(SyntheticSwim.draw(DAY, 3, 500, "s/"));
        assertThat(SyntheticSwim.draw(DAY, 4, 500, "s/")).isNotEqualTo(SyntheticSwim.draw(DAY, 3, 500, "s/"));
        assertThat(SyntheticSwim.draw(DAY, 3, 500, "s/")).first().extracting(SwimRow::submitSeconds).isEqualTo(0L);
    }

    @Test
    void shouldMatchTheDaysMarginalsWithinTolerance() {
        var drawn = SyntheticSwim.draw(DAY, 1, DRAWN, "s/");
        // Two-sample Kolmogorov-Smirnov distance; 0.05 is above the 1% critical value for these sizes (about 0.03).
        assertThat(ks(gaps(DAY), gaps(drawn))).isLessThan(0.05);
        assertThat(ks(column(DAY, SwimRow::inputBytes), column(drawn, SwimRow::inputBytes))).isLessThan(0.05);
        assertThat(ks(column(DAY, SwimRow::shuffleBytes), column(drawn, SwimRow::shuffleBytes))).isLessThan(0.05);
        assertThat(ks(column(DAY, SwimRow::outputBytes), column(drawn, SwimRow::outputBytes))).isLessThan(0.05);
        double dayRate = (DAY.size() - 1.0) / DAY.get(DAY.size() - 1).submitSeconds();
        double drawnRate = (DRAWN - 1.0) / drawn.get(DRAWN - 1).submitSeconds();
        assertThat(drawnRate / dayRate).isBetween(0.95, 1.05);
    }

    @Test
    void shouldKeepEachJobsBytesTogetherAsOneRowOfTheDay() {
        var triples = new HashSet<List<Long>>();
        DAY.forEach(r -> triples.add(List.of(r.inputBytes(), r.shuffleBytes(), r.outputBytes())));
        assertThat(SyntheticSwim.draw(DAY, 2, DRAWN, "s/")).allSatisfy(r -> assertThat(triples)
                .contains(List.of(r.inputBytes(), r.shuffleBytes(), r.outputBytes())));
    }

    private static long[] gaps(List<SwimRow> rows) {
        return IntStream.range(1, rows.size())
                .mapToLong(i -> rows.get(i).submitSeconds() - rows.get(i - 1).submitSeconds()).toArray();
    }

    private static long[] column(List<SwimRow> rows, ToLongFunction<SwimRow> field) {
        return rows.stream().mapToLong(field).toArray();
    }

    /** The largest gap between the two samples' empirical CDFs. */
    private static double ks(long[] a, long[] b) {
        var x = a.clone();
        var y = b.clone();
        Arrays.sort(x);
        Arrays.sort(y);
        int i = 0;
        int j = 0;
        double distance = 0;
        while (i < x.length && j < y.length) {
            long v = Math.min(x[i], y[j]);
            while (i < x.length && x[i] == v) {
                i++;
            }
            while (j < y.length && y[j] == v) {
                j++;
            }
            distance = Math.max(distance, Math.abs((double) i / x.length - (double) j / y.length));
        }
        return distance;
    }
}
