package io.gleaner.evaluators.forecasts;

import io.gleaner.evaluators.forecasts.SampleGrid.Resource;
import io.gleaner.ingest.bitbrains.BitbrainsOwnerExcerpt;
import io.gleaner.ingest.bitbrains.BitbrainsTraceReader;
import io.gleaner.ingest.trace.TraceReader;
import io.gleaner.ingest.trace.TraceRow;
import io.gleaner.schemas.avro.Metric;
import io.gleaner.schemas.avro.UsageSource;
import io.gleaner.schemas.avro.UtilizationSample;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Reads a utilization trace into a CPU and a memory {@link TraceSeries} per node, all on one grid of the forecast
 * step: Bitbrains VM files ({@link #load(List, Duration, Duration)}; see {@link BitbrainsTraceReader} for the format),
 * or the {@link UtilizationSample}s of any reader of the ingest module ({@link #load(TraceReader, Duration, Duration)}:
 * Alibaba 2018 machine_usage, Google 2011 task_usage, mapped CSV or JSON, Bitbrains). Both go through the same
 * {@link SampleGrid}, so they resample alike.
 *
 * <p><b>Resampling</b> ({@link SampleGrid}), by the stage's own rule
 * ({@link io.gleaner.forecaster.core.GridResampler}). The grid starts at the earliest sample, floored to the step, and
 * ends after the latest. A step's value is the mean of the samples in it; a step without one holds the latest earlier
 * sample if that is at most {@code maxHold} before the step's end; otherwise the step is a gap (NaN). Samples are
 * sorted by time per node and metric, so a trace need not be in time order. The Bitbrains trace samples every 300 s
 * (with jitter) and the forecast step is 3 minutes by default: each sample fills one or two steps, and the default
 * bound of 10 minutes bridges one missing sample and no more. Bitbrains fractions are usage over capacity clamped to
 * [0, 1] ({@link io.gleaner.ingest.bitbrains.BitbrainsRow#fraction}).
 *
 * <p><b>What is used.</b> CPU and MEMORY samples of source REGULAR (the owners' use, as the forecaster stage
 * forecasts it). Samples of other metrics (DISK, ...) or other sources are not scored: they are counted in
 * {@link Loaded#ignored()}, by what they were.
 *
 * <p><b>Bad input.</b> Rows the reader rejects ({@link TraceRow.Rejected}: malformed lines, unusable metrics) and
 * CPU or memory samples whose value is not in [0, 1] are not dropped silently: they are counted in
 * {@link Loaded#rejected()} with the first reasons in {@link Loaded#reasons()}.
 */
public final class TraceSeriesLoader {

    /** Reasons kept for the report. */
    private static final int KEPT_REASONS = 5;

    private TraceSeriesLoader() {
    }

    /**
     * The series read, and what was left out on the way.
     *
     * @param series   per node, CPU then memory, in the order the trace first names the nodes (Bitbrains: every file;
     *                 other readers: every node with a CPU or memory sample of source REGULAR)
     * @param rows     trace rows (lines) that gave at least one sample, of any metric
     * @param samples  CPU and memory samples put on the grid
     * @param rejected rows and samples rejected
     * @param ignored  samples not scored, by what they were (e.g. {@code DISK samples}), in name order
     * @param reasons  the first rejections' reasons, each naming its file and line
     */
    public record Loaded(List<TraceSeries> series, long rows, long samples, long rejected, Map<String, Long> ignored,
                         List<String> reasons) {
        public Loaded {
            series = List.copyOf(series);
            ignored = Collections.unmodifiableMap(new TreeMap<>(ignored));
            reasons = List.copyOf(reasons);
        }

        /** Samples not scored, over all kinds. */
        public long ignoredTotal() {
            return ignored.values().stream().mapToLong(Long::longValue).sum();
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
     * Reads Bitbrains VM files and resamples them. Each file is a node, named by its file name without
     * {@code .csv.gz} or {@code .csv}; the nodes keep the order of the locations.
     *
     * @param locations files or {@code classpath:} resources, one VM each
     * @param step      the grid step
     * @param maxHold   how long a sample may be held over steps without one
     */
    public static Loaded load(List<String> locations, Duration step, Duration maxHold) throws IOException {
        var reading = new Reading(new SampleGrid(step, maxHold));
        for (String location : locations) {
            try (var reader = BitbrainsTraceReader.open(location, "")) {
                reading.grid.node(reader.nodeId());
                reading.read(reader);
            }
        }
        return reading.loaded();
    }

    /**
     * Reads every row of a reader of utilization samples and resamples them. The nodes keep the order in which the
     * trace first names them. The reader is read to its end, not closed.
     *
     * @param reader  e.g. an {@link io.gleaner.ingest.alibaba.AlibabaMachineUsageReader}
     * @param step    the grid step
     * @param maxHold how long a sample may be held over steps without one
     */
    public static Loaded load(TraceReader<? extends UtilizationSample> reader, Duration step, Duration maxHold) {
        Objects.requireNonNull(reader, "reader");
        var reading = new Reading(new SampleGrid(step, maxHold));
        reading.read(reader);
        return reading.loaded();
    }

    /** Rows read into a grid, and the counts of what was left out. */
    private static final class Reading {
        final SampleGrid grid;
        long rows;
        long rejected;
        final Map<String, Long> ignored = new TreeMap<>();
        final List<String> reasons = new ArrayList<>();

        Reading(SampleGrid grid) {
            this.grid = grid;
        }

        void read(TraceReader<? extends UtilizationSample> reader) {
            long lastLine = -1;
            String lastKey = null;
            while (reader.hasNext()) {
                TraceRow<? extends UtilizationSample> row = reader.next();
                if (row instanceof TraceRow.Parsed<? extends UtilizationSample> parsed) {
                    // A row's samples (CPU, MEMORY, ...) come one after another with its line number and key.
                    if (parsed.line() != lastLine || !parsed.key().equals(lastKey)) {
                        rows++;
                        lastLine = parsed.line();
                        lastKey = parsed.key();
                    }
                    add(reader.sourceName(), parsed.line(), parsed.value());
                } else if (row instanceof TraceRow.Rejected<? extends UtilizationSample> bad) {
                    reject(bad.deadLetter().getSourceTopic() + " line " + bad.deadLetter().getOffset() + ": "
                            + bad.deadLetter().getReason());
                }
            }
        }

        private void add(String source, long line, UtilizationSample sample) {
            Metric metric = sample.getMetric();
            Resource resource = metric == Metric.CPU ? Resource.CPU : metric == Metric.MEMORY ? Resource.MEMORY : null;
            if (resource == null) {
                ignored.merge(metric + " samples", 1L, Long::sum);
                return;
            }
            if (sample.getSource() != UsageSource.REGULAR) {
                ignored.merge(metric + " samples of source " + sample.getSource(), 1L, Long::sum);
                return;
            }
            grid.node(sample.getNodeId());
            double value = sample.getValue();
            if (!(value >= 0 && value <= 1)) {
                reject(source + " line " + line + ": node " + sample.getNodeId() + " " + metric + " value " + value
                        + " is not a fraction in [0, 1]; no " + metric + " sample");
                return;
            }
            grid.add(sample.getNodeId(), resource, sample.getTime().toEpochMilli(), value);
        }

        private void reject(String reason) {
            rejected++;
            if (reasons.size() < KEPT_REASONS) {
                reasons.add(reason);
            }
        }

        Loaded loaded() {
            return new Loaded(grid.series(), rows, grid.samples(), rejected, ignored, reasons);
        }
    }
}
