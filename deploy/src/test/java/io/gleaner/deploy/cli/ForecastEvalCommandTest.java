package io.gleaner.deploy.cli;

import static io.gleaner.deploy.cli.Execution.execute;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code gleaner forecast-eval}: validation, and a walk-forward run on a small trace written here. */
class ForecastEvalCommandTest {

    private static final String HEADER = "Timestamp [ms];\tCPU cores;\tCPU capacity provisioned [MHZ];\t"
            + "CPU usage [MHZ];\tCPU usage [%];\tMemory capacity provisioned [KB];\tMemory usage [KB];\t"
            + "Disk read throughput [KB/s];\tDisk write throughput [KB/s];\tNetwork received throughput [KB/s];\t"
            + "Network transmitted throughput [KB/s]";

    @TempDir
    Path dir;

    /** Five days of 5-minute samples with a daily cycle: CPU between 0.2 and 0.6, memory steady at 0.5. */
    private Path trace(String vm, double phase) throws IOException {
        var sb = new StringBuilder(HEADER).append('\n');
        for (int i = 0; i < 5 * 288; i++) {
            double cpu = 0.4 + 0.2 * Math.sin(2 * Math.PI * i / 288 + phase);
            sb.append(1_375_308_000L + 300L * i).append(";\t4;\t1000.0;\t").append(1000 * cpu).append(";\t")
                    .append(100 * cpu).append(";\t2000.0;\t1000.0;\t0.0;\t0.0;\t0.0;\t0.0\n");
        }
        Files.writeString(dir.resolve(vm + ".csv"), sb.toString());
        return dir;
    }

    @Test
    void shouldPrintTheTableAndWriteTheReport() throws IOException {
        trace("1", 0);
        trace("2", 1);
        Path out = dir.resolve("out");
        var run = execute("forecast-eval", "--trace", dir.toString(), "--quantile", "0.9,0.99", "--models",
                "max-24h,qr,seasonal-quantile", "--out", out.toString());
        assertThat(run.err()).isEmpty();
        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).contains("2 nodes").contains("2 origin(s)").contains("max-24h").contains("qr ")
                .contains("seasonal-quantile").contains("0.900").contains("0.990");
        assertThat(out.resolve("index.html")).content().contains("<svg").contains("1/cpu").contains("2/cpu");
        // One line per model and level, after the header.
        assertThat(Files.readAllLines(out.resolve("summary.csv"))).hasSize(1 + 3 * 2);
        // Two nodes x two metrics x two origins x three models x two levels.
        assertThat(Files.readAllLines(out.resolve("host-days.csv"))).hasSize(1 + 2 * 2 * 2 * 3 * 2);
        // Per metric (cpu, memory), model and level.
        assertThat(Files.readAllLines(out.resolve("summary-by-metric.csv"))).hasSize(1 + 2 * 3 * 2);
        assertThat(run.out()).contains("by metric:").containsPattern("(?m)^memory +qr ");
    }

    @Test
    void shouldScoreOnlyTheNodesAfterTheSkippedOnes() throws IOException {
        trace("1", 0);
        trace("2", 1);
        trace("3", 2);
        Path out = dir.resolve("out");
        var run = execute("forecast-eval", "--trace", dir.toString(), "--skip-hosts", "1", "--hosts", "1",
                "--models", "max-24h,qr|sq|max-6h+0.01", "--out", out.toString());
        assertThat(run.err()).isEmpty();
        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).contains("1 nodes (after skipping the first 1)").contains("qr|sq|max-6h+0.01");
        var days = Files.readAllLines(out.resolve("host-days.csv"));
        assertThat(days.subList(1, days.size())).isNotEmpty().allMatch(line -> line.startsWith("2,"));
    }

    @Test
    void shouldExitTwoOnANegativeSkip() {
        var run = execute("forecast-eval", "--skip-hosts", "-1");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("--skip-hosts must be >= 0");
    }

    @Test
    void shouldExitTwoOnAQuantileOutsideTheOpenUnitInterval() {
        var run = execute("forecast-eval", "--quantile", "1.5");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("--quantile must be in (0, 1), was 1.5");
    }

    @Test
    void shouldExitTwoOnAnUnknownModel() {
        var run = execute("forecast-eval", "--models", "qr,prophet");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("unknown model 'prophet'");
    }

    @Test
    void shouldExitTwoOnAMissingTrace() {
        var run = execute("forecast-eval", "--trace", dir.resolve("nowhere").toString());
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("nowhere").contains("neither a file nor a directory");
    }

    @Test
    void shouldExitTwoWhenTheTraceIsTooShortForOneOrigin() throws IOException {
        trace("1", 0);
        var run = execute("forecast-eval", "--trace", dir.toString(), "--burn-in-days", "4");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("too short");
    }

    @Test
    void shouldExitTwoOnAStepThatDoesNotDivideADay() {
        var run = execute("forecast-eval", "--step-minutes", "7");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("--step-minutes must divide a day");
    }

    @Test
    void shouldTimeARefitOfEveryNode() throws IOException {
        trace("1", 0);
        var run = execute("forecast-bench", "--trace", dir.toString(), "--hosts", "3", "--train-days", "2",
                "--rounds", "1", "--warmup", "0");
        assertThat(run.err()).isEmpty();
        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).contains("6 series (3 nodes x 2 metrics)").contains("timed round 1")
                .contains("best refit");
    }

    @Test
    void shouldExitTwoWhenTheBenchmarkHasNoNodes() {
        var run = execute("forecast-bench", "--hosts", "0");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("--hosts");
    }
}
