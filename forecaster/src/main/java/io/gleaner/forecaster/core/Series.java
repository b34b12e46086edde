package io.gleaner.forecaster.core;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * One host's use of one resource on a regular grid: {@code values[i]} is the fraction of capacity in use over
 * {@code [start + i * step, start + (i + 1) * step)}. A step without a sample is NaN (a gap), never 0.
 *
 * @param values the grid's values, owned by this record (callers must not change the array afterwards)
 */
public record Series(Instant start, Duration step, double[] values) {

    public Series {
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(step, "step");
        Objects.requireNonNull(values, "values");
        if (step.isNegative() || step.isZero()) {
            throw new IllegalArgumentException("step must be > 0, was " + step);
        }
    }

    /** Steps in the grid. */
    public int length() {
        return values.length;
    }

    /** Start of step {@code i}. */
    public Instant time(int i) {
        return start.plus(step.multipliedBy(i));
    }

    /** End of the grid: the start of the step after the last. */
    public Instant end() {
        return time(values.length);
    }
}
