package io.gleaner.simulator.report;

import java.util.ArrayList;
import java.util.List;

/**
 * A {@link MetricTable} as CSV: comma-separated, a header line first, a field with a comma, quote or line break in
 * double quotes (RFC 4180), lines ending in LF rather than RFC 4180's CRLF. Numbers are written exactly
 * ({@link Double#toString}), NaN as {@code n/a}, a value pandas and R read as missing.
 */
final class MetricCsv {

    /** Columns of {@link #metrics}. */
    static final List<String> METRICS_HEADER = List.of("policy", "metric", "label", "unit", "higher_is_better",
            "seeds", "seeds_defined", "mean", "stddev", "min", "max", "baseline", "ratio_to_baseline");

    /** The first columns of {@link #runs}; one column per metric key follows. */
    static final List<String> RUNS_HEADER = List.of("policy", "seed", "cluster", "jobs_submitted", "rounds",
            "virtual_start", "virtual_end");

    private MetricCsv() {
    }

    /** One row per policy and metric, policies in order and metrics in report order within each. */
    static String metrics(MetricTable table) {
        var csv = new StringBuilder();
        line(csv, METRICS_HEADER);
        for (var policy : table.policies()) {
            for (var metric : table.metrics()) {
                var cell = table.cell(policy, metric.key());
                var s = cell.absolute();
                line(csv, List.of(policy, metric.key(), metric.label(), metric.unit(),
                        Boolean.toString(metric.higherIsBetter()), Integer.toString(s.seeds()),
                        Integer.toString(s.defined()), Figures.exact(s.mean()), Figures.exact(s.stddev()),
                        Figures.exact(s.min()), Figures.exact(s.max()), table.baseline(),
                        Figures.exact(cell.ratio())));
            }
        }
        return csv.toString();
    }

    /**
     * One row per run in run order: policy, seed, cluster, jobs submitted, rounds, the virtual times of its first
     * and last rounds (empty when it had none), then its value of every metric of the table.
     */
    static String runs(MetricTable table) {
        var csv = new StringBuilder();
        var header = new ArrayList<>(RUNS_HEADER);
        table.metrics().forEach(m -> header.add(m.key()));
        line(csv, header);
        for (var run : table.runs()) {
            var report = run.report();
            var row = new ArrayList<>(List.of(run.policy(), Long.toString(run.seed()), report.cluster(),
                    Integer.toString(report.jobsSubmitted()), Long.toString(report.rounds()),
                    report.timeline().isEmpty() ? "" : report.timeline().get(0).time().toString(),
                    report.rounds() == 0 ? "" : report.endTime().toString()));
            for (var metric : table.metrics()) {
                row.add(Figures.exact(MetricTable.value(run, metric.key())));
            }
            line(csv, row);
        }
        return csv.toString();
    }

    private static void line(StringBuilder csv, List<String> fields) {
        for (int i = 0; i < fields.size(); i++) {
            csv.append(i == 0 ? "" : ",").append(quote(fields.get(i)));
        }
        csv.append('\n');
    }

    /** The field as it is, or in double quotes (inner quotes doubled) when it holds a comma, quote or line break. */
    static String quote(String field) {
        if (field.indexOf(',') < 0 && field.indexOf('"') < 0 && field.indexOf('\n') < 0 && field.indexOf('\r') < 0) {
            return field;
        }
        return '"' + field.replace("\"", "\"\"") + '"';
    }
}
