package io.gleaner.simulator.core;

import java.util.Objects;

/**
 * One number a run reports, in a form a table, a CSV file and a plot can all use.
 *
 * @param key            stable column name, e.g. {@code completion_mean_s}
 * @param label          what a reader sees, e.g. {@code mean job completion}
 * @param unit           unit of {@code value}, e.g. {@code s} or {@code %}; empty for a pure number
 * @param value          the value; NaN when the run has nothing to measure it on (no job completed, no deadlines)
 * @param higherIsBetter whether a larger value is the better one, for ratios and highlighting
 */
public record MetricValue(String key, String label, String unit, double value, boolean higherIsBetter) {

    public MetricValue {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(label, "label");
        Objects.requireNonNull(unit, "unit");
    }
}
