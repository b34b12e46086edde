package io.gleaner.forecaster.eval;

import io.gleaner.forecaster.core.Series;
import io.gleaner.ingest.bitbrains.BitbrainsOwnerExcerpt;
import io.gleaner.ingest.bitbrains.BitbrainsRow;
import io.gleaner.ingest.bitbrains.BitbrainsRow.Resource;
import io.gleaner.ingest.bitbrains.BitbrainsRowReader;
import io.gleaner.ingest.trace.TraceRow;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * Reads Bitbrains VM files (see {@link io.gleaner.ingest.bitbrains.BitbrainsTraceReader} for the format) into a CPU
 * and a memory {@link TraceSeries} per VM, all on one grid of the forecast step.
 *
 * <p><b>Resampling.</b> The trace samples every 300 s (with jitter); the forecast step is 3 minutes by default. The
 * grid starts at the earliest sample, floored to the step, and ends after the latest. A grid step takes the value
 * of the latest sample taken before the step ends (a sample inside the step, else the last one before it: hold the
 * last value), as long as that sample is at most {@code maxHold} older than the end of the step; otherwise the step
 * is a gap (NaN). With a 300 s trace and a 3-minute step each sample fills one or two steps; the default bound of
 * 10 minutes bridges one missing sample and no more. Fractions are usage over capacity clamped to [0, 1]
 * ({@link BitbrainsRow#fraction}).
 *
 * <p><b>Bad input.</b> Malformed lines and unusable metrics are not dropped silently: they are counted in
 * {@link Loaded#rejected()} with the first reasons in {@link Loaded#reasons()}.
 */
public final class TraceSeriesLoader {

    /** Reasons kept for the report. */
    private static final int KEPT_REASONS = 5;

    private TraceSeriesLoader() {
    }

    /** The series read, and what was rejected on the way. */
    public record Loaded(List<TraceSeries> series, long rows, long rejected, List<String> reasons) {
        public Loaded {
            series = List.copyOf(series);
            reasons = List.copyOf(reasons);
        }
    }

    /**
     * The locations a {@code --trace} value names: the bundled owner excerpt for {@code classpath:} + its folder
     * ({@link BitbrainsOwnerExcerpt#LOCATION}), the {@code *.csv} and {@code *.csv.gz} files of a directory in
     * name order, or one file.
     *
     * @throws IllegalArgumentException when the path does not exist or a directory holds no trace file
     */
    public static List<String> locations(String trace) throws IOException {
        Objects.requireNonNull(trace, "trace");
        if (trace.equals(BitbrainsOwnerExcerpt.LOCATION)) {
            return BitbrainsOwnerExcerpt.locations();
        }
        if (trace.startsWith("classpath:")) {
            return List.of(trace);
        }
        Path path = Path.of(trace);
        if (Files.isDirectory(path)) {
            List<String> files;
            try (Stream<Path> list = Files.list(path)) {
                files = list.filter(p -> p.getFileName().toString().endsWith(".csv")
                                || p.getFileName().toString().endsWith(".csv.gz"))
                        .map(Path::toString).sorted().toList();
            }
            if (files.isEmpty()) {
                throw new IllegalArgumentException("directory " + trace + " holds no *.csv or *.csv.gz trace file");
            }
            return files;
        }
        if (Files.isRegularFile(path)) {
            return List.of(trace);
        }
        throw new IllegalArgumentException("trace " + trace + " is neither a file nor a directory");
    }

    /**
     * Reads the files and resamples them.
     *
     * @param locations files or {@code classpath:} resources, one VM each
     * @param step      the grid step
     * @param maxHold   how much older than the end of a step its sample may be
     */
    public static Loaded load(List<String> locations, Duration step, Duration maxHold) throws IOException {
        long stepSeconds = step.toSeconds();
        if (stepSeconds < 1 || !step.equals(Duration.ofSeconds(stepSeconds))) {
            throw new IllegalArgumentException("step must be a whole number of seconds >= 1, was " + step);
        }
        List<Samples> vms = new ArrayList<>();
        long rows = 0;
        long rejected = 0;
        List<String> reasons = new ArrayList<>();
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        for (String location : locations) {
            var samples = new Samples();
            try (var reader = BitbrainsRowReader.open(location)) {
                samples.vm = reader.vmId();
                while (reader.hasNext()) {
                    TraceRow<BitbrainsRow> row = reader.next();
                    if (row instanceof TraceRow.Parsed<BitbrainsRow> parsed) {
                        rows++;
                        var r = parsed.value();
                        for (Resource resource : Resource.values()) {
                            var rejection = r.rejection(resource);
                            if (rejection.isPresent()) {
                                rejected++;
                                keep(reasons, reader.sourceName() + " line " + parsed.line() + ": "
                                        + rejection.get());
                            }
                        }
                        samples.add(r);
                        first = Math.min(first, r.timestampSeconds());
                        last = Math.max(last, r.timestampSeconds());
                    } else if (row instanceof TraceRow.Rejected<BitbrainsRow> bad) {
                        rejected++;
                        keep(reasons, bad.deadLetter().getSourceTopic() + " line " + bad.deadLetter().getOffset() + ": "
                                + bad.deadLetter().getReason());
                    }
                }
            }
            vms.add(samples);
        }
        List<TraceSeries> series = new ArrayList<>();
        if (first == Long.MAX_VALUE) {
            return new Loaded(series, rows, rejected, reasons);
        }
        long start = Math.floorDiv(first, stepSeconds) * stepSeconds;
        int length = (int) ((last - start) / stepSeconds) + 1;
        for (Samples vm : vms) {
            series.add(new TraceSeries(vm.vm, "cpu", new Series(Instant.ofEpochSecond(start), step,
                    vm.grid(Resource.CPU, start, stepSeconds, length, maxHold.toSeconds()))));
            series.add(new TraceSeries(vm.vm, "memory", new Series(Instant.ofEpochSecond(start), step,
                    vm.grid(Resource.MEMORY, start, stepSeconds, length, maxHold.toSeconds()))));
        }
        return new Loaded(series, rows, rejected, reasons);
    }

    private static void keep(List<String> reasons, String reason) {
        if (reasons.size() < KEPT_REASONS) {
            reasons.add(reason);
        }
    }

    /** One VM's rows, in file order. */
    private static final class Samples {
        String vm;
        final List<BitbrainsRow> rows = new ArrayList<>();

        void add(BitbrainsRow row) {
            rows.add(row);
        }

        double[] grid(Resource resource, long start, long step, int length, long maxHold) {
            double[] grid = new double[length];
            Arrays.fill(grid, Double.NaN);
            var sorted = new ArrayList<>(rows);
            sorted.sort((a, b) -> Long.compare(a.timestampSeconds(), b.timestampSeconds()));
            int next = 0;
            long heldTime = Long.MIN_VALUE;
            double held = Double.NaN;
            for (int k = 0; k < length; k++) {
                long end = start + (k + 1) * step;
                while (next < sorted.size() && sorted.get(next).timestampSeconds() < end) {
                    var row = sorted.get(next++);
                    if (row.rejection(resource).isEmpty()) {
                        held = row.fraction(resource);
                        heldTime = row.timestampSeconds();
                    }
                }
                if (heldTime != Long.MIN_VALUE && end - heldTime <= maxHold) {
                    grid[k] = held;
                }
            }
            return grid;
        }
    }
}
