package io.gleaner.simulator.report;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;

/**
 * The evaluation as one self-contained HTML page: a description of the runs, the {@link MetricTable} and the charts
 * of {@link Charts}, each a PNG embedded as a {@code data:} URI, with inline CSS and no script, so the file can be
 * mailed or archived alone.
 */
public final class HtmlReport {

    /** Size of every chart, in pixels. */
    static final int WIDTH = 900;
    static final int HEIGHT = 420;

    /** Ratios within this of 1 are shown as neither better nor worse. */
    private static final double SAME = 0.005;

    /**
     * One chart of the report.
     *
     * @param title   heading above it
     * @param caption what it shows and from which runs
     * @param chart   the chart, or empty when there was nothing to draw
     * @param missing why there is no chart, when there is none
     */
    record Figure(String title, String caption, Optional<JFreeChart> chart, String missing) {
    }

    private HtmlReport() {
    }

    /** The figures of the report, in page order. */
    static List<Figure> figures(MetricTable table) {
        var firstSeeds = table.policies().stream()
                .map(p -> p + " seed " + Charts.first(table, p).seed())
                .collect(Collectors.joining(", "));
        return List.of(
                new Figure("Job completion time", "Cumulative share of completed jobs by completion time (submit to "
                        + "end of the last task), log scale; one run per policy: " + firstSeeds + ".",
                        Charts.completionCdf(table), "No job completed in any run."),
                new Figure("Deadlines: goal and execution", "Each job's goal (deadline − submit) against its "
                        + "execution (finish, or the run's end if unfinished, − submit), log scales; above the grey "
                        + "diagonal a job missed its deadline; one run per policy: " + firstSeeds + ".",
                        Charts.goalsAgainstCompletion(table), "No job had a deadline (see --deadline-factor)."),
                new Figure("Running attempts over time", "Attempts of Gleaner's tasks holding a node at each "
                        + "simulated round; one run per policy: " + firstSeeds + ".",
                        Charts.runningAttempts(table), "No run had a round."),
                new Figure("Spare capacity over time", "Cores the owners' workloads leave over the whole cluster at "
                        + "each round, whether tasks use them or not; one run per policy: " + firstSeeds + ".",
                        Charts.spareCpus(table), "No run had a round."),
                new Figure("Relaunched and remote shares", "Metrics whose keys contain 'relaunch' or 'remote', "
                        + "mean over each policy's seeds.",
                        Charts.relaunchedAndRemote(table), "No run reports a relaunched or remote share."),
                new Figure("Per-user share", "Running attempts per user, averaged over each run's virtual time "
                        + "(each round holds until the next), then over each policy's seeds.",
                        Charts.userShares(table), "No run had a user with a running attempt."));
    }

    /** The page. */
    public static String render(EvaluationDescription description, MetricTable table) {
        var html = new StringBuilder();
        html.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<title>Gleaner evaluation: ").append(escape(String.join(", ", table.policies())))
                .append("</title>\n<style>\n").append(CSS).append("</style>\n</head>\n<body>\n")
                .append("<h1>Gleaner evaluation</h1>\n");
        describe(html, description, table);
        html.append("<h2>Metrics</h2>\n");
        metricTable(html, table);
        for (var figure : figures(table)) {
            html.append("<h2>").append(escape(figure.title())).append("</h2>\n<figure>\n");
            if (figure.chart().isPresent()) {
                html.append("<img src=\"").append(dataUri(figure.chart().get())).append("\" width=\"").append(WIDTH)
                        .append("\" height=\"").append(HEIGHT).append("\" alt=\"").append(escape(figure.title()))
                        .append("\">\n");
            } else {
                html.append("<p class=\"missing\">").append(escape(figure.missing())).append("</p>\n");
            }
            html.append("<figcaption>").append(escape(figure.caption())).append("</figcaption>\n</figure>\n");
        }
        html.append("<p class=\"small\">Charts drawn with JFreeChart. The CSV files next to this page hold the same "
                + "numbers, exactly.</p>\n</body>\n</html>\n");
        return html.toString();
    }

    private static void describe(StringBuilder html, EvaluationDescription description, MetricTable table) {
        var seeds = table.runs(table.baseline()).stream().map(r -> Long.toString(r.seed()))
                .collect(Collectors.joining(", "));
        html.append("<p>Trace <code>").append(escape(description.trace())).append("</code>, ")
                .append(description.jobs()).append(" jobs, on cluster <code>").append(escape(description.cluster()))
                .append("</code>. Policies: ").append(escape(table.policies().stream()
                        .map(p -> p.equals(table.baseline()) ? p + " (baseline)" : p)
                        .collect(Collectors.joining(", "))))
                .append(". Seeds: ").append(escape(seeds)).append(". Every run simulates in virtual time; the "
                        + "times below are its first and last rounds.</p>\n");
        for (var note : description.notes()) {
            html.append("<p class=\"note\">").append(escape(note)).append("</p>\n");
        }
        boolean walls = description.wallTimes().size() == table.runs().size();
        html.append("<table>\n<thead><tr><th>policy</th><th>seed</th><th>cluster</th><th>virtual start</th>"
                + "<th>virtual end</th><th>rounds</th><th>jobs completed</th><th>jobs submitted</th>")
                .append(walls ? "<th>wall time (overhead)</th>" : "").append("</tr></thead>\n<tbody>\n");
        for (int i = 0; i < table.runs().size(); i++) {
            var run = table.runs().get(i);
            var report = run.report();
            html.append("<tr><td>").append(escape(run.policy())).append("</td><td class=\"n\">").append(run.seed())
                    .append("</td><td>").append(escape(report.cluster())).append("</td><td>")
                    .append(report.timeline().isEmpty() ? Figures.NOT_AVAILABLE : report.timeline().get(0).time())
                    .append("</td><td>").append(report.rounds() == 0 ? Figures.NOT_AVAILABLE : report.endTime())
                    .append("</td><td class=\"n\">").append(report.rounds())
                    .append("</td><td class=\"n\">").append(report.jobsCompleted())
                    .append("</td><td class=\"n\">").append(report.jobsSubmitted()).append("</td>");
            if (walls) {
                html.append("<td class=\"n\">").append(String.format(Locale.ROOT, "%.1f s",
                        description.wallTimes().get(i).toMillis() / 1000.0)).append("</td>");
            }
            html.append("</tr>\n");
        }
        html.append("</tbody>\n</table>\n");
        if (walls) {
            html.append("<p class=\"small\">Wall time is how long this machine took to simulate each run, "
                    + "measured by the command; no metric uses it.</p>\n");
        }
    }

    private static void metricTable(StringBuilder html, MetricTable table) {
        var baseline = table.baseline();
        html.append("<table>\n<thead><tr><th>metric</th><th>unit</th><th>better</th>");
        for (var policy : table.policies()) {
            html.append("<th>").append(escape(policy)).append("</th>");
            if (!policy.equals(baseline)) {
                html.append("<th>").append(escape(policy + " / " + baseline)).append("</th>");
            }
        }
        html.append("</tr></thead>\n<tbody>\n");
        var partial = false;
        for (var metric : table.metrics()) {
            html.append("<tr><td>").append(escape(metric.label())).append("</td><td>").append(escape(metric.unit()))
                    .append("</td><td>").append(metric.higherIsBetter() ? "higher" : "lower").append("</td>");
            for (var policy : table.policies()) {
                var cell = table.cell(policy, metric.key());
                var s = cell.absolute();
                partial |= s.partial();
                html.append("<td class=\"n\" title=\"").append(escape(String.format(Locale.ROOT,
                        "mean %s, sd %s, min %s, max %s, %d of %d seeds", Figures.exact(s.mean()),
                        Figures.exact(s.stddev()), Figures.exact(s.min()), Figures.exact(s.max()), s.defined(),
                        s.seeds()))).append("\">").append(escape(Figures.summary(s))).append("</td>");
                if (!policy.equals(baseline)) {
                    html.append("<td class=\"n ").append(judge(cell.ratio(), metric.higherIsBetter())).append("\">")
                            .append(escape(Figures.ratio(cell.ratio()))).append("</td>");
                }
            }
            html.append("</tr>\n");
        }
        html.append("</tbody>\n</table>\n<p class=\"small\">Values are means over seeds");
        if (table.runs().size() > table.policies().size()) {
            html.append(", with [min..max]; hover for the standard deviation");
        }
        html.append(".");
        if (table.policies().size() > 1) {
            html.append(" Ratios are a policy's mean over ").append(escape(baseline)).append("'s, n/a when ")
                    .append(escape(baseline)).append("'s is 0 or n/a; green is better, red worse.");
        }
        if (partial) {
            html.append(" * n/a on some seeds: the mean and range are over the other seeds only.");
        }
        html.append("</p>\n");
    }

    private static String judge(double ratio, boolean higherIsBetter) {
        if (Double.isNaN(ratio) || Math.abs(ratio - 1) < SAME) {
            return "same";
        }
        return (ratio > 1) == higherIsBetter ? "better" : "worse";
    }

    /** The chart as a PNG in a {@code data:} URI. */
    static String dataUri(JFreeChart chart) {
        var png = new ByteArrayOutputStream();
        try {
            ChartUtils.writeChartAsPNG(png, chart, WIDTH, HEIGHT);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot encode a chart as PNG", e);
        }
        return "data:image/png;base64," + Base64.getEncoder().encodeToString(png.toByteArray());
    }

    /** Text safe inside HTML elements and double-quoted attributes. */
    static String escape(String text) {
        var out = new StringBuilder(text.length());
        for (char c : text.toCharArray()) {
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }

    private static final String CSS = """
            body { font-family: sans-serif; margin: 2em auto; max-width: 1000px; color: #222; }
            table { border-collapse: collapse; margin: 1em 0; font-size: 0.9em; }
            th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; text-align: left; }
            th { background: #f3f3f3; }
            td.n { text-align: right; font-variant-numeric: tabular-nums; }
            td.better { color: #006d2c; font-weight: bold; }
            td.worse { color: #b2182b; font-weight: bold; }
            figure { margin: 1em 0; }
            figcaption, .small { color: #555; font-size: 0.85em; }
            .missing, .note { font-style: italic; }
            img { max-width: 100%; height: auto; }
            """;
}
