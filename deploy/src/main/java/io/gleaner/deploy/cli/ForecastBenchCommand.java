package io.gleaner.deploy.cli;

import io.gleaner.forecaster.core.ForecastRequest;
import io.gleaner.forecaster.core.Series;
import io.gleaner.evaluators.forecasts.ForecastModels;
import io.gleaner.evaluators.forecasts.TraceSeries;
import io.gleaner.evaluators.forecasts.TraceSeriesLoader;
import io.gleaner.ingest.bitbrains.BitbrainsOwnerExcerpt;
import java.io.IOException;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.IntStream;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code gleaner forecast-bench}: wall time of one refit of every node's forecasts. */
@Command(name = "forecast-bench", mixinStandardHelpOptions = true,
        description = {"Measure the refit time of a forecaster: --hosts nodes x 2 metrics (CPU, memory), each fitted "
                + "on --train-days of history and forecasting --horizon-hours of 3-minute steps at --quantile, on "
                + "all cores. The histories are the trace's series (default: the bundled excerpt, 198 series) "
                + "reused round-robin, each copy ending at a different day so the fits differ; the first "
                + "--warmup rounds are not timed."})
final class ForecastBenchCommand implements Callable<Integer> {

    @Option(names = "--trace", defaultValue = BitbrainsOwnerExcerpt.LOCATION, paramLabel = "DIR|FILE",
            description = "Bitbrains trace for the histories (default: ${DEFAULT-VALUE}).")
    String trace;

    @Option(names = "--model", defaultValue = "qr", description = "Model to time (default: ${DEFAULT-VALUE}).")
    String model;

    @Option(names = "--hosts", defaultValue = "1000", description = "Nodes (default: ${DEFAULT-VALUE}).")
    int hosts;

    @Option(names = "--train-days", defaultValue = "5", description = "Days of history (default: ${DEFAULT-VALUE}).")
    int trainDays;

    @Option(names = "--horizon-hours", defaultValue = "24", description = "Horizon (default: ${DEFAULT-VALUE}).")
    int horizonHours;

    @Option(names = "--quantile", split = ",", defaultValue = "0.99", description = "Levels (default: 0.99).")
    List<Double> quantiles;

    @Option(names = "--rounds", defaultValue = "3", description = "Timed rounds (default: ${DEFAULT-VALUE}).")
    int rounds;

    @Option(names = "--warmup", defaultValue = "1", description = "Untimed rounds (default: ${DEFAULT-VALUE}).")
    int warmup;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        if (hosts < 1 || trainDays < 1 || horizonHours < 1 || rounds < 1 || warmup < 0) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--hosts, --train-days, --horizon-hours and --rounds must be >= 1, --warmup >= 0");
        }
        if (!ForecastModels.names().contains(model)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--model: unknown model '" + model
                    + "'; known: " + String.join(", ", ForecastModels.names()));
        }
        var step = Duration.ofMinutes(3);
        int day = 480;
        int horizon = horizonHours * 20;
        var loaded = TraceSeriesLoader.load(TraceSeriesLoader.locations(trace), step, Duration.ofMinutes(10));
        List<TraceSeries> source = loaded.series();
        int length = source.get(0).series().length();
        int window = trainDays * day;
        if (length < window) {
            throw new CommandLine.ParameterException(spec.commandLine(), "trace has " + length
                    + " steps, fewer than --train-days " + trainDays);
        }
        int ends = length / day - trainDays + 1;
        Series[] histories = new Series[2 * hosts];
        for (int i = 0; i < histories.length; i++) {
            var s = source.get(i % source.size()).series();
            int end = window + day * ((i / source.size()) % ends);
            histories[i] = new Series(s.time(end - window), step, Arrays.copyOfRange(s.values(), end - window, end));
        }
        var forecaster = ForecastModels.of(model);
        var request = new ForecastRequest(horizon, quantiles.stream().mapToDouble(Double::doubleValue).toArray());
        var outStream = spec.commandLine().getOut();
        outStream.printf(Locale.ROOT, "%s: %d series (%d nodes x 2 metrics), %d days of history, %d steps ahead, "
                + "%d cores%n", model, histories.length, hosts, trainDays, horizon,
                Runtime.getRuntime().availableProcessors());
        double best = Double.MAX_VALUE;
        for (int r = 0; r < warmup + rounds; r++) {
            long startNanos = System.nanoTime();
            double checksum = IntStream.range(0, histories.length).parallel()
                    .mapToDouble(i -> forecaster.forecast(histories[i], request).values()[0][0]).filter(x -> !Double.isNaN(x)).sum();
            double seconds = (System.nanoTime() - startNanos) / 1e9;
            outStream.printf(Locale.ROOT, "%s round %d: %.2f s (checksum %.4f)%n", r < warmup ? "warmup" : "timed",
                    r + 1, seconds, checksum);
            if (r >= warmup) {
                best = Math.min(best, seconds);
            }
        }
        outStream.printf(Locale.ROOT, "best refit: %.2f s%n", best);
        outStream.flush();
        return 0;
    }
}
