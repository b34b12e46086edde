package io.gleaner.evaluators.forecasts;

import io.gleaner.evaluators.forecasts.Summary.Line;
import io.gleaner.evaluators.forecasts.WalkForward.HostDay;
import io.gleaner.evaluators.forecasts.WalkForward.Trace;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The outputs of {@code gleaner forecast-eval}: the overall table and the table per metric as text,
 * {@value #SUMMARY_CSV} (the table), {@value #SUMMARY_BY_METRIC_CSV} (the table per metric),
 * {@value #HOSTS_CSV} (per node, metric, model and level), {@value #HOST_DAYS_CSV} (every host-day) and
 * {@value #INDEX_HTML} (the table, the per-node table and one chart per plotted series of the forecasts against the
 * use, as inline SVG, so the page needs nothing else).
 */
public final class EvalReport {

    public static final String SUMMARY_CSV = "summary.csv";
    public static final String SUMMARY_BY_METRIC_CSV = "summary-by-metric.csv";
    public static final String HOSTS_CSV = "hosts.csv";
    public static final String HOST_DAYS_CSV = "host-days.csv";
    public static final String INDEX_HTML = "index.html";

    private static final String[] COLOURS = {"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b",
        "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"};

    private EvalReport() {
    }

    /** The overall table as aligned text, one line per model and level. */
    public static String table(List<Line> lines) {
        var sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "%-24s %6s %9s %10s %12s %10s %12s %10s %8s%n", "model", "q",
                "host-days", "violation", "days>1-q", "pinball", "reclaimable", "vs max-24h", "gap"));
        for (Line l : lines) {
            sb.append(String.format(Locale.ROOT, "%-24s %6.3f %9d %9.2f%% %11.1f%% %10.5f %11.1f%% %10.3f %7.1f%%%n",
                    l.model(), l.quantile(), l.hostDays(), 100 * l.violationRate(), 100 * l.hostDaysOver(),
                    l.pinball(), 100 * l.reclaimable(), l.ratioToMax24h(), 100 * l.gapShare()));
        }
        return sb.toString();
    }

    /** The table per metric as aligned text, one line per metric, model and level. */
    public static String tableByMetric(List<Summary.MetricLine> lines) {
        var sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "%-7s %-24s %6s %9s %10s %12s %10s %12s %10s %8s%n", "metric", "model",
                "q", "host-days", "violation", "days>1-q", "pinball", "reclaimable", "vs max-24h", "gap"));
        for (Summary.MetricLine m : lines) {
            Line l = m.line();
            sb.append(String.format(Locale.ROOT,
                    "%-7s %-24s %6.3f %9d %9.2f%% %11.1f%% %10.5f %11.1f%% %10.3f %7.1f%%%n",
                    m.metric(), l.model(), l.quantile(), l.hostDays(), 100 * l.violationRate(),
                    100 * l.hostDaysOver(), l.pinball(), 100 * l.reclaimable(), l.ratioToMax24h(),
                    100 * l.gapShare()));
        }
        return sb.toString();
    }

    /** Per node, metric, model and level: step-weighted violation rate, pinball loss and reclaimable capacity. */
    public record HostLine(String node, String metric, String model, double quantile, long steps,
                           double violationRate, double pinball, double reclaimable) {
    }

    /** The per-node lines, in the order the host-days name them. */
    public static List<HostLine> hosts(List<HostDay> rows) {
        Map<String, double[]> acc = new LinkedHashMap<>();
        Map<String, HostDay> firsts = new LinkedHashMap<>();
        for (HostDay row : rows) {
            if (row.steps() == 0) {
                continue;
            }
            String key = row.node() + "|" + row.metric() + "|" + row.model() + "|" + row.quantile();
            firsts.putIfAbsent(key, row);
            double[] a = acc.computeIfAbsent(key, k -> new double[4]);
            a[0] += row.steps();
            a[1] += row.violations();
            a[2] += row.pinball() * row.steps();
            a[3] += row.reclaimable() * row.steps();
        }
        List<HostLine> lines = new ArrayList<>();
        for (var e : acc.entrySet()) {
            HostDay f = firsts.get(e.getKey());
            double[] a = e.getValue();
            lines.add(new HostLine(f.node(), f.metric(), f.model(), f.quantile(), (long) a[0], a[1] / a[0],
                    a[2] / a[0], a[3] / a[0]));
        }
        return lines;
    }

    /** Writes the CSV files and the page into {@code out} (created if missing); returns the files written. */
    public static List<Path> write(Path out, String title, List<String> notes, WalkForward.Result result)
            throws IOException {
        Files.createDirectories(out);
        List<Line> summary = Summary.of(result.hostDays());
        List<HostLine> hosts = hosts(result.hostDays());
        var summaryCsv = new StringBuilder(
                "model,quantile,host_days,steps,violation_rate,host_days_over,pinball,reclaimable,ratio_to_max24h,"
                        + "gap_share\n");
        for (Line l : summary) {
            summaryCsv.append(String.format(Locale.ROOT, "%s,%s,%d,%d,%.6f,%.6f,%.6f,%.6f,%.6f,%.6f%n", l.model(),
                    l.quantile(), l.hostDays(), l.steps(), l.violationRate(), l.hostDaysOver(), l.pinball(),
                    l.reclaimable(), l.ratioToMax24h(), l.gapShare()));
        }
        var byMetricCsv = new StringBuilder("metric,model,quantile,host_days,steps,violation_rate,host_days_over,"
                + "pinball,reclaimable,ratio_to_max24h,gap_share\n");
        for (Summary.MetricLine m : Summary.byMetric(result.hostDays())) {
            Line l = m.line();
            byMetricCsv.append(String.format(Locale.ROOT, "%s,%s,%s,%d,%d,%.6f,%.6f,%.6f,%.6f,%.6f,%.6f%n",
                    m.metric(), l.model(), l.quantile(), l.hostDays(), l.steps(), l.violationRate(),
                    l.hostDaysOver(), l.pinball(), l.reclaimable(), l.ratioToMax24h(), l.gapShare()));
        }
        var hostsCsv = new StringBuilder("node,metric,model,quantile,steps,violation_rate,pinball,reclaimable\n");
        for (HostLine h : hosts) {
            hostsCsv.append(String.format(Locale.ROOT, "%s,%s,%s,%s,%d,%.6f,%.6f,%.6f%n", h.node(), h.metric(),
                    h.model(), h.quantile(), h.steps(), h.violationRate(), h.pinball(), h.reclaimable()));
        }
        var daysCsv = new StringBuilder(
                "node,metric,model,quantile,origin_step,steps,violations,violation_rate,pinball,reclaimable\n");
        for (HostDay d : result.hostDays()) {
            daysCsv.append(String.format(Locale.ROOT, "%s,%s,%s,%s,%d,%d,%d,%.6f,%.6f,%.6f%n", d.node(), d.metric(),
                    d.model(), d.quantile(), d.origin(), d.steps(), d.violations(), d.violationRate(), d.pinball(),
                    d.reclaimable()));
        }
        List<Path> written = new ArrayList<>();
        written.add(write(out.resolve(SUMMARY_CSV), summaryCsv.toString()));
        written.add(write(out.resolve(SUMMARY_BY_METRIC_CSV), byMetricCsv.toString()));
        written.add(write(out.resolve(HOSTS_CSV), hostsCsv.toString()));
        written.add(write(out.resolve(HOST_DAYS_CSV), daysCsv.toString()));
        written.add(write(out.resolve(INDEX_HTML), html(title, notes, summary, Summary.byMetric(result.hostDays()),
                result.traces())));
        return written;
    }

    private static Path write(Path file, String text) throws IOException {
        Files.writeString(file, text, StandardCharsets.UTF_8);
        return file;
    }

    static String html(String title, List<String> notes, List<Line> summary, List<Summary.MetricLine> byMetric,
                       List<Trace> traces) {
        var sb = new StringBuilder("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>")
                .append(escape(title)).append("</title><style>body{font-family:sans-serif;margin:2em}"
                        + "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px 8px;"
                        + "text-align:right}td:first-child{text-align:left}</style></head><body>\n<h1>")
                .append(escape(title)).append("</h1>\n");
        for (String note : notes) {
            sb.append("<p>").append(escape(note)).append("</p>\n");
        }
        sb.append("<table><tr><th>model</th><th>q</th><th>host-days</th><th>violation</th>"
                + "<th>host-days over 1-q</th><th>pinball</th><th>reclaimable</th><th>vs max-24h</th>"
                + "<th>gap to the bound captured</th></tr>\n");
        for (Line l : summary) {
            sb.append(String.format(Locale.ROOT, "<tr><td>%s</td><td>%.3f</td><td>%d</td><td>%.2f%%</td>"
                            + "<td>%.1f%%</td><td>%.5f</td><td>%.1f%%</td><td>%.3f</td><td>%.1f%%</td></tr>%n",
                    escape(l.model()), l.quantile(), l.hostDays(), 100 * l.violationRate(), 100 * l.hostDaysOver(),
                    l.pinball(), 100 * l.reclaimable(), l.ratioToMax24h(), 100 * l.gapShare()));
        }
        sb.append("</table>\n<h2>By metric</h2>\n<table><tr><th>metric</th><th>model</th><th>q</th><th>host-days</th>"
                + "<th>violation</th><th>host-days over 1-q</th><th>pinball</th><th>reclaimable</th><th>vs max-24h</th>"
                + "<th>gap to the bound captured</th></tr>\n");
        for (Summary.MetricLine m : byMetric) {
            Line l = m.line();
            sb.append(String.format(Locale.ROOT, "<tr><td>%s</td><td>%s</td><td>%.3f</td><td>%d</td><td>%.2f%%</td>"
                            + "<td>%.1f%%</td><td>%.5f</td><td>%.1f%%</td><td>%.3f</td><td>%.1f%%</td></tr>%n",
                    escape(m.metric()), escape(l.model()), l.quantile(), l.hostDays(), 100 * l.violationRate(),
                    100 * l.hostDaysOver(), l.pinball(), 100 * l.reclaimable(), l.ratioToMax24h(),
                    100 * l.gapShare()));
        }
        sb.append("</table>\n");
        for (Trace t : traces) {
            sb.append("<h2>").append(escape(t.series().key())).append(": use (black) and forecasts at the first level")
                    .append("</h2>\n");
            sb.append(chart(t));
        }
        return sb.append("</body></html>\n").toString();
    }

    /** An SVG line chart of the use (black) and each model's forecast at the first level, over the scored steps. */
    static String chart(Trace t) {
        double[] actual = t.series().series().values();
        int first = actual.length;
        for (double[][] m : t.forecasts()) {
            for (int i = 0; i < actual.length; i++) {
                if (!Double.isNaN(m[0][i])) {
                    first = Math.min(first, i);
                    break;
                }
            }
        }
        int width = 1000;
        int height = 260;
        int count = Math.max(1, actual.length - first);
        var sb = new StringBuilder(String.format(Locale.ROOT,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" style=\"border:1px solid #ccc\">",
                width, height + 20));
        sb.append(polyline(actual, first, count, width, height, "#000", 1.0));
        for (int m = 0; m < t.forecasts().length; m++) {
            String colour = COLOURS[m % COLOURS.length];
            sb.append(polyline(t.forecasts()[m][0], first, count, width, height, colour, 1.2));
            sb.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" fill=\"%s\" font-size=\"12\">%s</text>",
                    10 + 130 * m, height + 15, colour, escape(t.models().get(m))));
        }
        return sb.append("</svg>\n").toString();
    }

    private static String polyline(double[] v, int first, int count, int width, int height, String colour,
                                   double stroke) {
        var sb = new StringBuilder();
        var points = new StringBuilder();
        for (int i = first; i < v.length; i++) {
            if (Double.isNaN(v[i])) {
                if (points.length() > 0) {
                    sb.append(line(points, colour, stroke));
                    points.setLength(0);
                }
                continue;
            }
            double x = (double) (i - first) * width / count;
            double y = height - v[i] * (height - 10) - 5;
            points.append(String.format(Locale.ROOT, "%.1f,%.1f ", x, y));
        }
        if (points.length() > 0) {
            sb.append(line(points, colour, stroke));
        }
        return sb.toString();
    }

    private static String line(StringBuilder points, String colour, double stroke) {
        return String.format(Locale.ROOT, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"%.1f\" points=\"%s\"/>",
                colour, stroke, points.toString().strip());
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
