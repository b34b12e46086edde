package io.gleaner.simulator.report;

import io.gleaner.simulator.core.JobCompletion;
import io.gleaner.simulator.core.TimelinePoint;
import io.gleaner.simulator.evaluate.PolicyRun;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Paint;
import java.text.DecimalFormat;
import java.time.Duration;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;
import java.util.stream.IntStream;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.annotations.XYLineAnnotation;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.chart.renderer.xy.XYItemRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.renderer.xy.XYStepRenderer;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * The report's charts, built with JFreeChart from a {@link MetricTable}'s runs. Each policy keeps one colour in
 * every chart. A chart with nothing to show is {@link Optional#empty()}.
 */
final class Charts {

    /** Okabe and Ito's palette, told apart with every common colour-vision deficiency; policies take it in order. */
    private static final List<Color> PALETTE = List.of(new Color(0x0072B2), new Color(0xD55E00),
            new Color(0x009E73), new Color(0xCC79A7), new Color(0xE69F00), new Color(0x56B4E9),
            new Color(0x000000), new Color(0xF0E442));

    /** Shortest completion time the log axis shows: a job of 0 s is drawn at 1 ms. */
    static final double MIN_COMPLETION_SECONDS = 0.001;

    /** Most users a per-user chart names; the others are summed into one bar. */
    static final int MAX_USERS = 20;

    private Charts() {
    }

    /** Completion-time CDF of the first run of each policy, on a log time axis. */
    static Optional<JFreeChart> completionCdf(MetricTable table) {
        var dataset = new XYSeriesCollection();
        for (var policy : table.policies()) {
            var times = first(table, policy).report().completions().stream()
                    .map(JobCompletion::completionTime)
                    .mapToDouble(d -> Math.max(MIN_COMPLETION_SECONDS, d.toMillis() / 1000.0))
                    .sorted()
                    .toArray();
            var fractions = new double[times.length];
            for (int i = 0; i < times.length; i++) {
                fractions[i] = (i + 1.0) / times.length;
            }
            dataset.addSeries(series(policy, times, fractions));
        }
        if (IntStream.range(0, dataset.getSeriesCount()).allMatch(i -> dataset.getSeries(i).isEmpty())) {
            return Optional.empty();
        }
        var chart = ChartFactory.createXYLineChart(null, "job completion time (s, log scale)",
                "share of completed jobs", dataset, PlotOrientation.VERTICAL, true, false, false);
        var plot = chart.getXYPlot();
        plot.setDomainAxis(logSeconds("job completion time (s, log scale)"));
        ((NumberAxis) plot.getRangeAxis()).setRange(0, 1);
        style(plot, new XYStepRenderer(), table);
        return Optional.of(chart);
    }

    /**
     * Each job's goal (deadline − submit) against its execution (finish, or the run's end if unfinished, − submit)
     * in the first run of each policy, on log axes, with the diagonal where the two are equal: a point above it
     * missed its deadline (docs/simulator.md#deadlines).
     */
    static Optional<JFreeChart> goalsAgainstCompletion(MetricTable table) {
        var dataset = new XYSeriesCollection();
        double low = Double.POSITIVE_INFINITY;
        double high = 0;
        for (var policy : table.policies()) {
            var goals = first(table, policy).report().deadlines().goals();
            var xs = goals.stream().mapToDouble(g -> seconds(g.goal())).toArray();
            var ys = goals.stream().mapToDouble(g -> seconds(g.execution())).toArray();
            for (int i = 0; i < xs.length; i++) {
                low = Math.min(low, Math.min(xs[i], ys[i]));
                high = Math.max(high, Math.max(xs[i], ys[i]));
            }
            dataset.addSeries(series(policy, xs, ys));
        }
        if (IntStream.range(0, dataset.getSeriesCount()).allMatch(i -> dataset.getSeries(i).isEmpty())) {
            return Optional.empty();
        }
        var chart = ChartFactory.createScatterPlot(null, "goal: deadline − submit (s, log scale)",
                "execution: finish − submit (s, log scale)", dataset, PlotOrientation.VERTICAL, true, false, false);
        var plot = chart.getXYPlot();
        plot.setDomainAxis(logSeconds("goal: deadline − submit (s, log scale)"));
        plot.setRangeAxis(logSeconds("execution: finish − submit (s, log scale)"));
        plot.addAnnotation(new XYLineAnnotation(low, low, high, high, new BasicStroke(1f), Color.GRAY));
        var renderer = new XYLineAndShapeRenderer(false, true);
        style(plot, renderer, table);
        renderer.setDefaultShapesVisible(true);
        return Optional.of(chart);
    }

    private static LogAxis logSeconds(String label) {
        var axis = new LogAxis(label);
        axis.setSmallestValue(MIN_COMPLETION_SECONDS);
        // A tick at every power of ten (1, 10, 100 s), not at JFreeChart's half decades (3.162, 31.623).
        axis.setTickUnit(new NumberTickUnit(1.0), false, true);
        axis.setNumberFormatOverride(new DecimalFormat("#,##0.###"));
        return axis;
    }

    private static double seconds(Duration duration) {
        return Math.max(MIN_COMPLETION_SECONDS, duration.toMillis() / 1000.0);
    }

    /** Attempts running at each round of the first run of each policy. */
    static Optional<JFreeChart> runningAttempts(MetricTable table) {
        return overTime(table, "running attempts", p -> p.runningAttempts());
    }

    /** Cores the owners leave over the whole cluster at each round of the first run of each policy. */
    static Optional<JFreeChart> spareCpus(MetricTable table) {
        return overTime(table, "spare CPUs (cores the owners leave)", TimelinePoint::spareCpus);
    }

    private static Optional<JFreeChart> overTime(MetricTable table, String yLabel,
                                                 ToDoubleFunction<TimelinePoint> value) {
        var timelines = new LinkedHashMap<String, List<TimelinePoint>>();
        table.policies().forEach(p -> timelines.put(p, first(table, p).report().timeline()));
        var origin = timelines.values().stream().filter(t -> !t.isEmpty()).map(t -> t.get(0).time())
                .min(Comparator.naturalOrder());
        if (origin.isEmpty()) {
            return Optional.empty();
        }
        var end = timelines.values().stream().filter(t -> !t.isEmpty()).map(t -> t.get(t.size() - 1).time())
                .max(Comparator.naturalOrder()).orElseThrow();
        // Minutes for runs up to three hours, hours beyond: either way a few dozen ticks at most.
        boolean hours = Duration.between(origin.get(), end).compareTo(Duration.ofHours(3)) > 0;
        double unitMillis = hours ? 3_600_000.0 : 60_000.0;
        var dataset = new XYSeriesCollection();
        timelines.forEach((policy, timeline) -> {
            var xs = new double[timeline.size()];
            var ys = new double[timeline.size()];
            for (int i = 0; i < timeline.size(); i++) {
                xs[i] = Duration.between(origin.get(), timeline.get(i).time()).toMillis() / unitMillis;
                ys[i] = value.applyAsDouble(timeline.get(i));
            }
            dataset.addSeries(series(policy, xs, ys));
        });
        var xLabel = String.format(Locale.ROOT, "virtual time since %s (%s)", origin.get(), hours ? "h" : "min");
        var chart = ChartFactory.createXYLineChart(null, xLabel, yLabel, dataset, PlotOrientation.VERTICAL, true,
                false, false);
        style(chart.getXYPlot(), new XYStepRenderer(), table);
        return Optional.of(chart);
    }

    /**
     * The means over seeds of the metrics whose keys contain {@code relaunch} or {@code remote}, one group of bars
     * per metric, one bar per policy.
     */
    static Optional<JFreeChart> relaunchedAndRemote(MetricTable table) {
        var metrics = table.metrics().stream()
                .filter(m -> m.key().toLowerCase(Locale.ROOT).contains("relaunch")
                        || m.key().toLowerCase(Locale.ROOT).contains("remote"))
                .toList();
        var dataset = new DefaultCategoryDataset();
        boolean any = false;
        for (var policy : table.policies()) {
            for (var metric : metrics) {
                double mean = table.cell(policy, metric.key()).absolute().mean();
                any |= !Double.isNaN(mean);
                dataset.addValue(Double.isNaN(mean) ? null : mean, policy, label(metric));
            }
        }
        if (!any) {
            return Optional.empty();
        }
        var units = metrics.stream().map(MetricTable.Metric::unit).distinct().toList();
        var yLabel = "mean over seeds" + (units.size() == 1 && !units.get(0).isEmpty() ? " (" + units.get(0) + ")"
                : "");
        return Optional.of(bars(dataset, null, yLabel, table));
    }

    /**
     * Time-weighted mean of running attempts per user ({@link MeanRunningByUser}), averaged over each policy's seeds; the
     * {@link #MAX_USERS} users with the most in any policy by name, the others summed into one bar.
     */
    static Optional<JFreeChart> userShares(MetricTable table) {
        var means = new LinkedHashMap<String, Map<String, Double>>();
        for (var policy : table.policies()) {
            var runs = table.runs(policy);
            var sum = new TreeMap<String, Double>();
            for (var run : runs) {
                MeanRunningByUser.of(run.report().timeline())
                        .forEach((user, mean) -> sum.merge(user, mean / runs.size(), Double::sum));
            }
            means.put(policy, sum);
        }
        var peak = new TreeMap<String, Double>();
        means.values().forEach(m -> m.forEach((user, mean) -> peak.merge(user, mean, Math::max)));
        if (peak.isEmpty()) {
            return Optional.empty();
        }
        // The largest first; ties by name, so the choice does not depend on map order.
        var shown = peak.entrySet().stream()
                .sorted(Map.Entry.<String, Double>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                .limit(MAX_USERS)
                .map(Map.Entry::getKey)
                .toList();
        int others = peak.size() - shown.size();
        var dataset = new DefaultCategoryDataset();
        means.forEach((policy, byUser) -> {
            for (var user : shown) {
                dataset.addValue(byUser.getOrDefault(user, 0.0), policy, user);
            }
            if (others > 0) {
                double rest = byUser.entrySet().stream().filter(e -> !shown.contains(e.getKey()))
                        .mapToDouble(Map.Entry::getValue).sum();
                dataset.addValue(rest, policy, "other " + others + " users");
            }
        });
        return Optional.of(bars(dataset, "user", "mean running attempts over the run", table));
    }

    private static JFreeChart bars(DefaultCategoryDataset dataset, String xLabel, String yLabel, MetricTable table) {
        var chart = ChartFactory.createBarChart(null, xLabel, yLabel, dataset, PlotOrientation.VERTICAL, true, false,
                false);
        CategoryPlot plot = chart.getCategoryPlot();
        plot.setBackgroundPaint(Color.WHITE);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        var renderer = (BarRenderer) plot.getRenderer();
        renderer.setBarPainter(new StandardBarPainter());
        renderer.setShadowVisible(false);
        // A lone bar (one policy, one metric) would otherwise fill the whole plot.
        renderer.setMaximumBarWidth(0.15);
        for (int i = 0; i < dataset.getRowCount(); i++) {
            renderer.setSeriesPaint(i, colour(table, (String) dataset.getRowKey(i)));
        }
        chart.setBackgroundPaint(Color.WHITE);
        return chart;
    }

    private static void style(XYPlot plot, XYItemRenderer renderer, MetricTable table) {
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        if (renderer instanceof XYLineAndShapeRenderer lines) {
            lines.setDefaultShapesVisible(false);
        }
        var dataset = plot.getDataset();
        for (int i = 0; i < dataset.getSeriesCount(); i++) {
            renderer.setSeriesPaint(i, colour(table, (String) dataset.getSeriesKey(i)));
            renderer.setSeriesStroke(i, new BasicStroke(1.5f));
        }
        plot.setRenderer(renderer);
    }

    /** The colour of a policy: its place in the table's policies, round the palette. */
    static Paint colour(MetricTable table, String policy) {
        int index = table.policies().indexOf(policy);
        return PALETTE.get(Math.max(index, 0) % PALETTE.size());
    }

    /** A series of at most {@link Downsample#MAX_POINTS} points ({@link Downsample#minMax}). */
    private static XYSeries series(String key, double[] xs, double[] ys) {
        var series = new XYSeries(key, false, true);
        for (int i : Downsample.minMax(ys, Downsample.MAX_POINTS)) {
            series.add(xs[i], ys[i], false);
        }
        return series;
    }

    private static String label(MetricTable.Metric metric) {
        return metric.unit().isEmpty() ? metric.label() : metric.label() + " (" + metric.unit() + ")";
    }

    /** The first run of a policy: seed 0 when the seeds are 0..n-1. */
    static PolicyRun first(MetricTable table, String policy) {
        return table.runs(policy).get(0);
    }
}
