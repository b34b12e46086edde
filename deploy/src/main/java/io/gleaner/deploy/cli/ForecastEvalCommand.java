package io.gleaner.deploy.cli;

import io.gleaner.forecaster.core.ForecastSettings;
import io.gleaner.forecaster.core.Forecaster;
import io.gleaner.forecaster.core.MissReaction;
import io.gleaner.forecaster.core.SeriesWindows;
import io.gleaner.evaluators.forecasts.DayOracle;
import io.gleaner.evaluators.forecasts.EvalReport;
import io.gleaner.evaluators.forecasts.ForecastModels;
import io.gleaner.evaluators.forecasts.StageDefault;
import io.gleaner.evaluators.forecasts.Summary;
import io.gleaner.evaluators.forecasts.TraceSeries;
import io.gleaner.evaluators.forecasts.TraceSeriesLoader;
import io.gleaner.evaluators.forecasts.WalkForward;
import io.gleaner.ingest.bitbrains.BitbrainsOwnerExcerpt;
import io.gleaner.ingest.mapping.Mapping;
import io.gleaner.ingest.trace.TraceReader;
import io.gleaner.ingest.validation.SampleValidator;
import io.gleaner.schemas.avro.UtilizationSample;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code gleaner forecast-eval}: walk-forward evaluation of the quantile forecasters on a utilization trace. */
@Command(name = "forecast-eval", mixinStandardHelpOptions = true,
        description = {"Evaluate the spare-capacity forecasters on a utilization trace (Bitbrains by default, or "
                + "any --format of gleaner replay that yields utilization samples), walking forward in "
                + "time: at each origin (every horizon, after the burn-in) every model is fitted on the past "
                + "--train-days only and forecasts the next --horizon-hours in --step-minutes steps at each "
                + "--quantile level; the forecast is scored against the use that followed.",
                "Per model and level it prints: the violation rate (share of steps with use above the forecast), "
                        + "the share of host-days whose violation rate is above 1 - q, the mean pinball loss, the mean "
                        + "reclaimable capacity max(0, 1 - forecast - margin), its ratio to the max-24h baseline's, "
                        + "and the share of the gap between max-24h's and the bound " + DayOracle.NAME + "'s that it "
                        + "captures (gap: 0 at max-24h, 100% at the bound; with both run); then the same per metric "
                        + "(cpu, memory). Each model is told the metric of the series.",
                "The model " + StageDefault.NAME + " is what the forecaster stage runs by default, its learner "
                        + "and its reaction to misses (gleaner.forecaster.miss-escalation's default), whatever "
                        + "--react-to-misses says.",
                "The trace is resampled onto the forecast step by the forecaster stage's rule: a step takes the mean "
                        + "of its samples; a step without one holds the latest earlier sample for at most "
                        + "--max-hold-minutes (the stage's gleaner.forecaster.max-hold), else it is a gap and is not "
                        + "scored. Samples are "
                        + "sorted by time per node, so the trace need not be in time order. Only CPU and memory "
                        + "samples of the owners' use (source REGULAR) are scored; others (e.g. Alibaba's DISK) are "
                        + "counted and ignored.",
                "With --out DIR it writes summary.csv, summary-by-metric.csv, hosts.csv, host-days.csv and index.html "
                        + "(the tables and charts "
                        + "of forecast against use for the CPU of the first --plots nodes that have data for at least "
                        + "half of the trace)."})
final class ForecastEvalCommand implements Callable<Integer> {

    /** The format whose files forecast-eval opens itself (so that it can read the bundled owner excerpt). */
    static final String BITBRAINS = "bitbrains";

    @Option(names = "--format", defaultValue = BITBRAINS, paramLabel = "FORMAT",
            completionCandidates = FormatNames.class,
            description = "What the trace is, one of the formats of gleaner replay whose records are utilization "
                    + "samples: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}). The others (jobs, heartbeats, "
                    + "task reports) have nothing to forecast and are refused.")
    String format;

    @Option(names = "--trace", paramLabel = "DIR|FILE",
            description = "bitbrains: a directory of VM files (*.csv, *.csv.gz), one such file, or the bundled "
                    + "7-day, 99-VM excerpt (default: " + BitbrainsOwnerExcerpt.LOCATION + "). Other formats: "
                    + "required; a file (plain or gzip), or a directory (google-task-usage reads it as one table; "
                    + "for the others its files are read one after another in name order).")
    String trace;

    @Mixin
    FormatOptions formatOptions;

    @Option(names = "--quantile", split = ",", defaultValue = "0.99", paramLabel = "Q",
            description = "Quantile levels in (0, 1), repeatable or comma-separated (default: ${DEFAULT-VALUE}).")
    List<Double> quantiles;

    @Option(names = {"--safety-margin", "--margin"}, defaultValue = "" + ForecastSettings.DEFAULT_MARGIN,
            description = "Safety margin S(m) kept free on top of the forecast, in [0, 1), as the forecaster's "
                    + "gleaner.forecaster.safety-margin-* (--margin is its earlier name) (default: ${DEFAULT-VALUE}).")
    double margin;

    @Option(names = "--step-minutes", defaultValue = "3",
            description = "Forecast step in minutes; must divide a day (default: ${DEFAULT-VALUE}).")
    int stepMinutes;

    @Option(names = "--horizon-hours", defaultValue = "24",
            description = "Forecast horizon in hours, and the span of a scored host-day (default: ${DEFAULT-VALUE}).")
    int horizonHours;

    @Option(names = "--refit-hours", paramLabel = "HOURS",
            description = "Hours between origins, as the stage refits (gleaner.forecaster.refit-period): each "
                    + "forecast is scored until the next one replaces it, and a host-day adds up the forecasts of "
                    + "its span; must divide --horizon-hours (default: --horizon-hours, one forecast per host-day "
                    + "scored whole).")
    Integer refitHours;

    @Option(names = "--react-to-misses", paramLabel = "ESCALATION", arity = "0..1", fallbackValue = "0.05",
            description = "Score forecasts that react to their misses as the stage does with "
                    + "gleaner.forecaster.miss-escalation: a forecast is replaced at the step after each step whose "
                    + "use is above it, each forecast gets ESCALATION (in [0, 1); 0.05 when not given) more for each "
                    + "miss of the last day, and once a day's misses reach floor((1 - q) x steps per day) the "
                    + "forecast is the whole capacity until the oldest is a day old. max-24h, the baseline the "
                    + "ratios are taken to, does not react; max-24h+0 is the same learner reacting (default: off).")
    Double reactToMisses;

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
                    + ForecastModels.SWEEPS + ", and the bound " + DayOracle.NAME
                    + " (not deployable: it sees the host-day's use, and forecasts the lowest flat value with a "
                    + "violation rate <= 1 - q on each host-day) (default: the named ones, without the bound).")
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

    /** The formats forecast-eval reads, for picocli's ${COMPLETION-CANDIDATES}. */
    static final class FormatNames implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return accepted().stream().map(ReplayFormat::name).iterator();
        }
    }

    /** The replay formats whose every record is a utilization sample, in the order replay lists them. */
    static List<ReplayFormat> accepted() {
        return ReplayFormat.FORMATS.stream()
                .filter(f -> f.routes().stream().allMatch(r -> r.type() == UtilizationSample.class))
                .toList();
    }

    @Override
    public Integer call() throws IOException {
        validate();
        Duration step = Duration.ofMinutes(stepMinutes);
        int horizon = (int) (Duration.ofHours(horizonHours).toMinutes() / stepMinutes);
        var source = source();
        var replayFormat = source.format();
        if (trace == null) {
            if (!replayFormat.name().equals(BITBRAINS)) {
                throw usage("--format " + format + " has no bundled trace: give --trace");
            }
            trace = BitbrainsOwnerExcerpt.LOCATION;
        }
        var loaded = load(source, step, Duration.ofMinutes(maxHoldMinutes));
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
        int refitSteps = refitHours == null ? horizon : refitHours * 60 / stepMinutes;
        var walk = new WalkForward(ForecastModels.of(models == null ? ForecastModels.names() : models), levels,
                horizon, refitSteps, trainDays, burnInDays, margin, plotted);
        if (reactToMisses != null) {
            walk = walk.withReaction(new MissReaction(reactToMisses));
        }
        var result = walk.run(series);
        if (result.origins() == 0) {
            throw usage("trace " + trace + " is too short: " + series.get(0).series().length() + " steps of "
                    + stepMinutes + " min leave no origin after " + burnInDays + " burn-in day(s) and a "
                    + horizonHours + " h horizon");
        }
        var outStream = spec.commandLine().getOut();
        var notes = new ArrayList<String>();
        notes.add(String.format(Locale.ROOT, "trace %s: %d nodes%s, %d rows with a sample, %d rows or metrics "
                        + "rejected", trace, series.size() / 2,
                skipHosts > 0 ? " (after skipping the first " + skipHosts + ")" : "", loaded.rows(),
                loaded.rejected()));
        if (!replayFormat.name().equals(BITBRAINS) || loaded.ignoredTotal() > 0) {
            notes.add(String.format(Locale.ROOT, "format %s: %d cpu and memory samples%s", replayFormat.name(),
                    loaded.samples(), loaded.ignoredTotal() == 0 ? "" : loaded.ignored().entrySet().stream()
                            .map(e -> e.getValue() + " " + e.getKey())
                            .collect(Collectors.joining(", ", "; ignored, not forecast: ", ""))));
        }
        loaded.reasons().forEach(r -> notes.add("rejected: " + r));
        notes.add(String.format(Locale.ROOT, "step %d min, horizon %d steps, %d origin(s)%s after %d burn-in day(s), "
                        + "train window %d day(s), margin %.3f", stepMinutes, horizon, result.origins(),
                refitHours == null ? "" : " every " + refitHours + " h", burnInDays, trainDays, margin));
        if (walk.models().stream().anyMatch(StageDefault.class::isInstance)) {
            notes.add(StageDefault.NAME + ": the stage's default, " + new StageDefault().describe());
        }
        if (reactToMisses != null) {
            notes.add(String.format(Locale.ROOT, "reacting to misses: a new forecast at the step after each, %s more "
                            + "per miss of the last day, the whole capacity once a day holds %s",
                    Forecaster.nameNumber(reactToMisses), quantiles.stream()
                            .map(q -> MissReaction.budget(q, SeriesWindows.stepsPerDay(step)) + " (q " + q + ")")
                            .collect(Collectors.joining(", "))));
        }
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

    /** The --format, if forecast-eval reads it, with the mapping its options name. */
    private record Source(ReplayFormat format, Optional<Mapping> mapping) {
    }

    /** The --format and its options, checked. */
    private Source source() {
        var accepted = accepted();
        var names = accepted.stream().map(ReplayFormat::name).collect(Collectors.joining(", "));
        ReplayFormat replayFormat;
        try {
            replayFormat = ReplayFormat.named(format);
        } catch (IllegalArgumentException e) {
            throw usage("--format: unknown format '" + format + "'; forecast-eval reads " + names);
        }
        if (accepted.stream().noneMatch(f -> f.name().equals(replayFormat.name()))) {
            throw usage("--format " + format + " yields no utilization samples; forecast-eval reads " + names);
        }
        try {
            return new Source(replayFormat, formatOptions.mappingFor(replayFormat));
        } catch (IllegalArgumentException e) {
            throw usage(e.getMessage());
        }
    }

    /**
     * Reads the trace onto the grid: Bitbrains file by file ({@link TraceSeriesLoader#locations}, which also reads
     * the bundled owner excerpt from the class path), any other format through the reader gleaner replay opens it
     * with.
     */
    private TraceSeriesLoader.Loaded load(Source source, Duration step, Duration maxHold) throws IOException {
        if (source.format().name().equals(BITBRAINS)) {
            List<String> locations;
            try {
                locations = TraceSeriesLoader.locations(trace);
            } catch (IllegalArgumentException e) {
                throw usage(e.getMessage());
            }
            return TraceSeriesLoader.load(locations, step, maxHold);
        }
        if (!trace.startsWith("classpath:") && !Files.exists(Path.of(trace))) {
            throw usage("trace " + trace + " is neither a file nor a directory");
        }
        var settings = new ReplayFormat.Settings("", "", source.mapping(), formatOptions.machineEvents(),
                SampleValidator.anyHost());
        // Every record of an accepted format is a UtilizationSample (accepted()).
        try (TraceReader<UtilizationSample> reader = source.format().open(trace, settings, Long.MAX_VALUE)) {
            return TraceSeriesLoader.load(reader, step, maxHold);
        }
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
            throw usage("--safety-margin must be in [0, 1), was " + margin);
        }
        if (stepMinutes < 1 || 1440 % stepMinutes != 0) {
            throw usage("--step-minutes must divide a day (1440 min), was " + stepMinutes);
        }
        if (horizonHours < 1 || horizonHours * 60 % stepMinutes != 0) {
            throw usage("--horizon-hours must be >= 1 and a whole number of steps, was " + horizonHours);
        }
        if (refitHours != null
                && (refitHours < 1 || horizonHours % refitHours != 0 || refitHours * 60 % stepMinutes != 0)) {
            throw usage("--refit-hours must be >= 1, divide --horizon-hours " + horizonHours + " and be a whole "
                    + "number of steps, was " + refitHours);
        }
        if (reactToMisses != null && !(reactToMisses >= 0 && reactToMisses < 1)) {
            throw usage("--react-to-misses must be in [0, 1), was " + reactToMisses);
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
                            ForecastModels.names()) + ", " + ForecastModels.SWEEPS + ", " + DayOracle.NAME);
                }
            }
        }
        SeriesWindows.stepsPerDay(Duration.ofMinutes(stepMinutes));
    }

    private CommandLine.ParameterException usage(String message) {
        return new CommandLine.ParameterException(spec.commandLine(), message);
    }
}
