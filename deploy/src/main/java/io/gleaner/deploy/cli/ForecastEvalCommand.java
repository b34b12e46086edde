package io.gleaner.deploy.cli;

import io.gleaner.forecaster.core.SeriesWindows;
import io.gleaner.forecaster.eval.DayOracle;
import io.gleaner.forecaster.eval.EvalReport;
import io.gleaner.forecaster.eval.ForecastModels;
import io.gleaner.forecaster.eval.Summary;
import io.gleaner.forecaster.eval.TraceSeries;
import io.gleaner.forecaster.eval.TraceSeriesLoader;
import io.gleaner.forecaster.eval.WalkForward;
import io.gleaner.ingest.bitbrains.BitbrainsOwnerExcerpt;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code gleaner forecast-eval}: walk-forward evaluation of the quantile forecasters on a utilization trace. */
@Command(name = "forecast-eval", mixinStandardHelpOptions = true,
        description = {"Evaluate the spare-capacity forecasters on a Bitbrains utilization trace, walking forward in "
                + "time: at each origin (every horizon, after the burn-in) every model is fitted on the past "
                + "--train-days only and forecasts the next --horizon-hours in --step-minutes steps at each "
                + "--quantile level; the forecast is scored against the use that followed.",
                "Per model and level it prints: the violation rate (share of steps with use above the forecast), "
                        + "the share of host-days whose violation rate is above 1 - q, the mean pinball loss, the mean "
                        + "reclaimable capacity max(0, 1 - forecast - margin) and its ratio to the max-24h baseline's; "
                        + "then the same per metric (cpu, memory). Each model is told the metric of the series.",
                "The trace is resampled onto the forecast step: a step takes the latest sample taken before it "
                        + "ends, held for at most --max-hold-minutes, else it is a gap and is not scored.",
                "With --out DIR it writes summary.csv, summary-by-metric.csv, hosts.csv, host-days.csv and index.html "
                        + "(the tables and charts "
                        + "of forecast against use for the CPU of the first --plots nodes that have data for at least "
                        + "half of the trace)."})
final class ForecastEvalCommand implements Callable<Integer> {

    @Option(names = "--trace", defaultValue = BitbrainsOwnerExcerpt.LOCATION, paramLabel = "DIR|FILE",
            description = "A directory of Bitbrains VM files (*.csv, *.csv.gz), one such file, or the bundled "
                    + "7-day, 99-VM excerpt (default: ${DEFAULT-VALUE}).")
    String trace;

    @Option(names = "--quantile", split = ",", defaultValue = "0.99", paramLabel = "Q",
            description = "Quantile levels in (0, 1), repeatable or comma-separated (default: ${DEFAULT-VALUE}).")
    List<Double> quantiles;

    @Option(names = "--margin", defaultValue = "0.05",
            description = "Safety margin kept free on top of the forecast, in [0, 1) (default: ${DEFAULT-VALUE}).")
    double margin;

    @Option(names = "--step-minutes", defaultValue = "3",
            description = "Forecast step in minutes; must divide a day (default: ${DEFAULT-VALUE}).")
    int stepMinutes;

    @Option(names = "--horizon-hours", defaultValue = "24",
            description = "Forecast horizon in hours, also the time between origins (default: ${DEFAULT-VALUE}).")
    int horizonHours;

    @Option(names = "--train-days", defaultValue = "7",
            description = "Days of history each fit sees at most (default: ${DEFAULT-VALUE}).")
    int trainDays;

    @Option(names = "--burn-in-days", defaultValue = "2",
            description = "Days of trace before the first origin (default: ${DEFAULT-VALUE}).")
    int burnInDays;

    @Option(names = "--max-hold-minutes", defaultValue = "10",
            description = "How long a sample is held on the grid before the step becomes a gap "
                    + "(default: ${DEFAULT-VALUE}).")
    int maxHoldMinutes;

    @Option(names = "--models", split = ",", paramLabel = "NAME", completionCandidates = ModelNames.class,
            description = "Models to run, comma-separated, from: ${COMPLETION-CANDIDATES}, and for sweeps "
                    + "qr|sq+<headroom> or qr|sq|max-<hours>h+<headroom>, and the bound " + DayOracle.NAME
                    + " (it sees the horizon's use: the lowest flat forecast with a violation rate <= 1 - q on "
                    + "each host-day) (default: the named ones, without the bound).")
    List<String> models;

    /** The models' names, for picocli's ${COMPLETION-CANDIDATES}. */
    static final class ModelNames implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return ForecastModels.names().iterator();
        }
    }

    @Option(names = "--hosts", paramLabel = "N", description = "Evaluate only the first N nodes (default: all).")
    Integer hosts;

    @Option(names = "--skip-hosts", defaultValue = "0", paramLabel = "N",
            description = "Leave out the first N nodes, in trace order, before --hosts applies: e.g. --skip-hosts 40 "
                    + "scores the nodes that were not used to choose settings on --hosts 40 (default: "
                    + "${DEFAULT-VALUE}).")
    int skipHosts;

    @Option(names = "--plots", defaultValue = "4", paramLabel = "N",
            description = "Nodes whose CPU forecasts are charted in index.html (default: ${DEFAULT-VALUE}).")
    int plots;

    @Option(names = "--out", paramLabel = "DIR", description = "Write the CSV files and index.html here.")
    Path out;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        validate();
        Duration step = Duration.ofMinutes(stepMinutes);
        int horizon = (int) (Duration.ofHours(horizonHours).toMinutes() / stepMinutes);
        List<String> locations;
        try {
            locations = TraceSeriesLoader.locations(trace);
        } catch (IllegalArgumentException e) {
            throw usage(e.getMessage());
        }
        var loaded = TraceSeriesLoader.load(locations, step, Duration.ofMinutes(maxHoldMinutes));
        List<TraceSeries> series = loaded.series();
        series = skip(series, skipHosts);
        if (hosts != null) {
            series = limit(series, hosts);
        }
        if (series.isEmpty()) {
            throw usage("trace " + trace + " has no usable rows");
        }
        Set<String> plotted = new LinkedHashSet<>();
        for (TraceSeries s : series) {
            long known = java.util.Arrays.stream(s.series().values()).filter(x -> !Double.isNaN(x)).count();
            if (s.metric().equals("cpu") && plotted.size() < plots && known * 2 >= s.series().length()) {
                plotted.add(s.key());
            }
        }
        double[] levels = quantiles.stream().mapToDouble(Double::doubleValue).toArray();
        var walk = new WalkForward(ForecastModels.of(models == null ? ForecastModels.names() : models), levels,
                horizon, trainDays, burnInDays, margin, plotted);
        var result = walk.run(series);
        if (result.origins() == 0) {
            throw usage("trace " + trace + " is too short: " + series.get(0).series().length() + " steps of "
                    + stepMinutes + " min leave no origin after " + burnInDays + " burn-in day(s) and a "
                    + horizonHours + " h horizon");
        }
        var outStream = spec.commandLine().getOut();
        var notes = new ArrayList<String>();
        notes.add(String.format(Locale.ROOT, "trace %s: %d nodes%s, %d rows read, %d rows or metrics rejected",
                trace, series.size() / 2, skipHosts > 0 ? " (after skipping the first " + skipHosts + ")" : "",
                loaded.rows(), loaded.rejected()));
        loaded.reasons().forEach(r -> notes.add("rejected: " + r));
        notes.add(String.format(Locale.ROOT, "step %d min, horizon %d steps, %d origin(s) after %d burn-in day(s), "
                        + "train window %d day(s), margin %.3f", stepMinutes, horizon, result.origins(), burnInDays,
                trainDays, margin));
        notes.forEach(outStream::println);
        outStream.print(EvalReport.table(Summary.of(result.hostDays())));
        outStream.println("by metric:");
        outStream.print(EvalReport.tableByMetric(Summary.byMetric(result.hostDays())));
        if (out != null) {
            for (Path file : EvalReport.write(out, "gleaner forecast-eval: " + trace, notes, result)) {
                outStream.println("wrote " + file);
            }
        }
        outStream.flush();
        return 0;
    }

    /** The series of all but the first {@code n} nodes, in trace order. */
    static List<TraceSeries> skip(List<TraceSeries> series, int n) {
        var nodes = new LinkedHashSet<String>();
        List<TraceSeries> kept = new ArrayList<>();
        for (TraceSeries s : series) {
            if (nodes.contains(s.node()) || nodes.size() < n) {
                nodes.add(s.node());
            } else {
                kept.add(s);
            }
        }
        return kept;
    }

    /** The series of the first {@code n} nodes, in trace order. */
    static List<TraceSeries> limit(List<TraceSeries> series, int n) {
        var nodes = new LinkedHashSet<String>();
        List<TraceSeries> kept = new ArrayList<>();
        for (TraceSeries s : series) {
            if (nodes.contains(s.node()) || nodes.size() < n) {
                nodes.add(s.node());
                kept.add(s);
            }
        }
        return kept;
    }

    private void validate() {
        for (double q : quantiles) {
            if (!(q > 0 && q < 1)) {
                throw usage("--quantile must be in (0, 1), was " + q);
            }
        }
        if (!(margin >= 0 && margin < 1)) {
            throw usage("--margin must be in [0, 1), was " + margin);
        }
        if (stepMinutes < 1 || 1440 % stepMinutes != 0) {
            throw usage("--step-minutes must divide a day (1440 min), was " + stepMinutes);
        }
        if (horizonHours < 1 || horizonHours * 60 % stepMinutes != 0) {
            throw usage("--horizon-hours must be >= 1 and a whole number of steps, was " + horizonHours);
        }
        if (trainDays < 1 || burnInDays < 1 || maxHoldMinutes < 0 || plots < 0) {
            throw usage("--train-days and --burn-in-days must be >= 1, --max-hold-minutes and --plots >= 0");
        }
        if (skipHosts < 0) {
            throw usage("--skip-hosts must be >= 0, was " + skipHosts);
        }
        if (hosts != null && hosts < 1) {
            throw usage("--hosts must be >= 1, was " + hosts);
        }
        if (models != null) {
            for (String m : models) {
                if (!ForecastModels.isKnown(m)) {
                    throw usage("--models: unknown model '" + m + "'; known: " + String.join(", ",
                            ForecastModels.names()) + ", qr|sq+<headroom>, qr|sq|max-<hours>h+<headroom>, "
                            + DayOracle.NAME);
                }
            }
        }
        SeriesWindows.stepsPerDay(Duration.ofMinutes(stepMinutes));
    }

    private CommandLine.ParameterException usage(String message) {
        return new CommandLine.ParameterException(spec.commandLine(), message);
    }
}
