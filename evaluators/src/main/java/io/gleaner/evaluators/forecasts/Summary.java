package io.gleaner.evaluators.forecasts;

import io.gleaner.evaluators.forecasts.WalkForward.HostDay;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The overall table of a walk-forward run: per model and level, over all host-days with at least one scored step,
 * step-weighted means of the violation rate, pinball loss and reclaimable capacity; the share of host-days whose
 * violation rate is above {@code 1 - level}; and the mean reclaimable capacity as a ratio to the {@code max-24h}
 * baseline's at the same level (NaN when that baseline was not run); and the share of the gap between the baseline's
 * reclaimable capacity and the bound's ({@value DayOracle#NAME}, the most a forecast flat over each host-day could
 * reclaim at the level) that the model captures: 0 at the baseline, 1 at the bound, negative below the baseline (NaN
 * when either was not run). {@link #byMetric} gives the same table per metric ({@code cpu}, {@code memory}), each
 * ratio and share taken on that metric's host-days.
 */
public final class Summary {

    /** The baseline the ratio is taken to. */
    public static final String REFERENCE = "max-24h";

    private Summary() {
    }

    /** One line of the overall table. */
    public record Line(String model, double quantile, long hostDays, long steps, double violationRate,
                       double hostDaysOver, double pinball, double reclaimable, double ratioToMax24h,
                       double gapShare) {
    }

    /**
     * The share of the gap from {@code baseline} to {@code bound} (reclaimable capacities) that {@code reclaimable}
     * captures; NaN without a gap to capture.
     */
    public static double gapShare(double reclaimable, double baseline, double bound) {
        double gap = bound - baseline;
        return gap > 0 ? (reclaimable - baseline) / gap : Double.NaN;
    }

    /** One line of the table per metric. */
    public record MetricLine(String metric, Line line) {
    }

    /**
     * The table per metric: for each metric in the order the rows first name it, the lines of {@link #of} over that
     * metric's host-days only.
     */
    public static List<MetricLine> byMetric(List<HostDay> rows) {
        Map<String, List<HostDay>> perMetric = new LinkedHashMap<>();
        for (HostDay row : rows) {
            perMetric.computeIfAbsent(row.metric(), m -> new ArrayList<>()).add(row);
        }
        List<MetricLine> out = new ArrayList<>();
        for (var e : perMetric.entrySet()) {
            for (Line line : of(e.getValue())) {
                out.add(new MetricLine(e.getKey(), line));
            }
        }
        return out;
    }

    /** The table, in the order the rows first name each model and level. */
    public static List<Line> of(List<HostDay> rows) {
        Map<String, double[]> acc = new LinkedHashMap<>();
        Map<String, HostDay> firsts = new LinkedHashMap<>();
        for (HostDay row : rows) {
            if (row.steps() == 0) {
                continue;
            }
            String key = row.model() + "@" + row.quantile();
            firsts.putIfAbsent(key, row);
            double[] a = acc.computeIfAbsent(key, k -> new double[6]);
            a[0]++;
            a[1] += row.steps();
            a[2] += row.violations();
            a[3] += row.violationRate() > 1 - row.quantile() + 1e-12 ? 1 : 0;
            a[4] += row.pinball() * row.steps();
            a[5] += row.reclaimable() * row.steps();
        }
        List<Line> lines = new ArrayList<>();
        for (var e : acc.entrySet()) {
            double[] a = e.getValue();
            HostDay first = firsts.get(e.getKey());
            double[] ref = acc.get(REFERENCE + "@" + first.quantile());
            double[] bound = acc.get(DayOracle.NAME + "@" + first.quantile());
            double reclaimable = a[5] / a[1];
            double ratio = ref == null ? Double.NaN : reclaimable / (ref[5] / ref[1]);
            double share = ref == null || bound == null ? Double.NaN
                    : gapShare(reclaimable, ref[5] / ref[1], bound[5] / bound[1]);
            lines.add(new Line(first.model(), first.quantile(), (long) a[0], (long) a[1], a[2] / a[1], a[3] / a[0],
                    a[4] / a[1], reclaimable, ratio, share));
        }
        return lines;
    }
}
