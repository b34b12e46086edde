package io.gleaner.evaluators.forecasts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TraceSeriesLoaderTest {

    @TempDir
    Path dir;

    @Test
    void shouldHoldEachSampleOnTheThreeMinuteGrid() throws IOException {
        // Samples at 0, 300, 600 s (start 1,800 s, a multiple of 180 s): steps end at 180, 360, 540, 720, 900.
        TraceFiles.write(dir, "7", 1800, 3, i -> 0.1 * (i + 1), i -> 0.5);
        var loaded = TraceSeriesLoader.load(TraceSeriesLoader.locations(dir.toString()), Duration.ofMinutes(3),
                Duration.ofMinutes(10));
        assertThat(loaded.series()).extracting(TraceSeries::key).containsExactly("7/cpu", "7/memory");
        var cpu = loaded.series().get(0).series();
        assertThat(cpu.start()).isEqualTo(Instant.ofEpochSecond(1800));
        // Step k covers [180k, 180(k+1)): 0 s -> steps 0, 1 (0.1); 300 s -> step 1 (later, 0.2), 2 (0.2);
        // 600 s -> step 3 (0.3).
        assertThat(cpu.values()).containsExactly(new double[] {0.1, 0.2, 0.2, 0.3}, within(1e-12));
        assertThat(loaded.rows()).isEqualTo(3);
        assertThat(loaded.rejected()).isZero();
    }

    @Test
    void shouldLeaveAGapWhenTheLastSampleIsTooOld() throws IOException {
        var sb = new StringBuilder(TraceFiles.HEADER).append('\n')
                .append(TraceFiles.line(0, 0.4, 0.4)).append('\n')
                .append(TraceFiles.line(1800, 0.6, 0.6)).append('\n');
        Files.writeString(dir.resolve("9.csv"), sb.toString());
        var cpu = TraceSeriesLoader.load(TraceSeriesLoader.locations(dir.toString()), Duration.ofMinutes(3),
                Duration.ofMinutes(10)).series().get(0).series().values();
        // 0 s is held while its step ends at most 600 s later: steps ending at 180, 360, 540; then gaps to 1800.
        assertThat(cpu).hasSize(11);
        assertThat(cpu[2]).isEqualTo(0.4);
        assertThat(cpu[3]).isNaN();
        assertThat(cpu[9]).isNaN();
        assertThat(cpu[10]).isEqualTo(0.6);
    }

    @Test
    void shouldCountRejectedLinesAndMetricsWithTheirReasons() throws IOException {
        var sb = new StringBuilder(TraceFiles.HEADER).append('\n')
                .append(TraceFiles.line(0, 0.4, 0.4)).append('\n')
                .append("300;\tnot a number").append('\n')
                .append("600;\t0;\t0.0;\t0.0;\t0.0;\t2000.0;\t1000.0;\t0.0;\t0.0;\t0.0;\t0.0").append('\n');
        Files.writeString(dir.resolve("3.csv"), sb.toString());
        var loaded = TraceSeriesLoader.load(List.of(dir.resolve("3.csv").toString()), Duration.ofMinutes(3),
                Duration.ofMinutes(10));
        assertThat(loaded.rejected()).isEqualTo(2);
        assertThat(loaded.reasons()).hasSize(2);
        assertThat(loaded.reasons().get(0)).contains("line 3");
        assertThat(loaded.reasons().get(1)).contains("line 4").contains("CPU capacity");
        var memory = loaded.series().get(1).series().values();
        assertThat(memory[memory.length - 1]).isEqualTo(0.5);
    }

    @Test
    void shouldRefuseADirectoryWithoutTraceFiles() {
        assertThatThrownBy(() -> TraceSeriesLoader.locations(dir.toString()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no *.csv");
    }

    @Test
    void shouldListTheBundledExcerpt() throws IOException {
        assertThat(TraceSeriesLoader.locations("classpath:traces/bitbrains-owners/")).hasSize(99);
    }
}
