package io.gleaner.simulator.suite;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A SWIM-like workload drawn with a seed from a day of SWIM rows (Chen et al., MASCOTS 2011, §5: a workload is
 * synthesised by sampling the trace's empirical distributions), by resampling with replacement:
 * <ul>
 *   <li>each gap between two submissions is one of the day's gaps, drawn uniformly: the inter-arrival marginal
 *       is the day's, but the gaps are independent, so the day's hour-to-hour swings of the arrival rate are
 *       not kept;</li>
 *   <li>each job's (input, shuffle, output) bytes are one day's row, drawn uniformly and taken whole: the three
 *       marginals and their joint shape (map-only jobs, the shuffle-to-input ratios) are the day's; what is lost
 *       is any tie between a job's size and when it arrives.</li>
 * </ul>
 * The first job arrives at second 0. The same rows and seed give the same workload on every machine.
 */
final class SyntheticSwim {

    private SyntheticSwim() {
    }

    /**
     * {@code count} rows named {@code <prefix>job<i>}, drawn from {@code day}'s gaps and byte triples.
     *
     * @param day rows in submit order; at least two, so that there is a gap
     */
    static List<SwimRow> draw(List<SwimRow> day, long seed, int count, String prefix) {
        if (day.size() < 2) {
            throw new IllegalArgumentException("a day to draw from needs at least two rows, has " + day.size());
        }
        if (count < 0) {
            throw new IllegalArgumentException("count must be >= 0, was " + count);
        }
        var gaps = new long[day.size() - 1];
        for (int i = 1; i < day.size(); i++) {
            gaps[i - 1] = day.get(i).submitSeconds() - day.get(i - 1).submitSeconds();
            if (gaps[i - 1] < 0) {
                throw new IllegalArgumentException("the day's rows are not in submit order at row " + i);
            }
        }
        var random = new SplittableRandom(seed);
        var rows = new ArrayList<SwimRow>(count);
        long submit = 0;
        for (int i = 0; i < count; i++) {
            if (i > 0) {
                submit += gaps[random.nextInt(gaps.length)];
            }
            var sizes = day.get(random.nextInt(day.size()));
            rows.add(new SwimRow(prefix + "job" + i, submit, sizes.inputBytes(), sizes.shuffleBytes(),
                    sizes.outputBytes()));
        }
        return List.copyOf(rows);
    }
}
