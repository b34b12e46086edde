package io.gleaner.simulator.report;

import java.util.ArrayList;
import java.util.List;

/**
 * A {@link MetricTable} as fixed-width text: one row per metric; per policy a column with the mean over its seeds
 * (and the range {@code [min..max]} when it ran on several) and, for every policy but the baseline, a column with
 * the ratio of its mean to the baseline's.
 */
final class MetricTableText {

    private static final String GAP = "  ";

    private MetricTableText() {
    }

    static String render(MetricTable table) {
        var baseline = table.baseline();
        var header = new ArrayList<>(List.of("metric", "unit", "better"));
        for (var policy : table.policies()) {
            header.add(policy);
            if (!policy.equals(baseline)) {
                header.add(policy + "/" + baseline);
            }
        }
        var rows = new ArrayList<List<String>>();
        rows.add(header);
        boolean partial = false;
        for (var metric : table.metrics()) {
            var row = new ArrayList<>(List.of(metric.label(), metric.unit(), metric.higherIsBetter() ? "higher" : "lower"));
            for (var policy : table.policies()) {
                var cell = table.cell(policy, metric.key());
                partial |= cell.absolute().partial();
                row.add(Figures.summary(cell.absolute()));
                if (!policy.equals(baseline)) {
                    row.add(Figures.ratio(cell.ratio()));
                }
            }
            rows.add(row);
        }
        var widths = new int[header.size()];
        for (var row : rows) {
            for (int c = 0; c < row.size(); c++) {
                widths[c] = Math.max(widths[c], row.get(c).length());
            }
        }
        var text = new StringBuilder();
        for (var row : rows) {
            var line = new StringBuilder();
            for (int c = 0; c < row.size(); c++) {
                var value = row.get(c);
                // Text columns (metric, unit, better) to the left, numbers to the right.
                boolean left = c < 3;
                var pad = " ".repeat(widths[c] - value.length());
                line.append(c == 0 ? "" : GAP).append(left ? value + pad : pad + value);
            }
            text.append(line.toString().stripTrailing()).append('\n');
        }
        int seeds = table.policies().stream().mapToInt(p -> table.runs(p).size()).max().orElse(0);
        if (seeds > 1) {
            text.append("values: mean over seeds [min..max]\n");
        }
        if (partial) {
            text.append("* n/a on some seeds: the mean and range are over the other seeds only\n");
        }
        if (table.policies().size() > 1) {
            text.append("ratios: a policy's mean over ").append(baseline).append("'s; n/a when ").append(baseline)
                    .append("'s is 0 or n/a\n");
        }
        return text.toString();
    }
}
