package io.gleaner.evaluators.forecasts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.gleaner.ingest.alibaba.AlibabaMachineRule;
import io.gleaner.ingest.alibaba.AlibabaMachineUsageReader;
import io.gleaner.ingest.bitbrains.BitbrainsDirectoryReader;
import io.gleaner.ingest.trace.TraceReader;
import io.gleaner.ingest.trace.TraceRow;
import io.gleaner.schemas.avro.Metric;
import io.gleaner.schemas.avro.UsageSource;
import io.gleaner.schemas.avro.UtilizationSample;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link TraceSeriesLoader#load(TraceReader, Duration, Duration)}: any reader of utilization samples. */
class UtilizationTraceLoaderTest {

    private static final double NaN = Double.NaN;
    private static final Duration STEP = Duration.ofMinutes(3);
    private static final Duration HOLD = Duration.ofMinutes(10);

    /**
     * A made-up machine_usage excerpt in the published layout (machine_id, time_stamp, cpu_util_percent,
     * mem_util_percent, mem_gps, mkpi, net_in, net_out, disk_io_percent), not rows of the real trace. m_b comes
     * first and out of time order; m_a has a gap of 1,330 s, a DISK value of 101 (the trace's abnormal mark), a CPU
     * value that is not a number and, on line 7, a row with too few fields.
     */
    private static final String MACHINE_USAGE = """
            m_b,400,30,60,,,1.0,2.0,5
            m_b,100,10,50,,,1.0,2.0,4
            m_a,0,20,40,,,,,
            m_a,170,25,45,,,,,101
            m_a,1500,70,80,,,,,3
            m_a,1510,abc,81,,,,,3
            m_a,1600,90
            m_b,1020,50,70,,,1.0,2.0,
            """;

    @TempDir
    Path dir;

    private TraceSeriesLoader.Loaded load(Duration maxHold) throws IOException {
        Path file = dir.resolve("machine_usage.csv");
        Files.writeString(file, MACHINE_USAGE);
        try (var reader = AlibabaMachineUsageReader.open(file, AlibabaMachineRule.defaults())) {
            return TraceSeriesLoader.load(reader, STEP, maxHold);
        }
    }

    @Test
    void shouldResampleEveryMachineOntoOneGridInTheOrderTheTraceNamesThem() throws IOException {
        var loaded = load(HOLD);
        assertThat(loaded.series()).extracting(TraceSeries::key)
                .containsExactly("m_b/cpu", "m_b/memory", "m_a/cpu", "m_a/memory");
        // Samples from 0 s to 1,510 s after the trace epoch: 9 steps of 180 s, ending at 180, 360, ..., 1620.
        for (TraceSeries s : loaded.series()) {
            assertThat(s.series().start()).isEqualTo(AlibabaMachineRule.DEFAULT_TRACE_EPOCH);
            assertThat(s.series().step()).isEqualTo(STEP);
            assertThat(s.series().length()).isEqualTo(9);
        }
        // m_b, sorted: 100 s (0.10), 400 s (0.30), 1020 s (0.50). The step ending at 1620 holds 1020 s: 600 s old,
        // exactly the bound.
        assertThat(values(loaded, "m_b/cpu")).containsExactly(
                new double[] {0.10, 0.10, 0.30, 0.30, 0.30, 0.50, 0.50, 0.50, 0.50}, within(1e-12));
        assertThat(values(loaded, "m_b/memory")).containsExactly(
                new double[] {0.50, 0.50, 0.60, 0.60, 0.60, 0.70, 0.70, 0.70, 0.70}, within(1e-12));
    }

    @Test
    void shouldLeaveAGapOnceTheHeldSampleIsOlderThanTheBound() throws IOException {
        var loaded = load(HOLD);
        // m_a: 0 s and 170 s, both in the first step (their mean), then nothing until 1500 s. 170 s is held by the
        // steps ending at 360, 540 and 720 (550 s old), not by the one ending at 900 (730 s). The CPU of 1510 s is
        // rejected, so the last CPU step is 1500 s alone; memory's is the mean of 1500 s and 1510 s.
        assertThat(values(loaded, "m_a/cpu")).containsExactly(
                new double[] {0.225, 0.25, 0.25, 0.25, NaN, NaN, NaN, NaN, 0.70}, within(1e-12));
        assertThat(values(loaded, "m_a/memory")).containsExactly(
                new double[] {0.425, 0.45, 0.45, 0.45, NaN, NaN, NaN, NaN, 0.805}, within(1e-12));
        // One second less of hold: m_b's 1020 s no longer reaches the step ending at 1620.
        double[] shorter = values(load(HOLD.minusSeconds(1)), "m_b/cpu");
        assertThat(shorter[7]).isEqualTo(0.50, within(1e-12));
        assertThat(shorter[8]).isNaN();
    }

    @Test
    void shouldCountRejectedRowsAndIgnoredMetrics() throws IOException {
        var loaded = load(HOLD);
        // The malformed line, m_a's DISK of 101 and its CPU of 'abc'.
        assertThat(loaded.rejected()).isEqualTo(3);
        assertThat(loaded.reasons()).hasSize(3);
        assertThat(loaded.reasons().get(0)).startsWith("machine_usage.csv line 4: ").contains("101")
                .contains("abnormal");
        assertThat(loaded.reasons().get(1)).startsWith("machine_usage.csv line 6: ").contains("cpu_util_percent")
                .contains("abc");
        assertThat(loaded.reasons().get(2)).startsWith("machine_usage.csv line 7: ").contains("9");
        // DISK is measured on lines 1, 2, 5 and 6, and not scored.
        assertThat(loaded.ignored()).isEqualTo(Map.of("DISK samples", 4L));
        assertThat(loaded.ignoredTotal()).isEqualTo(4);
        // Every line but the malformed one gave a sample; 7 lines x 2 metrics, less the rejected CPU.
        assertThat(loaded.rows()).isEqualTo(7);
        assertThat(loaded.samples()).isEqualTo(13);
    }

    @Test
    void shouldRejectValuesOutsideTheUnitIntervalAndIgnoreOtherSources() {
        var t0 = Instant.parse("2024-01-01T00:00:00Z");
        var reader = new ListReader(List.of(
                sample(1, "n", Metric.CPU, UsageSource.REGULAR, t0, 0.4),
                sample(2, "n", Metric.CPU, UsageSource.REGULAR, t0.plusSeconds(60), 1.5),
                sample(3, "n", Metric.CPU, UsageSource.EPHEMERAL, t0.plusSeconds(120), 0.9),
                sample(4, "n", Metric.MEMORY, UsageSource.TOTAL, t0.plusSeconds(120), 0.9),
                sample(5, "n", Metric.MEMORY, UsageSource.REGULAR, t0.plusSeconds(170), 0.3)));
        var loaded = TraceSeriesLoader.load(reader, STEP, HOLD);
        assertThat(loaded.rejected()).isEqualTo(1);
        assertThat(loaded.reasons()).singleElement().asString().startsWith("test line 2: ")
                .contains("CPU value 1.5 is not a fraction in [0, 1]");
        assertThat(loaded.ignored()).isEqualTo(Map.of("CPU samples of source EPHEMERAL", 1L,
                "MEMORY samples of source TOTAL", 1L));
        // One step: the CPU keeps 0.4 (the 1.5 and the EPHEMERAL 0.9 are not used), the memory 0.3.
        assertThat(values(loaded, "n/cpu")).containsExactly(0.4);
        assertThat(values(loaded, "n/memory")).containsExactly(0.3);
    }

    @Test
    void shouldGiveTheBitbrainsFilesTheSameSeriesThroughTheMergedReplayReader() throws IOException {
        // The same VMs read file by file (forecast-eval's Bitbrains path) and through the reader `gleaner replay`
        // uses, which merges the files in time order: the same series, node by node.
        TraceFiles.write(dir, "4", 1800, 30, i -> 0.01 * i, i -> 0.5 - 0.01 * i);
        TraceFiles.write(dir, "5", 2100, 20, i -> 0.9 - 0.02 * i, i -> 0.2);
        var byFile = TraceSeriesLoader.load(TraceSeriesLoader.locations(dir.toString()), STEP, HOLD);
        TraceSeriesLoader.Loaded merged;
        try (var reader = BitbrainsDirectoryReader.open(dir, "")) {
            merged = TraceSeriesLoader.load(reader, STEP, HOLD);
        }
        assertThat(merged.series()).hasSize(4);
        assertThat(merged.samples()).isEqualTo(byFile.samples()).isEqualTo(2 * (30 + 20));
        for (TraceSeries s : byFile.series()) {
            var other = merged.series().stream().filter(m -> m.key().equals(s.key())).findFirst().orElseThrow();
            assertThat(other.series().start()).isEqualTo(s.series().start());
            assertThat(other.series().values()).containsExactly(s.series().values());
        }
    }

    private static double[] values(TraceSeriesLoader.Loaded loaded, String key) {
        return loaded.series().stream().filter(s -> s.key().equals(key)).findFirst().orElseThrow().series().values();
    }

    private static TraceRow<UtilizationSample> sample(long line, String node, Metric metric, UsageSource source,
            Instant time, double value) {
        var sample = UtilizationSample.newBuilder().setNodeId(node).setMetric(metric).setSource(source).setTime(time)
                .setValue(value).build();
        return new TraceRow.Parsed<>(line, time, node, sample);
    }

    /** A trace of given rows, named {@code test}. */
    private static final class ListReader implements TraceReader<UtilizationSample> {
        private final Iterator<TraceRow<UtilizationSample>> rows;
        private long lines;

        ListReader(List<TraceRow<UtilizationSample>> rows) {
            this.rows = rows.iterator();
        }

        @Override
        public boolean hasNext() {
            return rows.hasNext();
        }

        @Override
        public TraceRow<UtilizationSample> next() {
            lines++;
            return rows.next();
        }

        @Override
        public String sourceName() {
            return "test";
        }

        @Override
        public long linesRead() {
            return lines;
        }

        @Override
        public long blankLines() {
            return 0;
        }

        @Override
        public void close() {
        }
    }
}
