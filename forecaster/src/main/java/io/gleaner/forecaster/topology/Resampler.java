package io.gleaner.forecaster.topology;

import io.gleaner.forecaster.core.Series;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Iterator;
import org.apache.kafka.streams.KeyValue;

/**
 * Puts samples at arbitrary event times onto the forecast grid: the value of a step is the mean of the samples
 * whose time falls in it, and a step without any sample is NaN (a gap, flagged for the learner), never 0.
 */
final class Resampler {

    private Resampler() {
    }

    /**
     * The series of {@code steps} steps from {@code startMs}; samples outside it are ignored.
     *
     * @param samples (event time in ms, value) pairs in any order, each time at most once
     */
    static Series resample(Iterator<KeyValue<Long, Double>> samples, long startMs, Duration step, int steps) {
        long stepMs = step.toMillis();
        var sums = new double[steps];
        var counts = new int[steps];
        while (samples.hasNext()) {
            var sample = samples.next();
            long offset = sample.key - startMs;
            if (offset < 0) {
                continue;
            }
            long index = offset / stepMs;
            if (index >= steps) {
                continue;
            }
            sums[(int) index] += sample.value;
            counts[(int) index]++;
        }
        var values = new double[steps];
        Arrays.fill(values, Double.NaN);
        for (int i = 0; i < steps; i++) {
            if (counts[i] > 0) {
                values[i] = sums[i] / counts[i];
            }
        }
        return new Series(Instant.ofEpochMilli(startMs), step, values);
    }
}
