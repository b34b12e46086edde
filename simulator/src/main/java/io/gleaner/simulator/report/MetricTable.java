package io.gleaner.simulator.report;

import io.gleaner.simulator.core.MetricValue;
import io.gleaner.simulator.evaluate.PolicyRun;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Every metric of an evaluation per policy: the mean over the policy's seeds (with spread when there are several)
 * and the ratio of that mean to the baseline's, the baseline being the first policy of the runs (FIFO by default).
 *
 * <p>The table is generic over {@link io.gleaner.simulator.core.SimulationReport#metrics()}: metrics appear in the
 * order the first run reports them, a metric only later runs report is appended, and a run that lacks a metric
 * counts as NaN for it. Policies appear in the order of their first run.
 */
public final class MetricTable {

    /**
     * What a row of the table measures, as the first run that reports it describes it.
     *
     * @param key            stable name, e.g. {@code completion_mean_s}
     * @param label          what a reader sees
     * @param unit           unit of the values; empty for a pure number
     * @param higherIsBetter whether a ratio above 1 is an improvement
     */
    public record Metric(String key, String label, String unit, boolean higherIsBetter) {

        public Metric {
            Objects.requireNonNull(key, "key");
            Objects.requireNonNull(label, "label");
            Objects.requireNonNull(unit, "unit");
        }
    }

    /**
     * One metric of one policy.
     *
     * @param absolute the values over the policy's seeds
     * @param ratio    the mean over the baseline's mean; NaN when either is NaN or the baseline's is 0
     */
    public record Cell(MetricSummary absolute, double ratio) {

        public Cell {
            Objects.requireNonNull(absolute, "absolute");
        }
    }

    private final List<PolicyRun> runs;
    private final List<String> policies;
    private final List<Metric> metrics;
    private final Map<String, Map<String, Cell>> cells;

    private MetricTable(List<PolicyRun> runs, List<String> policies, List<Metric> metrics,
                        Map<String, Map<String, Cell>> cells) {
        this.runs = runs;
        this.policies = policies;
        this.metrics = metrics;
        this.cells = cells;
    }

    /**
     * The table of {@code runs}; the policy of the first run is the baseline.
     *
     * @throws IllegalArgumentException when there are no runs, or a policy has the same seed twice
     */
    public static MetricTable of(List<PolicyRun> runs) {
        if (runs.isEmpty()) {
            throw new IllegalArgumentException("a metric table needs at least one run");
        }
        var byPolicy = new LinkedHashMap<String, List<PolicyRun>>();
        var metrics = new LinkedHashMap<String, Metric>();
        for (var run : runs) {
            var same = byPolicy.computeIfAbsent(run.policy(), p -> new ArrayList<>());
            if (same.stream().anyMatch(r -> r.seed() == run.seed())) {
                throw new IllegalArgumentException("policy " + run.policy() + " has two runs with seed " + run.seed());
            }
            same.add(run);
            for (var m : run.report().metrics()) {
                metrics.putIfAbsent(m.key(), new Metric(m.key(), m.label(), m.unit(), m.higherIsBetter()));
            }
        }
        var summaries = new LinkedHashMap<String, Map<String, MetricSummary>>();
        byPolicy.forEach((policy, policyRuns) -> {
            var row = new LinkedHashMap<String, MetricSummary>();
            for (var key : metrics.keySet()) {
                row.put(key, MetricSummary.of(policyRuns.stream().mapToDouble(r -> value(r, key)).toArray()));
            }
            summaries.put(policy, row);
        });
        var baseline = summaries.values().iterator().next();
        var cells = new LinkedHashMap<String, Map<String, Cell>>();
        summaries.forEach((policy, row) -> {
            var cellRow = new LinkedHashMap<String, Cell>();
            row.forEach((key, summary) -> cellRow.put(key,
                    new Cell(summary, ratio(summary.mean(), baseline.get(key).mean()))));
            cells.put(policy, cellRow);
        });
        return new MetricTable(List.copyOf(runs), List.copyOf(byPolicy.keySet()), List.copyOf(metrics.values()),
                cells);
    }

    /** The value of metric {@code key} in {@code run}; NaN when the run does not report it. */
    static double value(PolicyRun run, String key) {
        return run.report().metrics().stream()
                .filter(m -> m.key().equals(key))
                .mapToDouble(MetricValue::value)
                .findFirst()
                .orElse(Double.NaN);
    }

    /** {@code value / baseline}; NaN when either is NaN or the baseline is 0. */
    static double ratio(double value, double baseline) {
        if (Double.isNaN(value) || Double.isNaN(baseline) || baseline == 0) {
            return Double.NaN;
        }
        return value / baseline;
    }

    /** The runs the table was made of, in their order. */
    public List<PolicyRun> runs() {
        return runs;
    }

    /** The policies in order; the first is the baseline. */
    public List<String> policies() {
        return policies;
    }

    /** The baseline policy: ratios are to its means. */
    public String baseline() {
        return policies.get(0);
    }

    /** The metrics in report order. */
    public List<Metric> metrics() {
        return metrics;
    }

    /** The runs of one policy, in their order. */
    public List<PolicyRun> runs(String policy) {
        return runs.stream().filter(r -> r.policy().equals(policy)).toList();
    }

    /**
     * One metric of one policy.
     *
     * @throws IllegalArgumentException naming the policy or metric the table does not have
     */
    public Cell cell(String policy, String key) {
        var row = cells.get(policy);
        if (row == null) {
            throw new IllegalArgumentException("no policy '" + policy + "' in the table; it has " + policies);
        }
        var cell = row.get(key);
        if (cell == null) {
            throw new IllegalArgumentException("no metric '" + key + "' in the table; it has "
                    + metrics.stream().map(Metric::key).toList());
        }
        return cell;
    }

    /** The table as fixed-width text for a terminal ({@link MetricTableText}). */
    public String text() {
        return MetricTableText.render(this);
    }

    /** One CSV row per policy and metric, absolute and as a ratio to the baseline ({@link MetricCsv#metrics}). */
    public String metricsCsv() {
        return MetricCsv.metrics(this);
    }

    /** One CSV row per run, one column per metric ({@link MetricCsv#runs}). */
    public String runsCsv() {
        return MetricCsv.runs(this);
    }
}
